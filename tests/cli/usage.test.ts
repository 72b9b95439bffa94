import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunDocument } from '../../cli/run/run-document.ts';
import { finished, isolatedEnv, REPO_ROOT, type Finished } from '../support/child-process.ts';
import { tempDir } from '../support/local-shop.ts';
import { BIN, spawnCli } from '../support/tshirt-gen.ts';

/**
 * How `tshirt-gen` is called, as a script calls it: a missing or unknown command, an empty `--out`,
 * values far past a limit and text outside the Basic Multilingual Plane, each in a child process on
 * a DATA_DIR of its own (docs/behaviour/cli.md, docs/behaviour/errors.md#cli).
 */

let work: string;
beforeAll(async () => {
  work = await tempDir('tshirt-gen-usage-');
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

let folders = 0;
async function folder(name: string): Promise<string> {
  const dir = path.join(work, `${name}-${++folders}`);
  await fs.mkdir(dir);
  return dir;
}

const run = (args: string[], dataDir: string): Promise<Finished> => finished(spawnCli(args, isolatedEnv({ DATA_DIR: dataDir })));

/** The command started in `cwd` (spawnCli starts it in the checkout). */
function runIn(cwd: string, args: string[], dataDir: string): Promise<Finished> {
  return finished(
    spawn(process.execPath, [BIN, ...args], { cwd, env: isolatedEnv({ DATA_DIR: dataDir }), stdio: ['ignore', 'pipe', 'pipe'] }),
  );
}

/** A refusal: exit 2, nothing on stdout, and stderr exactly one "tshirt-gen: …" line. */
function expectOneLineRefusal(args: string[], result: Finished): string {
  expect({ args, code: result.code, stdout: result.stdout }).toEqual({ args, code: 2, stdout: '' });
  expect(result.stderr).toMatch(/^tshirt-gen: [^\n]+\n$/);
  return result.stderr.slice('tshirt-gen: '.length, -1);
}

const COMMANDS = 'generate, shop, shopify, backup, restore, staff, runs';

describe('tshirt-gen commands', () => {
  it('a missing or unknown command exits 2 with the usage and one line saying what is missing on stderr', async () => {
    const data = await folder('data');
    const cases: Array<[string[], string, string]> = [
      [
        ['runs'],
        'Usage: tshirt-gen runs ',
        'runs needs a command (commands: list, show, publish, resume, prune; see tshirt-gen runs --help)',
      ],
      [
        ['staff'],
        'Usage: tshirt-gen staff ',
        'staff needs a command (commands: add, list, remove, key, audit; see tshirt-gen staff --help)',
      ],
      [
        ['staff', 'key'],
        'Usage: tshirt-gen staff key ',
        'staff key needs a command (commands: create, list, revoke; see tshirt-gen staff key --help)',
      ],
      [
        ['shopify', 'webhooks'],
        'Usage: tshirt-gen shopify webhooks ',
        'shopify webhooks needs a command (commands: register; see tshirt-gen shopify webhooks --help)',
      ],
      [['help', 'bogus'], 'Usage: tshirt-gen ', `unknown command 'bogus' (commands: ${COMMANDS}; see --help)`],
      [
        ['runs', 'help', 'bogus'],
        'Usage: tshirt-gen runs ',
        "unknown command 'bogus' (commands: list, show, publish, resume, prune; see tshirt-gen runs --help)",
      ],
    ];
    const results = await Promise.all(cases.map(([args]) => run(args, data)));
    results.forEach((result, i) => {
      const [args, usage, line] = cases[i]!;
      expect({ args, code: result.code, stdout: result.stdout }).toEqual({ args, code: 2, stdout: '' });
      expect(result.stderr.startsWith(usage), result.stderr).toBe(true);
      expect(result.stderr.endsWith(`\ntshirt-gen: ${line}\n`), result.stderr).toBe(true);
    });
    // `$SUB` quoted but empty is an unknown command too.
    expectOneLineRefusal(['runs', ''], await run(['runs', ''], data));
    expect(await fs.readdir(data)).toEqual([]);
  });

  it('asking for help still exits 0 with the help on stdout and nothing on stderr', async () => {
    const data = await folder('data');
    const cases = [['--help'], ['help', 'runs'], ['runs', '--help'], ['runs', 'help'], ['staff', 'key', '--help'], ['help', 'staff']];
    const results = await Promise.all(cases.map((args) => run(args, data)));
    results.forEach((result, i) => {
      expect({ args: cases[i], code: result.code, stderr: result.stderr }).toEqual({ args: cases[i], code: 0, stderr: '' });
      expect(result.stdout).toMatch(/^Usage: tshirt-gen /);
    });
  });

  it('under --json a missing command also leaves one JSON document on stdout', async () => {
    const result = await run(['help', 'bogus', '--json'], await folder('data'));
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual({
      products: [],
      status: 'failed',
      exitCode: 2,
      error: `unknown command 'bogus' (commands: ${COMMANDS}; see --help)`,
    });
  });
});

describe('tshirt-gen generate --out', () => {
  it('an empty or blank --out is refused like an empty --theme, and nothing is written where the command was started', async () => {
    const cwd = await folder('cwd');
    const data = await folder('data');
    const cases = [['--out', ''], ['--out', '   '], ['-o', ''], ['--out=']];
    const results = await Promise.all(cases.map((args) => runIn(cwd, ['--count', '1', '--offline', '--delay', '0', ...args], data)));
    results.forEach((result, i) => {
      expect(expectOneLineRefusal(cases[i]!, result)).toMatch(/^option '-o, --out <dir>' argument '\s*' is invalid\. must not be empty\.$/);
    });
    const json = await runIn(cwd, ['--count', '1', '--out', '', '--json'], data);
    expect(json.code).toBe(2);
    expect((JSON.parse(json.stdout) as { error: string }).error).toMatch(/--out .* must not be empty\./);
    expect(await fs.readdir(cwd)).toEqual([]);
    expect(await fs.readdir(data)).toEqual([]);
  });

  it('runs started together without --out each get a folder of their own', async () => {
    const data = await folder('data');
    const themes = Array.from({ length: 6 }, (_, i) => `parallel run ${i + 1}`);
    const results = await Promise.all(
      themes.map((theme) => run(['--count', '1', '--offline', '--delay', '0', '--json', '--theme', theme], data)),
    );
    const documents = results.map((result, i) => {
      expect({ theme: themes[i], code: result.code, stderr: result.stderr }).toMatchObject({ theme: themes[i], code: 0 });
      return JSON.parse(result.stdout) as RunDocument;
    });
    const dirs = documents.map((document) => document.outDir);
    expect(new Set(dirs).size).toBe(themes.length);
    expect((await fs.readdir(path.join(data, 'generated'))).sort()).toEqual(dirs.map((dir) => path.basename(dir)).sort());
    for (const [i, document] of documents.entries()) {
      expect(path.dirname(document.outDir)).toBe(path.join(data, 'generated'));
      const saved = JSON.parse(await fs.readFile(path.join(document.outDir, 'concepts.json'), 'utf8')) as RunDocument;
      expect({ theme: saved.theme, status: saved.status }).toEqual({ theme: themes[i], status: 'succeeded' });
      // The folder holds this run's design and no other's.
      const prints = (await fs.readdir(document.outDir)).filter((name) => name.endsWith('-print.png'));
      expect(prints).toEqual(document.products.map((product) => path.basename(product.files!.print)));
    }
  });
});

describe('tshirt-gen values past a limit', () => {
  it('an over-long value is quoted by its first 40 characters, with the limit and the length it has', async () => {
    const data = await folder('data');
    const long = 'a'.repeat(10_000);
    const head = `${'a'.repeat(40)}…`;
    const cases: Array<[string[], string]> = [
      [['--theme', long], `option '-t, --theme <text>' argument '${head}' is invalid. must be at most 500 characters (got 10000).`],
      [
        ['--guidelines', long],
        `option '-g, --guidelines <text>' argument '${head}' is invalid. must be at most 2000 characters (got 10000).`,
      ],
      [
        ['--count', long],
        `option '-n, --count <n>' argument '${head}' is invalid. productCount must be a whole number from 1 to 20 (got "${head}")`,
      ],
      [['--delay', long], `option '--delay <ms>' argument '${head}' is invalid. must be a whole number of milliseconds from 0 to 3600000.`],
      [[long], `unknown command '${head}' (commands: ${COMMANDS}; see --help)`],
      [[`--${long}`], `unknown option '--${'a'.repeat(38)}…'`],
      [['runs', long], `unknown command '${head}'`],
    ];
    const results = await Promise.all(cases.map(([args]) => run(args, data)));
    results.forEach((result, i) => {
      const [args, line] = cases[i]!;
      const label = args.map((arg) => arg.slice(0, 50));
      // The length first: a failure then does not print ten thousand characters.
      expect({ args: label, length: result.stderr.length }).toEqual({ args: label, length: `tshirt-gen: ${line}\n`.length });
      expect(expectOneLineRefusal(label, result)).toBe(line);
    });
    // A long value with line breaks still gives one whole line, the reason included.
    const broken = await run(['--theme', `${'line\n'.repeat(200)}end`], data);
    expect(expectOneLineRefusal(['--theme', 'line\\n…'], broken)).toBe(
      `option '-t, --theme <text>' argument '${'line '.repeat(8)}…' is invalid. must be at most 500 characters (got 1003).`,
    );
  });

  it('--theme and --guidelines count characters as a person does: an emoji is one', async () => {
    const data = await folder('data');
    const theme = '😀'.repeat(300);
    const guidelines = '🎨'.repeat(2000);
    const out = path.join(await folder('out'), 'designs');
    const result = await run(
      ['--count', '1', '--offline', '--delay', '0', '--json', '--out', out, '--theme', theme, '--guidelines', guidelines],
      data,
    );
    expect([result.code, result.stderr]).toEqual([0, expect.any(String)]);
    const document = JSON.parse(result.stdout) as RunDocument;
    expect(document.theme).toBe(theme);

    const [tooLong, tooLongGuidelines] = await Promise.all([
      run(['--theme', '😀'.repeat(501)], data),
      run(['--guidelines', '🎨'.repeat(2001)], data),
    ]);
    expect(expectOneLineRefusal(['--theme', '😀 x 501'], tooLong)).toBe(
      `option '-t, --theme <text>' argument '${'😀'.repeat(40)}…' is invalid. must be at most 500 characters (got 501).`,
    );
    expect(expectOneLineRefusal(['--guidelines', '🎨 x 2001'], tooLongGuidelines)).toMatch(
      /must be at most 2000 characters \(got 2001\)\.$/,
    );
  });
});

describe('the documents and the help say what the command does', () => {
  const cliDoc = async () => (await fs.readFile(path.join(REPO_ROOT, 'docs', 'behaviour', 'cli.md'), 'utf8')).replace(/\s+/g, ' ');

  it('the --count refusal cli.md quotes is the line the command prints', async () => {
    const result = await run(['--count', '0'], await folder('data'));
    const line = expectOneLineRefusal(['--count', '0'], result);
    expect(await cliDoc()).toContain(`\`tshirt-gen: ${line}\` (exit 2)`);
  });

  it('--help gives exit code 3 the meaning cli.md gives it', async () => {
    const meaning = /\| 3 \| ([^|]+?) \|/.exec(await cliDoc())?.[1];
    expect(meaning).toContain('another publisher took one');
    const [top, generate] = await Promise.all([run(['--help'], await folder('data')), run(['generate', '--help'], await folder('data'))]);
    for (const help of [top, generate]) {
      expect(help.code).toBe(0);
      expect(help.stdout.replace(/\s+/g, ' ')).toContain(` 3 ${meaning}`);
      expect(help.stdout.split('\n').filter((line) => line.length > 80)).toEqual([]);
    }
  });
});
