import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunDocument } from '../../cli/run/run-document.ts';
import { loadConfig } from '../../shared/config/index.ts';
import { RunStore, STOPPED_BEFORE_DESIGN, type RunEvent, type RunRecord } from '../../shared/generator/index.ts';
import { LocalShopStore } from '../../shared/local-shop/index.ts';
import { createGeneratorServices } from '../../site/features/generator/server/services.ts';
import { finished, isolatedEnv, REPO_ROOT, spawnNode, waitForOutput } from '../support/child-process.ts';
import { tempDir } from '../support/local-shop.ts';
import {
  artworkPng,
  concept,
  conceptsCompletion,
  imagesResponse,
  openAIError,
  startOpenAIServer,
  type OpenAITestServer,
} from '../support/openai-server.ts';
import { startShopifyAdminServer } from '../support/shopify-admin-server.ts';
import { spawnCli } from '../support/tshirt-gen.ts';

/**
 * `tshirt-gen generate` records its run in DATA_DIR's run store (docs/behaviour/cli.md, "The run
 * store"): the real command in a child process, read back with `tshirt-gen runs` and through the
 * server's own run service over the same DATA_DIR, which has the store open meanwhile.
 */

let work: string;
const servers: OpenAITestServer[] = [];
beforeAll(async () => {
  work = await tempDir('tshirt-gen-runs-');
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

let count = 0;
async function dataDir(): Promise<string> {
  const dir = path.join(work, `data-${++count}`);
  await fs.mkdir(dir);
  return dir;
}

const env = (data: string, extra: Record<string, string> = {}) => isolatedEnv({ DATA_DIR: data, GENERATOR_DELAY_MS: '0', ...extra });
const cli = (args: string[], data: string, extra: Record<string, string> = {}) => finished(spawnCli(args, env(data, extra)));

async function listed(data: string) {
  const result = await cli(['runs', 'list', '--json'], data);
  expect(result.code).toBe(0);
  return (JSON.parse(result.stdout) as { runs: Array<Record<string, unknown>> }).runs;
}

async function shown(data: string, id: string) {
  const result = await cli(['runs', 'show', id, '--json'], data);
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as { run: RunRecord; events: RunEvent[] };
}

/** `generate --offline` into `out`, stopped with Ctrl-C once its first design is finished (a long delay holds the others back). */
async function interruptedRun(data: string, out: string, count: number, seed: number) {
  const child = spawnCli(['--count', String(count), '--offline', '--delay', '60000', '--seed', String(seed), '--out', out], env(data));
  const exit = finished(child);
  await waitForOutput(child, 'stdout', /ready: .+-print\.png\n/);
  child.kill('SIGINT');
  return exit;
}

describe('tshirt-gen generate records its run', () => {
  it('in the store the server has open: settings, statuses, error, design files and who ran it, on the page and in `runs`', async () => {
    const data = await dataDir();
    // The server over the same DATA_DIR, its run store open all along.
    const services = createGeneratorServices({ config: loadConfig({ DATA_DIR: data, HOST: '127.0.0.1' }, work), log: () => undefined });
    try {
      const artwork = await artworkPng();
      let images = 0;
      const server = await startOpenAIServer((request) => {
        if (request.path === '/v1/chat/completions') return { json: conceptsCompletion([concept(1), concept(2)]) };
        return images++ === 0
          ? { status: 400, json: openAIError('Your prompt was rejected', 'invalid_request_error') }
          : { json: imagesResponse(artwork.toString('base64')) };
      });
      servers.push(server);
      const out = path.join(work, 'recorded');
      const result = await cli(['--count', '2', '--theme', 'owls in standups', '--json', '--out', out], data, {
        OPENAI_API_KEY: 'sk-test-SECRET-0123456789',
        OPENAI_BASE_URL: server.baseURL,
      });
      // The command itself is as it always was.
      expect(result.code).toBe(3);
      const doc = JSON.parse(result.stdout) as RunDocument;
      expect(doc).toMatchObject({ status: 'partial', exitCode: 3, outDir: out });
      expect(result.stderr).not.toContain('not recorded');

      const runs = await listed(data);
      expect(runs).toEqual([
        expect.objectContaining({
          count: 2,
          theme: 'owls in standups',
          state: 'finished',
          source: 'cli',
          ready: 1,
          failed: 1,
          published: 0,
        }),
      ]);
      const id = String(runs[0]!.id);
      const { run, events } = await shown(data, id);
      expect(run).toMatchObject({
        source: 'cli',
        state: 'finished',
        progress: 'All designs generated!',
        actor: { id: expect.stringMatching(/^cli:.+@.+$/), email: '' },
        cli: { outDir: out, offline: false, publish: false, delayMs: 0 },
      });
      expect(run.products.map((p) => [p.name, p.status, p.failedStep])).toEqual([
        ['Prompt Whisperer 1', 'error', 'design'],
        ['Prompt Whisperer 2', 'ready', undefined],
      ]);
      expect(run.products[0]!.error).toMatch(/^OpenAI/);
      expect(events.map((e) => e.kind)).toEqual(['started', 'concepts', 'finished']);
      // The design is in the designs folder under a name of its own: the very file of the output folder.
      const preview = path.join(data, 'designs', run.products[1]!.preview!);
      expect(statSync(preview).ino).toBe(statSync(doc.products[1]!.files!.preview).ino);
      expect(statSync(path.join(data, 'designs', run.products[1]!.print!)).ino).toBe(statSync(doc.products[1]!.files!.print).ino);

      // The page reads the same run: its list, the run with an image it serves.
      expect(services.runs!.list().map((r) => [r.id, r.source])).toEqual([[id, 'cli']]);
      const view = services.runs!.get(id)!;
      expect(view.products[1]!.imageUrl).toBe(`/api/designs/${run.products[1]!.preview}`);
      expect(await services.designFile(run.products[1]!.preview!)).toBe(preview);

      const text = await cli(['runs', 'show', id], data);
      expect(text.stdout).toContain(`Run ${id} (finished)`);
      expect(text.stdout).toContain(`Started on tshirt-gen generate, files in ${out}, by cli:`);
    } finally {
      await services.close();
    }
  });

  it('--publish: published under the publish key the store holds, so publishing again makes nothing new', async () => {
    const data = await dataDir();
    const result = await cli(['--count', '1', '--offline', '--delay', '0', '--publish', '--json', '--seed', '9'], data);
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.stdout) as RunDocument;
    expect(doc.products.map((p) => p.status)).toEqual(['published']);

    const [summary] = await listed(data);
    expect(summary).toMatchObject({ source: 'cli', state: 'finished', published: 1 });
    const { run, events } = await shown(data, String(summary!.id));
    const [product] = run.products;
    expect(product).toMatchObject({ status: 'published', shopId: doc.products[0]!.productId, handle: doc.products[0]!.handle });
    expect(product!.handle!.endsWith(`-${product!.publishKey}`)).toBe(true);
    expect(events.map((e) => e.kind)).toEqual(['started', 'concepts', 'publish', 'published', 'finished']);
    expect(events.find((e) => e.kind === 'publish')!.actor!.id).toMatch(/^cli:/);

    const again = await cli(['runs', 'publish', String(summary!.id)], data);
    expect(again.stderr).toContain('Nothing to publish');
    const shop = LocalShopStore.open(data);
    try {
      expect(shop.productCount()).toBe(1);
    } finally {
      shop.close();
    }
  });

  it('--publish skips a product the page claimed meanwhile, saying so: every product is published once, by one of them', async () => {
    const data = await dataDir();
    const shop = await startShopifyAdminServer({ token: 'shpat_runs' });
    const shopify = { SHOPIFY_STORE_DOMAIN: shop.origin, SHOPIFY_ADMIN_TOKEN: 'shpat_runs' };
    // The server over the same DATA_DIR, publishing to the same store.
    const services = createGeneratorServices({
      config: loadConfig({ DATA_DIR: data, HOST: '127.0.0.1', GENERATOR_DELAY_MS: '0', ...shopify }, work),
      log: () => undefined,
    });
    // The second design is held until the page has claimed the first product.
    const pageClaimed = Promise.withResolvers<void>();
    try {
      const artwork = await artworkPng();
      let images = 0;
      const server = await startOpenAIServer(async (request) => {
        if (request.path === '/v1/chat/completions') return { json: conceptsCompletion([concept(1), concept(2)]) };
        if (images++ === 1) await pageClaimed.promise;
        return { json: imagesResponse(artwork.toString('base64')) };
      });
      servers.push(server);
      const child = spawnCli(
        ['--count', '2', '--theme', 'owls in standups', '--delay', '0', '--publish'],
        env(data, { ...shopify, OPENAI_API_KEY: 'sk-test-SECRET-0123456789', OPENAI_BASE_URL: server.baseURL }),
      );
      const exit = finished(child);
      await waitForOutput(child, 'stdout', /ready: .+-print\.png\n/);
      const id = services.runs!.latestId()!;
      // "Publish to Shopify" on the first card, while the CLI is still designing the second.
      expect(services.runs!.runner.publish(id, [0], { id: 'u1', email: 'staff@example.com' })).toEqual([0]);
      pageClaimed.resolve();
      const result = await exit;
      await services.runs!.runner.idle(id);

      const [first, second] = services.runs!.get(id)!.products;
      expect([first!.status, second!.status]).toEqual(['published', 'published']);
      const events = await shown(data, id).then(({ events }) => events.filter((e) => e.index === 0));
      expect(events.map((e) => [e.kind, e.actor?.id ?? null])).toEqual([
        ['publish', 'u1'],
        ['published', null],
      ]);
      // One lookup and one product per publish key: the shop was asked about the first product once.
      const lookups = shop.calls.filter((c) => c.operation === 'productByIdentifier');
      expect(lookups.map((c) => (c.variables.identifier as { handle: string }).handle).sort()).toEqual(
        [first!.handle, second!.handle].sort(),
      );
      expect(shop.products.map((p) => p.handle).sort()).toEqual([first!.handle, second!.handle].sort());
      // The CLI published the second product only, and said why not the first.
      expect(result.stdout).toMatch(
        /\n {2}skipped: Prompt Whisperer 1: taken meanwhile by the \/generator page or tshirt-gen runs \(now (publishing|published)\)\n/,
      );
      expect(result.stdout).toContain('  published: Prompt Whisperer 2 published to Shopify!');
      expect(result.stdout).not.toContain('published: Prompt Whisperer 1');
      expect(result.code).toBe(3);
    } finally {
      pageClaimed.resolve();
      await services.close();
      await shop.close();
    }
  });

  // Six CLI processes one after another: 11 to 36 s in full runs of the suite.
  it('Ctrl-C mid-run: recorded as stopped, and `runs resume` makes the missing designs without redoing the finished one', async () => {
    const data = await dataDir();
    const out = path.join(work, 'interrupted');
    const result = await interruptedRun(data, out, 3, 21);
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/\nStopped \(SIGINT\): 1 of 3 designs finished and kept in .+\.\n$/);

    const [summary] = await listed(data);
    expect(summary).toMatchObject({ source: 'cli', state: 'stopped', ready: 1, failed: 2 });
    const id = String(summary!.id);
    const before = await shown(data, id);
    expect(before.run.products.map((p) => [p.status, p.error])).toEqual([
      ['ready', undefined],
      ['error', STOPPED_BEFORE_DESIGN],
      ['error', STOPPED_BEFORE_DESIGN],
    ]);
    expect(before.events.at(-1)).toMatchObject({
      kind: 'stopped',
      detail: { signal: 'SIGINT' },
      actor: { id: expect.stringMatching(/^cli:/) },
    });
    expect((await cli(['runs', 'show', id], data)).stdout).toContain(`tshirt-gen runs resume ${id} goes on with it`);
    const firstDesign = path.join(data, 'designs', before.run.products[0]!.preview!);
    const firstMade = statSync(firstDesign).mtimeMs;
    const stoppedFile = JSON.parse(await fs.readFile(path.join(out, 'concepts.json'), 'utf8')) as RunDocument;
    expect([stoppedFile.status, stoppedFile.signal, stoppedFile.products.map((p) => p.status)]).toEqual([
      'cancelled',
      'SIGINT',
      ['ready', 'pending', 'pending'],
    ]);
    const firstFiles = stoppedFile.products[0]!.files!;

    const resumed = await cli(['runs', 'resume', id], data);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('All designs generated!');
    expect(resumed.stderr).toContain(`2 new designs in ${out}; concepts.json updated.`);
    // The output folder catches up: every design in it, and concepts.json says what the run now holds.
    const resumedFile = JSON.parse(await fs.readFile(path.join(out, 'concepts.json'), 'utf8')) as RunDocument;
    expect(resumedFile).toMatchObject({ status: 'succeeded', exitCode: 0, theme: stoppedFile.theme, seed: 21 });
    expect(resumedFile.signal).toBeUndefined();
    expect(resumedFile.products.map((p) => [p.status, p.error])).toEqual([
      ['ready', undefined],
      ['ready', undefined],
      ['ready', undefined],
    ]);
    expect(resumedFile.products[0]!.files).toEqual(firstFiles);
    for (const product of resumedFile.products) {
      expect(existsSync(path.join(out, product.files!.print))).toBe(true);
      expect(existsSync(path.join(out, product.files!.preview))).toBe(true);
    }
    expect(readdirSync(out).filter((n) => n.endsWith('-print.png'))).toHaveLength(3);
    const after = await shown(data, id);
    expect(after.run.state).toBe('finished');
    expect(after.run.products.map((p) => p.status)).toEqual(['ready', 'ready', 'ready']);
    // The finished design is the same file, untouched, and each product has exactly one design.
    expect(after.run.products[0]!.preview).toBe(before.run.products[0]!.preview);
    expect(statSync(firstDesign).mtimeMs).toBe(firstMade);
    expect(readdirSync(path.join(data, 'designs')).filter((n) => n.endsWith('-preview.png'))).toHaveLength(3);
    for (const product of after.run.products) expect(existsSync(path.join(data, 'designs', product.print!))).toBe(true);
  }, 180_000);

  it('`runs resume` with an unreadable concepts.json still puts the new design in the output folder and leaves the file as it was', async () => {
    const data = await dataDir();
    const out = path.join(work, 'unreadable-concepts');
    expect((await interruptedRun(data, out, 2, 5)).code).toBe(130);
    writeFileSync(path.join(out, 'concepts.json'), '{"products": [trun');
    const [summary] = await listed(data);

    const resumed = await cli(['runs', 'resume', String(summary!.id)], data);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/1 new design in .+; concepts\.json could not be read \(.+\) and is left as it was\./);
    expect(await fs.readFile(path.join(out, 'concepts.json'), 'utf8')).toBe('{"products": [trun');
    expect(readdirSync(out).filter((n) => n.endsWith('-print.png'))).toHaveLength(2);
  });

  it('a second Ctrl-C, which ends the process at once, still leaves the run recorded as stopped', async () => {
    const data = await dataDir();
    // The recorder in a process that exits in the middle of a design, as signals.ts does on a second Ctrl-C.
    const script = [
      `import { loadConfig } from ${JSON.stringify(path.join(REPO_ROOT, 'shared/config/index.ts'))};`,
      `import { recordRun } from ${JSON.stringify(path.join(REPO_ROOT, 'cli/run/run-record.ts'))};`,
      `const config = loadConfig({ DATA_DIR: ${JSON.stringify(data)} });`,
      "const settings = { outDir: '/nowhere', offline: true, publish: false, delayMs: 0 };",
      "const recorder = recordRun({ config, count: 2, theme: 'cut short', settings, warn: (line) => console.error(line) });",
      "const concepts = [1, 2].map((n) => ({ name: 'Cut ' + n, description: 'd', price: 20, category: 'c', quote_primary: 'q ' + n, keywords: [], index: n - 1, status: 'pending' }));",
      "recorder.products(concepts, undefined, 'design');",
      "recorder.products(concepts, { ...concepts[0], status: 'generating' }, 'design');",
      'process.exit(130);',
    ].join('\n');
    const result = await finished(spawnNode(['--input-type=module', '-e', script], { env: isolatedEnv() }));
    expect([result.code, result.stderr]).toEqual([130, '']);
    const [summary] = await listed(data);
    const { run, events } = await shown(data, String(summary!.id));
    expect(run.state).toBe('stopped');
    expect(run.products.map((p) => [p.status, p.error])).toEqual([
      ['error', STOPPED_BEFORE_DESIGN],
      ['error', STOPPED_BEFORE_DESIGN],
    ]);
    expect(events.at(-1)).toMatchObject({ kind: 'stopped', detail: { atOnce: true } });
  });

  it('goes on unrecorded, saying so in one line, when the store cannot be opened', async () => {
    // DATA_DIR is a file: no store can be made under it; --out is elsewhere.
    const data = path.join(work, 'not-a-folder');
    writeFileSync(data, 'x');
    const out = path.join(work, 'unrecorded');
    const result = await finished(
      spawnCli(['--count', '1', '--offline', '--delay', '0', '--json', '--out', out], isolatedEnv({ DATA_DIR: data })),
    );
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as RunDocument).status).toBe('succeeded');
    expect(result.stderr).toMatch(
      /^tshirt-gen: this run is not recorded in .+runs\.db \([^\n]+\); its files and concepts\.json are kept as usual\.\n/,
    );
  });
});

