import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../shared/config/index.ts';
import { createDirectoryDesignStore, RunStore, selectGeneratorProviders, type RunProduct } from '../../shared/generator/index.ts';
import { LocalShopStore } from '../../shared/local-shop/index.ts';
import { finished, isolatedEnv, waitForOutput, type Finished } from '../support/child-process.ts';
import { spawnCli } from '../support/tshirt-gen.ts';

/**
 * `tshirt-gen runs publish` stopped midway (docs/behaviour/cli.md, "tshirt-gen runs"): the first
 * Ctrl-C finishes the product being published and hands the other claims back, a second one quits at
 * once leaving only that product, and a later `runs publish` takes over what a process that is gone
 * left `publishing`. Also `runs list`, which lists every run. The CLI is the real command in a child
 * process over a DATA_DIR whose run is written straight into the run store.
 */

let work: string;
/** One rendered design (preview and print file), copied for every product. */
let design: { preview: string; print: string };

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'cli-runs-stop-'));
  const config = loadConfig({ DATA_DIR: path.join(work, 'render-data') }, work);
  const { designs } = await selectGeneratorProviders({
    designStore: createDirectoryDesignStore(path.join(work, 'rendered')),
    offline: true,
    seed: 3,
    config,
  });
  const made = await designs.generateDesign({ productName: 'Owl', quote: 'Audited by owls', category: 'Owls', colors: ['#111111'] });
  design = made.files!;
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

let runs = 0;

/** A finished /generator run with `count` ready products, each with its own copy of the design. */
function readyRun(count: number): { dataDir: string; id: string } {
  const dataDir = path.join(work, `data-${++runs}`);
  const designsDir = path.join(dataDir, 'designs');
  mkdirSync(designsDir, { recursive: true });
  const store = RunStore.open(dataDir);
  try {
    const id = store.createRun({ count, theme: 'owls who audit spreadsheets', source: 'page', actor: null });
    const concepts = Array.from({ length: count }, (_, i) => ({
      name: `Owl Auditor ${i + 1}`,
      description: 'An owl with a ledger.',
      price: 24.99,
      category: 'Owls',
      quote_primary: `Ledger ${i + 1} balanced`,
      keywords: ['owl'],
    }));
    store.addConcepts(id, concepts);
    for (let i = 0; i < count; i++) {
      const preview = `owl-auditor-${i + 1}-${'a'.repeat(24)}-preview.png`;
      const print = `owl-auditor-${i + 1}-${'a'.repeat(24)}-print.png`;
      copyFileSync(design.preview, path.join(designsDir, preview));
      copyFileSync(design.print, path.join(designsDir, print));
      store.updateProduct(id, i, { status: 'ready', preview, print });
    }
    store.setState(id, 'finished');
    return { dataDir, id };
  } finally {
    store.close();
  }
}

const env = (dataDir: string) => isolatedEnv({ DATA_DIR: dataDir, GENERATOR_DELAY_MS: '0' });

function products(dataDir: string, id: string): RunProduct[] {
  const store = RunStore.open(dataDir);
  try {
    return store.getRun(id)!.products;
  } finally {
    store.close();
  }
}

const withStatus = (list: readonly RunProduct[], status: string) => list.filter((p) => p.status === status);

