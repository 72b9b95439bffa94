import fs from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJsonReporter } from '../../cli/output/json-reporter.ts';
import { createPlainReporter } from '../../cli/output/plain-reporter.ts';
import type { Reporter } from '../../cli/output/reporter.ts';
import { isInteractive } from '../../cli/output/select-reporter.ts';
import { renderTable } from '../../cli/output/table.ts';
import { displayWidth, terminalSafe, truncate } from '../../cli/output/terminal-text.ts';
import { createTtyReporter } from '../../cli/output/tty-reporter.ts';
import { createConceptsFile } from '../../cli/run/concepts-file.ts';
import { chooseOutDir } from '../../cli/run/out-dir.ts';
import { finishedOutcome } from '../../cli/run/outcome.ts';
import type { RunInfo, RunState } from '../../cli/run/run-document.ts';
import { UsageError } from '../../cli/usage-error.ts';
import type { GeneratedProduct } from '../../shared/generator/browser.ts';
import { tempDir } from '../support/local-shop.ts';

/** The generate command's output pieces in-process: sanitising, the table, each reporter, concepts.json. */

const HOSTILE = 'Chief \x1b]0;pwned\x07Cats\x1b[2J Officer\u202e\r\nDROP\x9b31m';

/** Collects what is written; with `tty`, looks like a sized terminal to ora. */
class Capture extends Writable {
  text = '';
  isTTY: boolean;
  columns = 100;
  rows = 40;
  constructor(tty = false) {
    super();
    this.isTTY = tty;
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
  cursorTo(x: number): boolean {
    return this.write(`\x1b[${x + 1}G`);
  }
  moveCursor(_dx: number, dy: number): boolean {
    return this.write(dy < 0 ? `\x1b[${-dy}A` : '');
  }
  clearLine(): boolean {
    return this.write('\x1b[0K');
  }
}

const asTerminal = (capture: Capture) => capture as unknown as NodeJS.WriteStream;

const product = (index: number, patch: Partial<GeneratedProduct> = {}): GeneratedProduct => ({
  index,
  name: `Product ${index + 1}`,
  description: 'A tee.',
  price: 24.99,
  category: 'AI Humor',
  quote_primary: 'Per my last prompt.',
  keywords: ['ai'],
  status: 'ready',
  files: { print: `/out/product-${index + 1}-print.png`, preview: `/out/product-${index + 1}-preview.png` },
  ...patch,
});

const info: RunInfo = {
  theme: `cats ${HOSTILE}`,
  count: 2,
  mode: 'offline',
  providers: 'offline',
  seed: 7,
  outDir: '/out',
  conceptsFile: '/out/concepts.json',
  publishTo: null,
  startedAt: '2026-11-05T14:03:22.000Z',
};

function drive(reporter: Reporter, products: GeneratedProduct[], end: Partial<RunState> = {}): void {
  reporter.start(info);
  reporter.progress('Generating product ideas...');
  reporter.progress(`Generating design 1/2: ${products[0]!.name}`);
  for (const p of products) reporter.product(p, 'design', products.length);
  reporter.progress('All designs generated!');
  reporter.end({ info, status: 'partial', exitCode: 3, products, ...end });
}

describe('terminal text', () => {
  it('strips escape sequences, controls and bidi overrides; keeps letters, accents and emoji', () => {
    expect(terminalSafe(HOSTILE)).toBe('Chief Cats Officer DROP');
    expect(terminalSafe('Café 🤖 “quotes” & <tags>')).toBe('Café 🤖 “quotes” & <tags>');
    expect(terminalSafe('a\u0000b\u0007c\u007fd\u0085e')).toBe('abcde');
  });

  it('measures wide characters as two columns and truncates with an ellipsis', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('猫🤖')).toBe(4);
    expect(displayWidth('é')).toBe(1);
    expect(truncate('abcdefgh', 5)).toBe('abcd…');
    expect(truncate('猫猫猫猫', 5)).toBe('猫猫…');
    expect(truncate('short', 10)).toBe('short');
  });

