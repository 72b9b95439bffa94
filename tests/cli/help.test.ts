import { describe, expect, it } from 'vitest';
import { finished, isolatedEnv } from '../support/child-process.ts';
import { spawnCli } from '../support/tshirt-gen.ts';

/**
 * `npx tshirt-gen --help` is how people meet the default command, so the top-level help (however it
 * is asked for) lists every option of `generate`, laid out like commander's own lists (docs/behaviour/cli.md).
 */

const help = async (args: string[]) => {
  const result = await finished(spawnCli(args, isolatedEnv()));
  expect([result.code, result.stderr]).toEqual([0, '']);
  return result.stdout;
};

/** The option terms a help text lists under a heading ("-n, --count <n>", "--json", …). */
function optionTerms(text: string, heading: string): string[] {
  const block = text.slice(text.indexOf(heading) + heading.length).split('\n\n')[0]!;
  return [...block.matchAll(/^ {2}(-[^ ].*?)(?: {2,}|$)/gm)].map((match) => match[1]!);
}

describe('tshirt-gen --help', () => {
  it('shows every option of the default generate command, as `generate --help` lists them, wrapped to the width', async () => {
    const [top, short, command, generate] = await Promise.all([
      help(['--help']),
      help(['-h']),
      help(['help']),
      help(['generate', '--help']),
    ]);
    expect(short).toBe(top);
    expect(command).toBe(top);

    const own = optionTerms(generate, 'Options:\n').filter((term) => term !== '-h, --help');
    expect(own).toEqual([
      '-n, --count <n>',
      '-t, --theme <text>',
      '-g, --guidelines <text>',
      '-p, --publish',
      '-o, --out <dir>',
      '--json',
      '--delay <ms>',
      '--offline',
      '--seed <n>',
    ]);
    expect(optionTerms(top, 'Without a command, tshirt-gen runs generate, whose options are:\n')).toEqual(own);
    // The defaults are there too, and nothing runs past 80 columns (no terminal: commander's default width).
    expect(top).toContain('(default: 6)');
    expect(top.replace(/\s+/g, ' ')).toContain('(default: "AI quotes for entrepreneurs and small business owners")');
    expect(top.split('\n').filter((line) => line.length > 80)).toEqual([]);
    expect(top).toContain('See tshirt-gen generate --help for where the files go, and examples.');
    // Commands first, then generate's options, then the exit codes.
    const order = ['Commands:', 'Without a command', 'Exit codes:'].map((heading) => top.indexOf(heading));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBeGreaterThan(0);
  });

  it('`runs --help` lists list, show, publish, resume and prune', async () => {
    const runs = await help(['runs', '--help']);
    for (const command of ['list [options]', 'show [options] <id>', 'publish [options] <id>', 'resume <id>', 'prune [options]'])
      expect(runs).toContain(command);
    const prune = await help(['runs', 'prune', '--help']);
    expect(prune).toContain('--dry-run');
    expect(prune).toContain('DESIGN_RETENTION_DAYS');
  });
});