/** Waits until at least one product of the run is published (the publish under way has got going). */
async function firstPublished(dataDir: string, id: string, exit: Promise<Finished>): Promise<void> {
  let ended = false;
  void exit.then(() => (ended = true));
  const store = RunStore.open(dataDir);
  try {
    for (;;) {
      if (store.getRun(id)!.products.some((p) => p.status === 'published')) return;
      if (ended) throw new Error('runs publish ended before publishing anything');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    store.close();
  }
}

function shopProducts(dataDir: string): number {
  const shop = LocalShopStore.open(dataDir);
  try {
    return shop.productCount();
  } finally {
    shop.close();
  }
}

describe('tshirt-gen runs publish, stopped', () => {
  it('the first Ctrl-C finishes the product being published, hands the other claims back to ready, and exits 130', async () => {
    const { dataDir, id } = readyRun(10);
    const child = spawnCli(['runs', 'publish', id], env(dataDir));
    const exit = finished(child);
    await firstPublished(dataDir, id, exit);
    child.kill('SIGINT');
    const result = await exit;

    expect([result.code, result.signal]).toEqual([130, null]);
    expect(result.stderr).toContain('Publishing 10...');
    expect(result.stderr).toContain('Stopping (SIGINT) after the product being published; press Ctrl-C again to quit at once.');
    const after = products(dataDir, id);
    // Nothing is left claimed: each product is published, or ready to be published again.
    expect(withStatus(after, 'publishing')).toEqual([]);
    const published = withStatus(after, 'published');
    const ready = withStatus(after, 'ready');
    expect(published.length).toBeGreaterThanOrEqual(1);
    expect(published.length + ready.length).toBe(10);
    expect(ready.length).toBeGreaterThan(0);
    // A claim handed back before its publish began was never in the shop: the product may still be changed.
    for (const product of ready) expect(product.partlyPublished).toBeUndefined();
    expect(shopProducts(dataDir)).toBe(published.length);
    expect(result.stderr).toMatch(
      new RegExp(
        `Stopped \\(SIGINT\\): ${published.length} of 10 published; ${ready.length} handed back to ready: tshirt-gen runs publish ${id} publishes them\\.\\n$`,
      ),
    );

    // The next publish goes on with them, each once.
    const again = await finished(spawnCli(['runs', 'publish', id], env(dataDir)));
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`Publishing ${ready.length}...`);
    expect(withStatus(products(dataDir, id), 'published')).toHaveLength(10);
    expect(shopProducts(dataDir)).toBe(10);
  });

  it('SIGTERM stops it the same way with exit 143', async () => {
    const { dataDir, id } = readyRun(8);
    const child = spawnCli(['runs', 'publish', id], env(dataDir));
    const exit = finished(child);
    await firstPublished(dataDir, id, exit);
    child.kill('SIGTERM');
    const result = await exit;
    expect([result.code, result.signal]).toEqual([143, null]);
    expect(withStatus(products(dataDir, id), 'publishing')).toEqual([]);
  });

  it('a second Ctrl-C quits at once, leaving only the product in flight claimed; the next runs publish finishes it, once', async () => {
    const { dataDir, id } = readyRun(12);
    const child = spawnCli(['runs', 'publish', id], env(dataDir));
    const exit = finished(child);
    await firstPublished(dataDir, id, exit);
    child.kill('SIGINT');
    // Two signals sent together may arrive as one: the second goes once the first is taken.
    await waitForOutput(child, 'stderr', /Stopping \(SIGINT\)/);
    child.kill('SIGINT');
    const result = await exit;
    expect([result.code, result.signal]).toEqual([130, null]);
    expect(result.stderr).toContain('stopped at once (SIGINT)');
    const after = products(dataDir, id);
    expect(withStatus(after, 'publishing').length).toBeLessThanOrEqual(1);
    expect(withStatus(after, 'ready').length).toBeGreaterThan(0);

    const again = await finished(spawnCli(['runs', 'publish', id], env(dataDir)));
    expect(again.code).toBe(0);
    expect(withStatus(products(dataDir, id), 'published')).toHaveLength(12);
    expect(shopProducts(dataDir)).toBe(12);
  });

  it('takes over the publishes of a runs publish that was killed outright, publishing each product once, and says so', async () => {
    const { dataDir, id } = readyRun(6);
    const child = spawnCli(['runs', 'publish', id], env(dataDir));
    const exit = finished(child);
    await firstPublished(dataDir, id, exit);
    child.kill('SIGKILL');
    expect((await exit).signal).toBe('SIGKILL');
    const stuck = withStatus(products(dataDir, id), 'publishing');
    expect(stuck.length).toBeGreaterThan(0);

    const again = await finished(spawnCli(['runs', 'publish', id], env(dataDir)));
    expect(again.stderr).not.toContain('Nothing to publish');
    expect(again.stderr).toContain(
      `Taking over ${stuck.length} ${stuck.length === 1 ? 'publish' : 'publishes'} cut short in ${os.hostname()}:${child.pid}, which is gone: each is published under its publish key, so the shop gets it once.`,
    );
    expect(again.code).toBe(0);
    expect(withStatus(products(dataDir, id), 'published')).toHaveLength(6);
    expect(shopProducts(dataDir)).toBe(6);
  });
});

describe('tshirt-gen runs resume, stopped while it publishes', () => {
  it('finishes the publish in flight and hands the others it took over back to ready, still partly published', async () => {
    const { dataDir, id } = readyRun(8);
    // A runs publish killed outright leaves its claims publishing.
    const killed = spawnCli(['runs', 'publish', id], env(dataDir));
    const killedExit = finished(killed);
    await firstPublished(dataDir, id, killedExit);
    killed.kill('SIGKILL');
    await killedExit;
    const publishedBefore = withStatus(products(dataDir, id), 'published').length;

    const child = spawnCli(['runs', 'resume', id], env(dataDir));
    const exit = finished(child);
    const store = RunStore.open(dataDir);
    try {
      while (withStatus(store.getRun(id)!.products, 'published').length === publishedBefore) await new Promise((r) => setTimeout(r, 25));
    } finally {
      store.close();
    }
    child.kill('SIGINT');
    const result = await exit;

    expect([result.code, result.signal]).toEqual([130, null]);
    expect(result.stderr).toContain(
      'Stopping (SIGINT) after the design being made and the product being published; press Ctrl-C again to quit at once.',
    );
    const after = products(dataDir, id);
    expect(withStatus(after, 'publishing')).toEqual([]);
    const ready = withStatus(after, 'ready');
    expect(ready.length).toBeGreaterThan(0);
    // Their publish began in the killed process, and the shop may hold them: they stay partly published.
    for (const product of ready) expect(product.partlyPublished).toBe(true);
    expect(shopProducts(dataDir)).toBe(withStatus(after, 'published').length);
  });
});

describe('tshirt-gen runs list', () => {
  it('lists every run, however many there are', async () => {
    const dataDir = path.join(work, 'many-runs');
    const store = RunStore.open(dataDir);
    try {
      for (let i = 0; i < 205; i++) store.createRun({ count: 1, theme: `theme ${i}`, source: 'page', actor: null });
    } finally {
      store.close();
    }
    const json = await finished(spawnCli(['runs', 'list', '--json'], env(dataDir)));
    expect(json.code).toBe(0);
    const listed = (JSON.parse(json.stdout) as { runs: Array<{ theme: string }> }).runs;
    expect(listed).toHaveLength(205);
    expect([listed[0]!.theme, listed.at(-1)!.theme]).toEqual(['theme 204', 'theme 0']);
    expect(json.stderr).toBe('');

    const table = await finished(spawnCli(['runs', 'list'], env(dataDir)));
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n').filter((line) => / theme \d+$/.test(line))).toHaveLength(205);
  });
});
