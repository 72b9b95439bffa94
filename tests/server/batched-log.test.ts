import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { finished, isolatedEnv, REPO_ROOT, spawnNode } from '../support/child-process.ts';

/**
 * Astro's log destination for this project (`site/server/batched-log.mjs`): Astro's lines in Astro's
 * format, written in batches. Each case runs in a child process whose standard output and error are
 * real pipes; the child records, in order, every write the destination makes and where it went.
 */

const LOGGER = pathToFileURL(path.join(REPO_ROOT, 'site', 'server', 'batched-log.mjs')).href;

interface Write {
  stream: 'stdout' | 'stderr' | 'mark';
  text: string;
}

/** Runs `body` (module code with `log`, the destination, and `mark(text)`) in a child; answers its writes, in order. */
async function writesOf(body: string, env: NodeJS.ProcessEnv = {}): Promise<{ writes: Write[]; stdout: string; stderr: string }> {
  const script = `
    import batchedLog from ${JSON.stringify(LOGGER)};
    const writes = [];
    for (const stream of ['stdout', 'stderr']) {
      const write = process[stream].write.bind(process[stream]);
      process[stream].write = (text, ...rest) => { writes.push({ stream, text: String(text) }); return write(text, ...rest); };
    }
    const log = batchedLog();
    const mark = (text) => writes.push({ stream: 'mark', text });
    // Registered after the destination's own: sees the writes it makes when the process ends.
    process.once('exit', () => process.stderr.write('\\nWRITES ' + JSON.stringify(writes.slice())));
    ${body}
  `;
  const result = await finished(spawnNode(['--input-type=module', '-e', script], { env: isolatedEnv(env) }));
  expect(result.code, result.stderr).toBe(0);
  const [stderr, recorded] = result.stderr.split('\nWRITES ');
  return { writes: JSON.parse(recorded!) as Write[], stdout: result.stdout, stderr: stderr! };
}

/** A page's two pieces of text, as Astro's build logs them. */
const PAGE_EVENTS = `
  for (let i = 1; i <= 1000; i++) {
    log.write({ level: 'info', label: null, message: '  ├─ /product/p-' + i + '/index.html', newLine: false });
    log.write({ level: 'info', label: 'SKIP_FORMAT', message: ' (+' + i + 'ms) ', newLine: true });
  }
`;

describe('the batched log destination', () => {
  it("prints a thousand pages' lines in Astro's format in a handful of writes, the last of them when the process exits", async () => {
    const { writes, stdout } = await writesOf(PAGE_EVENTS);
    const lines = stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1000);
    for (const [i, line] of lines.entries()) {
      expect(line).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d {3}├─ /product/p-${i + 1}/index\\.html \\(\\+${i + 1}ms\\) $`));
    }
    // About 70 KB of text: one write when 64 KB were pending, one for the rest as the process ended.
    expect(writes.filter((w) => w.stream === 'stdout').length).toBeLessThanOrEqual(3);
    // A pipe shows no colours.
    expect(stdout).not.toContain('\x1b[');
  });

  it('writes pending lines within a moment of the first, without waiting for more or for the end', async () => {
    const { writes } = await writesOf(`
      log.write({ level: 'info', label: 'build', message: 'Building server entrypoints...', newLine: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
      mark('waited');
    `);
    expect(writes.map((w) => w.stream)).toEqual(['stdout', 'mark']);
    expect(writes[0]!.text).toMatch(/^\d\d:\d\d:\d\d \[build\] Building server entrypoints\.\.\.\n$/);
  });

  it('an error goes to standard error at once, after the lines pending before it; a warning keeps its place among the lines', async () => {
    const { writes, stderr } = await writesOf(`
      log.write({ level: 'info', label: null, message: '  ├─ /index.html', newLine: true });
      log.write({ level: 'warn', label: 'assets', message: 'an image is missing', newLine: true });
      log.write({ level: 'error', label: 'build', message: 'Could not render /product/x', newLine: true });
      mark('after the error');
    `);
    expect(writes.map((w) => w.stream)).toEqual(['stdout', 'stderr', 'mark']);
    expect(writes[0]!.text).toMatch(/^\d\d:\d\d:\d\d {3}├─ \/index\.html\n\d\d:\d\d:\d\d \[WARN\] \[assets\] an image is missing\n$/);
    expect(stderr).toMatch(/^\d\d:\d\d:\d\d \[ERROR\] \[build\] Could not render \/product\/x\n$/);
  });

  it('colours its prefixes only where the stream shows them', async () => {
    const line = `log.write({ level: 'info', label: 'build', message: 'done', newLine: true });`;
    expect((await writesOf(line, { FORCE_COLOR: '1' })).stdout).toMatch(
      /^\x1b\[2m\d\d:\d\d:\d\d\x1b\[22m \x1b\[34m\[build\]\x1b\[39m done\n$/,
    );
    expect((await writesOf(line, { NO_COLOR: '1' })).stdout).toMatch(/^\d\d:\d\d:\d\d \[build\] done\n$/);
  });
});
