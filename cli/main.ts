import { Command, CommanderError } from 'commander';
import { exitCodeOf, STORE_NAME } from '../shared/common/index.ts';
import { missingCommandMessage, withQuotedValue } from './args.ts';
import { ignoreBrokenPipes } from './broken-pipe.ts';
import { registerBackupCommands } from './commands/backup.ts';
import { registerGenerateCommand } from './commands/generate.ts';
import { registerRunsCommand } from './commands/runs.ts';
import { registerShopCommand } from './commands/shop.ts';
import { registerShopifyCommand } from './commands/shopify.ts';
import { registerStaffCommand } from './commands/staff.ts';
import { EXIT_CODES_HELP, EXIT_OK, EXIT_USAGE } from './exit-codes.ts';
import { terminalSafe } from './output/terminal-text.ts';
import { packageVersion } from './version.ts';

/**
 * `tshirt-gen`: the command-line shell over shared/. Each subcommand lives in cli/commands/ and
 * registers itself here; a command reports its exit status through `onExitCode`.
 */

export function buildProgram(options: { onExitCode?: (code: number) => void } = {}): Command {
  const program: Command = new Command('tshirt-gen')
    .description(`${STORE_NAME}: generate funny AI t-shirt products and run the embedded test shop`)
    .version(packageVersion(), '-V, --version')
    .showSuggestionAfterError(true)
    // Errors are printed once, as one line, by main(); commander must not print or exit itself.
    .exitOverride()
    .configureOutput({ outputError: () => {} })
    .addHelpText('after', () => `\n${generateOptionsHelp(program)}\n\n${EXIT_CODES_HELP}`);
  registerGenerateCommand(program, options.onExitCode ?? (() => {}));
  registerShopCommand(program);
  registerShopifyCommand(program);
  registerBackupCommands(program);
  registerStaffCommand(program);
  registerRunsCommand(program, options.onExitCode ?? (() => {}));
  return program;
}

/**
 * `npx tshirt-gen --count 6 --theme …` is how people meet the tool, so the top-level help shows the
 * default command's options too, not only the list of commands, laid out and wrapped as commander
 * lays out its own lists.
 */
function generateOptionsHelp(program: Command): string {
  const generate = program.commands.find((command) => command.name() === 'generate');
  if (!generate) return '';
  const help = generate.createHelp();
  help.prepareContext({ helpWidth: program.configureOutput().getOutHelpWidth?.() });
  const width = help.padWidth(generate, help);
  const lines = help
    .visibleOptions(generate)
    // -h, --help is the program's own, listed above.
    .filter((option) => option.long !== '--help')
    .map((option) =>
      help.formatItem(
        help.styleOptionTerm(help.optionTerm(option)),
        width,
        help.styleOptionDescription(help.optionDescription(option)),
        help,
      ),
    );
  return [
    'Without a command, tshirt-gen runs generate, whose options are:',
    ...lines,
    'See tshirt-gen generate --help for where the files go, and examples.',
  ].join('\n');
}

/** The first line of a message, without commander's "error:" and without anything that could drive the terminal (arguments echo back). */
function oneLine(message: string): string {
  return terminalSafe(
    message
      .replace(/^error:\s*/i, '')
      .split('\n')[0]!
      .trim(),
  );
}

/** `--json` among the options (not after `--`): stdout then owes the caller one JSON document. */
function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
}

/**
 * A run that never started: the one-line message on stderr and, under `--json`, the same failure
 * as the run document's shape on stdout, so a script reading stdout is not left with nothing.
 */
function refuse(message: string, exitCode: number, json: boolean): number {
  const line = oneLine(message);
  process.stderr.write(`tshirt-gen: ${line}\n`);
  if (json) process.stdout.write(`${JSON.stringify({ products: [], status: 'failed', exitCode, error: line }, null, 2)}\n`);
  return exitCode;
}

export async function main(argv: readonly string[]): Promise<number> {
  ignoreBrokenPipes();
  let exitCode = EXIT_OK;
  const json = wantsJson(argv);
  const program = buildProgram({ onExitCode: (code) => (exitCode = code) });
  // Commander shows a command's usage on stderr, as an error, when one of its commands was wanted
  // (`tshirt-gen runs`, `tshirt-gen help bogus`): which command that was, for the line that says so.
  let usageOf: Command | undefined;
  program.on('afterAllHelp', (context: { error: boolean; command: Command }) => {
    if (context.error) usageOf = context.command;
  });
  try {
    await program.parseAsync([...argv]);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT_OK;
      if (error.code === 'commander.help') {
        // Help asked for (`help runs`) went to stdout; usage shown for a missing command is a usage error.
        if (error.exitCode === 0) return EXIT_OK;
        return usageOf ? refuse(missingCommandMessage(usageOf), EXIT_USAGE, json) : EXIT_USAGE;
      }
      if (error.code === 'commander.executeSubCommandAsync') return error.exitCode;
      return refuse(withQuotedValue(error.message), EXIT_USAGE, json);
    }
    // The exit code by the error's kind (docs/behaviour/errors.md#error-kinds): usage and configuration 2, the rest 1.
    return refuse(error instanceof Error ? error.message : String(error), exitCodeOf(error), json);
  }
}