  it('the table aligns columns, cuts long cells and colours cells without moving them', () => {
    const columns = [{ header: '#', align: 'right' as const }, { header: 'Name', maxWidth: 8 }, { header: 'Status' }];
    const rows = [
      ['1', 'Short', 'ready'],
      ['10', 'A much longer name', 'error'],
    ];
    const plain = renderTable(columns, rows);
    expect(plain).toEqual([' #  Name      Status', '--  --------  ------', ' 1  Short     ready', '10  A much …  error']);
    const painted = renderTable(columns, rows, (text, _row, column) => (column === 2 ? `<${text}>` : text));
    expect(painted[2]).toBe(' 1  Short     <ready>');
  });
});

describe('choosing a reporter', () => {
  const tty = asTerminal(new Capture(true));
  it('spins only on a sized terminal with no CI, NO_COLOR or TERM=dumb', () => {
    expect(isInteractive(tty, {})).toBe(true);
    expect(isInteractive(tty, { CI: 'true' })).toBe(false);
    expect(isInteractive(tty, { CI: '1' })).toBe(false);
    expect(isInteractive(tty, { CI: 'false' })).toBe(true);
    expect(isInteractive(tty, { NO_COLOR: '1' })).toBe(false);
    expect(isInteractive(tty, { NO_COLOR: '' })).toBe(true);
    expect(isInteractive(tty, { TERM: 'dumb' })).toBe(false);
    expect(isInteractive(asTerminal(new Capture(false)), {})).toBe(false);
    const unsized = new Capture(true);
    unsized.columns = 0;
    expect(isInteractive(asTerminal(unsized), {})).toBe(false);
  });
});

