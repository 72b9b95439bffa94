import { Command, CommanderError } from 'commander';
import { ConfigError } from '../shared/config.ts';
import { STORE_NAME } from '../shared/brand.ts';
import { registerShopCommand } from './commands/shop.ts';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError } from './usage-error.ts';

/**
 * `tshirt-gen`: the command-line shell over shared/. Each subcommand lives in cli/commands/ and
 * registers itself here; a command's action resolves to its exit status.
 */

export function buildProgram(): Command {
  const program = new Command('tshirt-gen')
    .description(`${STORE_NAME}: generate funny AI t-shirt products and run the embedded test shop`)
    .showSuggestionAfterError(true)
    // Errors are printed once, as one line, by main(); commander must not print or exit itself.
    .exitOverride()
    .configureOutput({ outputError: () => {} });
  registerShopCommand(program);
  return program;
}

function oneLine(message: string): string {
  return message.replace(/^error:\s*/i, '').split('\n')[0]!.trim();
}

export async function main(argv: readonly string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync([...argv]);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT_OK;
      if (error.code === 'commander.executeSubCommandAsync') return error.exitCode;
      process.stderr.write(`tshirt-gen: ${oneLine(error.message)}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`tshirt-gen: ${error.message}\n`);
      return EXIT_USAGE;
    }
    process.stderr.write(`tshirt-gen: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILURE;
  }
}
