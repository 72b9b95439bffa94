import type { Command } from 'commander';
import { DEFAULT_PRODUCT_COUNT, DEFAULT_THEME, MAX_PRODUCT_COUNT, MIN_PRODUCT_COUNT } from '../../shared/limits/index.ts';
import { quoted } from '../args.ts';
import { EXIT_CODES_HELP } from '../exit-codes.ts';
import { UsageError } from '../usage-error.ts';
import { parseCount, parseDelay, parseGuidelines, parseOut, parseSeed, parseTheme, type GenerateFlags } from './generate-options.ts';

/**
 * `tshirt-gen [generate]`, the default command: product concepts for a theme, one print-ready design
 * each into a folder, and with --publish the products in the shop. Its action resolves to the exit code.
 */

const EXAMPLES = [
  'Examples:',
  '  tshirt-gen --count 3 --theme "cats who refactor legacy code" --offline',
  '  tshirt-gen --count 6 --publish           # to the embedded shop, or Shopify',
  '  tshirt-gen --json --out designs > run.json',
].join('\n');

const FILES_HELP = [
  'Files:',
  '  Per product {name}-{hash}-print.png (4500x5400, 300 DPI, transparent) and',
  '  {name}-{hash}-preview.png (1024 px wide); concepts.json records the run and',
  '  is updated as products finish. Without --out: a new folder per run,',
  '  DATA_DIR/generated/{UTC time} (DATA_DIR defaults to .data).',
].join('\n');

async function runGenerate(flags: GenerateFlags, command: Command): Promise<number> {
  // `tshirt-gen shopp` lands here as an operand: say what is wrong rather than "too many arguments".
  const [stray] = command.args;
  if (stray !== undefined) {
    const commands = (command.parent?.commands ?? []).map((c) => c.name()).join(', ');
    throw new UsageError(`unknown command '${quoted(stray)}' (commands: ${commands}; see --help)`);
  }
  // Loaded here, not at the top: `tshirt-gen --help` should not pay for the pipeline, renderer and zod.
  const [{ loadConfig }, { selectReporter }, { runGeneration }, { listenForStopSignals }] = await Promise.all([
    import('../../shared/config/index.ts'),
    import('../output/select-reporter.ts'),
    import('../run/run-generation.ts'),
    import('../signals.ts'),
  ]);
  const config = loadConfig();
  const reporter = selectReporter({ json: flags.json === true });
  const stop = listenForStopSignals((signal) => reporter.stopping(signal));
  try {
    return await runGeneration({ flags, config, reporter, signal: stop.signal, stopSignal: stop.received });
  } finally {
    stop.dispose();
  }
}

export function registerGenerateCommand(program: Command, onExitCode: (code: number) => void): void {
  program
    .command('generate', { isDefault: true })
    .description('Generate product concepts and print-ready designs; optionally publish them to the shop')
    .option('-n, --count <n>', `number of products, ${MIN_PRODUCT_COUNT}-${MAX_PRODUCT_COUNT}`, parseCount, DEFAULT_PRODUCT_COUNT)
    .option('-t, --theme <text>', 'theme or category of the products', parseTheme, DEFAULT_THEME)
    .option('-g, --guidelines <text>', 'brand guidelines for the concepts (tone, words to avoid, keywords)', parseGuidelines)
    .option('-p, --publish', 'publish every ready product to the configured shop (embedded shop in DATA_DIR unless SHOPIFY_* is set)')
    .option('-o, --out <dir>', 'folder for the print files, previews and concepts.json (default DATA_DIR/generated/{time})', parseOut)
    .option('--json', 'print one JSON document on stdout when done; progress goes to stderr')
    .option('--delay <ms>', 'pause after each design in milliseconds (default GENERATOR_DELAY_MS or 1000)', parseDelay)
    .option('--offline', 'use the offline generators even when OPENAI_API_KEY is set')
    .option('--seed <n>', 'seed for the offline generators: the same seed, theme and count give the same products', parseSeed)
    .allowExcessArguments(true)
    .addHelpText('after', `\n${FILES_HELP}\n\n${EXIT_CODES_HELP}\n\n${EXAMPLES}`)
    .action(async (flags: GenerateFlags, command: Command) => onExitCode(await runGenerate(flags, command)));
}
