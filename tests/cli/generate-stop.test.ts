import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunDocument } from '../../cli/run/run-document.ts';
import { RunStore, STOPPED_BEFORE_DESIGN } from '../../shared/generator/index.ts';
import { finished, isolatedEnv, REPO_ROOT, spawnNode, waitForOutput } from '../support/child-process.ts';
import {
  artworkPng,
  concept,
  conceptsCompletion,
  imagesResponse,
  startOpenAIServer,
  type OpenAITestServer,
} from '../support/openai-server.ts';
import { spawnCli } from '../support/tshirt-gen.ts';

/**
 * Ctrl-C during `tshirt-gen generate` (docs/behaviour/cli.md, "Output" and "The run store"): the
 * first one lets the design being made finish and keeps it, then stops; a second one quits at once,
 * and concepts.json still says so. The real command in a child process, offline or against a
 * loopback OpenAI that holds an image back until the test lets it go.
 */

let work: string;
const servers: OpenAITestServer[] = [];
beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'tshirt-gen-stop-'));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

let runs = 0;
/** A data directory and an output folder for one run. */
function newRun(): { data: string; out: string } {
  const n = ++runs;
  return { data: path.join(work, `data-${n}`), out: path.join(work, `out-${n}`) };
}

const env = (data: string, extra: Record<string, string> = {}) => isolatedEnv({ DATA_DIR: data, GENERATOR_DELAY_MS: '0', ...extra });
const conceptsJson = (out: string) => JSON.parse(readFileSync(path.join(out, 'concepts.json'), 'utf8')) as RunDocument;

function storedRun(data: string) {
  const store = RunStore.open(data);
  try {
    return store.getRun(store.latestRunId()!)!;
  } finally {
    store.close();
  }
}

/** A loopback OpenAI with two concepts whose `held`-th image (from 0) waits until `release` is called. */
async function holdingOpenAI(held: number) {
  const artwork = (await artworkPng()).toString('base64');
  const requested = Promise.withResolvers<void>();
  const released = Promise.withResolvers<void>();
  let images = 0;
  const server = await startOpenAIServer(async (request) => {
    if (request.path === '/v1/chat/completions') return { json: conceptsCompletion([concept(1), concept(2)]) };
    if (images++ === held) {
      requested.resolve();
      await released.promise;
    }
    return { json: imagesResponse(artwork) };
  });
  servers.push(server);
  return {
    env: { OPENAI_API_KEY: 'sk-test-SECRET-0123456789', OPENAI_BASE_URL: server.baseURL },
    requested: requested.promise,
    release: () => released.resolve(),
  };
}