describe('tshirt-gen runs prune', () => {
  it('--dry-run says what would go; prune removes it, `runs show` says so, and a second prune removes nothing', async () => {
    const data = await dataDir();
    const designs = path.join(data, 'designs');
    await fs.mkdir(designs);
    const fortyDaysAgo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    const store = RunStore.open(data, { now: () => fortyDaysAgo });
    const id = store.createRun({ count: 2, theme: 'long ago', source: 'page', actor: null });
    store.addConcepts(
      id,
      [1, 2].map((n) => ({ name: `Old ${n}`, description: 'd', price: 20, category: 'c', quote_primary: `q ${n}`, keywords: [] })),
    );
    const files = [1, 2].map((n) => {
      const base = `old-${n}-${randomBytes(12).toString('hex')}`;
      for (const kind of ['preview', 'print']) writeFileSync(path.join(designs, `${base}-${kind}.png`), Buffer.alloc(1000));
      return { preview: `${base}-preview.png`, print: `${base}-print.png` };
    });
    store.updateProduct(id, 0, { status: 'ready', ...files[0]! });
    store.updateProduct(id, 1, { status: 'published', ...files[1]!, shopId: 'gid://shopify/Product/7', handle: 'old-2' });
    store.close();

    const dry = await cli(['runs', 'prune', '--dry-run', '--json'], data);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, retentionDays: 30, products: { discarded: 0, retention: 1 }, files: 2 });
    expect(readdirSync(designs)).toHaveLength(4);

    const pruned = await cli(['runs', 'prune'], data);
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).toMatch(
      /^Design clean-up \(DESIGN_RETENTION_DAYS=30\): removed 2 files \(0\.0 MB\): 0 discarded products, 1 products of runs older than \d{4}-\d\d-\d\d, 0 strays; 0 already gone\n$/,
    );
    // The published product keeps its files.
    expect(readdirSync(designs).sort()).toEqual([files[1]!.preview, files[1]!.print].sort());

    const text = await cli(['runs', 'show', id], data);
    expect(text.stdout).toMatch(
      /1\. Old 1: "q 1" \$20\.00 {2}ready\n {5}Design files removed by disk clean-up on \d{4}-\d\d-\d\d; Regenerate Design on the \/generator page makes a new one\n/,
    );

    const again = await cli(['runs', 'prune', '--json'], data, { DESIGN_RETENTION_DAYS: '1' });
    expect(JSON.parse(again.stdout)).toMatchObject({ retentionDays: 1, files: 0, products: { discarded: 0, retention: 0 } });
    const bad = await cli(['runs', 'prune'], data, { DESIGN_RETENTION_DAYS: '0' });
    expect([bad.code, bad.stderr]).toEqual([2, 'tshirt-gen: DESIGN_RETENTION_DAYS must be a whole number of days from 1 to 36500\n']);
  });
});