describe('reporters', () => {
  const products = [product(0, { name: HOSTILE }), product(1, { status: 'error', files: undefined, error: `OpenAI refused ${HOSTILE}` })];

  it('plain: lines without a single escape code, a table and the failures; the closing line on stdout', () => {
    const out = new Capture();
    const err = new Capture();
    drive(createPlainReporter({ out, err, table: true }), products);
    expect(out.text + err.text).not.toMatch(/[\x1b\x9b\x07\r\u202e]/);
    expect(out.text).toContain('Theme: cats Chief Cats Officer DROP\n');
    expect(out.text).toContain('  ready: Chief Cats Officer DROP -> product-1-print.png\n');
    expect(out.text).toContain('  error: Product 2: OpenAI refused Chief Cats Officer DROP\n');
    expect(out.text).toMatch(/\n#\s+Name\s+Price\s+Status\s+File\s+Product ID\n/);
    expect(out.text).toContain('Failed:\n  2. Product 2: OpenAI refused Chief Cats Officer DROP\n');
    expect(out.text).toMatch(/1 of 2 products ready, 1 failed\. Files in \/out \(concepts\.json\)\.\n$/);
    expect(err.text).toBe('');
  });

  it('plain: a failed run says so verbatim on stderr', () => {
    const out = new Capture();
    const err = new Capture();
    const reporter = createPlainReporter({ out, err, table: true });
    reporter.start(info);
    reporter.end({ info, status: 'failed', exitCode: 1, products: [], error: 'OpenAI had a server error (500)' });
    expect(err.text).toBe('Failed to generate products: OpenAI had a server error (500)\n');
  });

  it('JSON: exactly one document on stdout, C1 controls escaped; progress on stderr', () => {
    const stdout = new Capture();
    const stderr = new Capture();
    drive(createJsonReporter(stdout, stderr), products, { finishedAt: '2026-11-05T14:04:00.000Z' });
    expect(stdout.text).not.toMatch(/[\x1b\x9b\x07\u202e]/);
    const doc = JSON.parse(stdout.text) as {
      products: Array<{ name: string; status: string; error?: string }>;
      theme: string;
      status: string;
    };
    // Escaped on the wire, exact after parsing.
    expect(doc.products[0]!.name).toBe(HOSTILE);
    expect(doc.theme).toBe(info.theme);
    expect(doc.products.map((p) => p.status)).toEqual(['ready', 'error']);
    expect(stderr.text).toContain('Generating product ideas...\n');
    expect(stderr.text).not.toMatch(/#\s+Name/);
  });

  it('TTY: a spinner and a coloured table, but the untrusted text still cannot reach the terminal raw', () => {
    const out = new Capture(true);
    const err = new Capture(true);
    drive(createTtyReporter(asTerminal(out), asTerminal(err)), products);
    expect(out.text).toContain('\x1b[');
    expect(out.text).not.toContain('pwned\x07');
    expect(out.text).not.toContain('\x1b]0;');
    expect(out.text).not.toContain('\x1b[2J');
    expect(out.text).not.toMatch(/[\x9b\u202e\r]/);
    expect(out.text).toContain('Chief Cats Officer DROP -> product-1-print.png');
    expect(out.text).toMatch(/Name\s+Price\s+Status/);
    expect(out.text).toContain('Failed:');
  });
});

describe('run files and outcome', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('cli-generate-output-');
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('concepts.json holds the newest state after a burst of updates, with file names relative to its folder', async () => {
    const file = createConceptsFile(dir);
    const base: RunState = {
      info: { ...info, outDir: dir, conceptsFile: path.join(dir, 'concepts.json') },
      status: 'running',
      products: [],
    };
    for (let i = 0; i < 20; i++) {
      file.update({
        ...base,
        products: [
          product(0, {
            status: i < 19 ? 'generating' : 'ready',
            files: { print: path.join(dir, 'a-print.png'), preview: path.join(dir, 'a-preview.png') },
          }),
        ],
      });
    }
    await file.flush();
    const saved = JSON.parse(await fs.readFile(file.path, 'utf8')) as {
      status: string;
      products: Array<{ status: string; files: { print: string } }>;
    };
    expect(saved.status).toBe('running');
    expect(saved.products[0]).toMatchObject({ status: 'ready', files: { print: 'a-print.png' } });
    expect((await fs.readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('a write failure surfaces on flush', async () => {
    const file = createConceptsFile(path.join(dir, 'missing', 'folder'));
    file.update({ info, status: 'running', products: [] });
    await expect(file.flush()).rejects.toThrow(/ENOENT/);
  });

  it('the default folder is DATA_DIR/generated/{UTC time}, claimed at once, with a suffix when taken; --out must not be a file', async () => {
    const now = new Date('2026-11-05T14:03:22.456Z');
    const first = chooseOutDir(undefined, dir, now);
    expect(first).toBe(path.join(dir, 'generated', '2026-11-05T14-03-22Z'));
    // Made by the choice itself, so the next run in the same second cannot choose it too.
    expect((await fs.stat(first)).isDirectory()).toBe(true);
    expect(chooseOutDir(undefined, dir, now)).toBe(`${first}-2`);
    expect(chooseOutDir(undefined, dir, now)).toBe(`${first}-3`);
    expect(chooseOutDir('relative/out', dir)).toBe(path.resolve('relative/out'));
    const aFile = path.join(dir, 'a-file');
    await fs.writeFile(aFile, '');
    expect(() => chooseOutDir(aFile, dir)).toThrow(UsageError);
  });

  it('success means every product ready, or published with --publish', () => {
    const ready = [product(0), product(1)];
    expect(finishedOutcome(ready, false)).toEqual({ status: 'succeeded', exitCode: 0 });
    expect(finishedOutcome(ready, true)).toEqual({ status: 'partial', exitCode: 3 });
    expect(finishedOutcome([product(0, { status: 'published' })], true)).toEqual({ status: 'succeeded', exitCode: 0 });
    expect(finishedOutcome([product(0), product(1, { status: 'error' })], false)).toEqual({ status: 'partial', exitCode: 3 });
    expect(finishedOutcome([], false)).toEqual({ status: 'partial', exitCode: 3 });
  });
});