describe('Ctrl-C during tshirt-gen generate', () => {
  it('the first Ctrl-C lets the offline design being made finish and keeps it, then stops with 130', async () => {
    const { data, out } = newRun();
    const child = spawnCli(['--count', '2', '--offline', '--delay', '0', '--out', out], env(data));
    const exit = finished(child);
    await waitForOutput(child, 'stdout', /Generating design 1\/2: /);
    child.kill('SIGINT');
    const result = await exit;

    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/\nStopped \(SIGINT\): 1 of 2 designs finished and kept in .+\.\n$/);
    const saved = conceptsJson(out);
    expect(saved).toMatchObject({ status: 'cancelled', exitCode: 130, signal: 'SIGINT' });
    expect(saved.products.map((p) => p.status)).toEqual(['ready', 'pending']);
    expect(existsSync(path.join(out, saved.products[0]!.files!.print))).toBe(true);
    const run = storedRun(data);
    expect(run.state).toBe('stopped');
    expect(run.products.map((p) => [p.status, p.error])).toEqual([
      ['ready', undefined],
      ['error', STOPPED_BEFORE_DESIGN],
    ]);
  });

  it('the first Ctrl-C lets a paid image request finish, keeps its design and stops after it', async () => {
    const { data, out } = newRun();
    const openai = await holdingOpenAI(0);
    try {
      const child = spawnCli(['--count', '2', '--delay', '0', '--out', out], env(data, openai.env));
      const exit = finished(child);
      await openai.requested;
      child.kill('SIGINT');
      await waitForOutput(child, 'stderr', /Stopping \(SIGINT\) after the current step/);
      openai.release();
      const result = await exit;

      expect(result.code).toBe(130);
      expect(result.stdout).toMatch(/ready: Prompt Whisperer 1 -> .+-print\.png\n/);
      expect(result.stderr).toMatch(/\nStopped \(SIGINT\): 1 of 2 designs finished and kept in .+\.\n$/);
      expect(conceptsJson(out).products.map((p) => p.status)).toEqual(['ready', 'pending']);
      expect(storedRun(data).products.map((p) => p.status)).toEqual(['ready', 'error']);
    } finally {
      openai.release();
    }
  });

  it('a second Ctrl-C quits at once, and concepts.json says the run was cancelled, with every design the terminal reported ready', async () => {
    const { data, out } = newRun();
    const openai = await holdingOpenAI(1);
    try {
      const child = spawnCli(['--count', '2', '--delay', '0', '--out', out], env(data, openai.env));
      const exit = finished(child);
      await waitForOutput(child, 'stdout', /ready: Prompt Whisperer 1 -> /);
      await openai.requested;
      child.kill('SIGINT');
      // Two signals sent together may arrive as one: the second goes once the first is taken.
      await waitForOutput(child, 'stderr', /Stopping \(SIGINT\)/);
      child.kill('SIGINT');
      const result = await exit;

      expect(result.code).toBe(130);
      expect(result.stderr).toContain('stopped at once (SIGINT)');
      const saved = conceptsJson(out);
      expect(saved).toMatchObject({ status: 'cancelled', exitCode: 130, signal: 'SIGINT', finishedAt: expect.any(String) });
      expect(saved.products.map((p) => p.status)).toEqual(['ready', 'pending']);
      expect(existsSync(path.join(out, saved.products[0]!.files!.preview))).toBe(true);
      const run = storedRun(data);
      expect(run.state).toBe('stopped');
      expect(run.products.map((p) => p.status)).toEqual(['ready', 'error']);
    } finally {
      openai.release();
    }
  });

  it('--publish: the first Ctrl-C lets the product being published finish, publishes no other, and exits 130', async () => {
    const { data, out } = newRun();
    const child = spawnCli(['--count', '2', '--offline', '--delay', '0', '--publish', '--out', out], env(data));
    const exit = finished(child);
    await waitForOutput(child, 'stdout', /\nPublishing 2 products to /);
    child.kill('SIGINT');
    const result = await exit;

    expect(result.code).toBe(130);
    expect(result.stdout).toMatch(/published: .+ published to Shopify! \(gid:\/\/shopify\/Product\/1\)\n/);
    const saved = conceptsJson(out);
    expect(saved).toMatchObject({ status: 'cancelled', signal: 'SIGINT' });
    expect(saved.products.map((p) => p.status)).toEqual(['published', 'ready']);
    const run = storedRun(data);
    expect(run.products.map((p) => [p.status, p.partlyPublished])).toEqual([
      ['published', undefined],
      ['ready', undefined],
    ]);
  });

  it('concepts.json gets the newest state on the way out: a process that ends at once right after a design is ready', async () => {
    const { out } = newRun();
    mkdirSync(out);
    // The file as the run keeps it, in a process that ends the moment a design is reported ready, as a second Ctrl-C does.
    const script = [
      `import { createConceptsFile } from ${JSON.stringify(path.join(REPO_ROOT, 'cli/run/concepts-file.ts'))};`,
      `const out = ${JSON.stringify(out)};`,
      'const file = createConceptsFile(out);',
      "const info = { theme: 't', count: 2, mode: 'offline', providers: 'offline', outDir: out, conceptsFile: file.path, publishTo: null, startedAt: new Date().toISOString() };",
      "const product = (index, status, extra = {}) => ({ index, name: 'P' + index, description: 'd', price: 20, category: 'c', quote_primary: 'q', keywords: [], status, ...extra });",
      "const state = { info, status: 'running', products: [product(0, 'pending'), product(1, 'pending')] };",
      'file.update(state);',
      'await file.flush();',
      "state.products = [product(0, 'ready', { files: { print: out + '/p0-print.png', preview: out + '/p0-preview.png' } }), product(1, 'generating')];",
      'file.update(state);',
      "console.log('ready: P0');",
      'process.exit(130);',
    ].join('\n');
    const result = await finished(spawnNode(['--input-type=module', '-e', script], { env: isolatedEnv() }));
    expect([result.code, result.stdout, result.stderr]).toEqual([130, 'ready: P0\n', '']);
    const saved = conceptsJson(out);
    expect(saved).toMatchObject({ status: 'cancelled', exitCode: 130, signal: 'SIGINT', finishedAt: expect.any(String) });
    expect(saved.products.map((p) => [p.status, p.files])).toEqual([
      ['ready', { print: 'p0-print.png', preview: 'p0-preview.png' }],
      ['pending', undefined],
    ]);
  });
});

describe('Ctrl-C during tshirt-gen runs resume', () => {
  it('the first Ctrl-C lets the paid image request being made finish and keeps its design, then stops with 130', async () => {
    // A run stopped after its first design: the second is left for the resume.
    const { data, out } = newRun();
    const first = await holdingOpenAI(0);
    const generate = spawnCli(['--count', '2', '--delay', '0', '--out', out], env(data, first.env));
    const generated = finished(generate);
    await first.requested;
    generate.kill('SIGINT');
    await waitForOutput(generate, 'stderr', /Stopping \(SIGINT\)/);
    first.release();
    expect((await generated).code).toBe(130);
    const id = storedRun(data).id;
    expect(storedRun(data).products.map((p) => p.status)).toEqual(['ready', 'error']);

    const second = await holdingOpenAI(0);
    const resume = spawnCli(['runs', 'resume', id], env(data, second.env));
    const resumed = finished(resume);
    await second.requested;
    resume.kill('SIGINT');
    await waitForOutput(resume, 'stderr', /Stopping \(SIGINT\) after the design being made/);
    second.release();
    const result = await resumed;

    expect(result.code).toBe(130);
    const run = storedRun(data);
    expect(run.state).toBe('stopped');
    expect(run.products.map((p) => p.status)).toEqual(['ready', 'ready']);
    expect(run.products[1]!.print).toMatch(/-print\.png$/);
  });
});
