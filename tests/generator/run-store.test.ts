import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import {
  createRunner,
  markStopped,
  ownerAlive,
  ownerLabel,
  processOwner,
  RUNS_DB_PATH,
  RunStore,
  STOPPED_BEFORE_DESIGN,
  type Concept,
  type RunnerHost,
} from '../../shared/generator/index.ts';
import { finished, isolatedEnv, REPO_ROOT, spawnNode } from '../support/child-process.ts';

/**
 * The run store shared by processes (docs/behaviour/generator.md, "Runs"): the server and CLI runs
 * open DATA_DIR/generator/runs.db at once, a store made by an older version gains its new columns,
 * and a run another process drives is left to it, or recorded as interrupted once that process is gone.
 */

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tempData(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'run-store-'));
  roots.push(root);
  return root;
}

const concept = (n: number): Concept => ({
  name: `Store Shirt ${n}`,
  description: `Shirt ${n}`,
  price: 20,
  category: 'AI Humor',
  quote_primary: `Quote ${n}`,
  keywords: ['ai'],
});

/** A process on this machine that has ended: no process has this id (Linux's largest is 4194304). */
const GONE = `${os.hostname()}:4194305`;

/** When this process's parent started, in clock ticks since boot (Linux: /proc/{pid}/stat, field 22). */
function startOfParent(): string {
  return readFileSync(`/proc/${process.ppid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19]!;
}

describe('the run store between processes', () => {
  it('a store made before owners, CLI settings and file removal times gains the columns and keeps its runs', () => {
    const data = tempData();
    mkdirSync(path.join(data, 'generator'));
    const db = new DatabaseSync(path.join(data, RUNS_DB_PATH));
    // The first release's tables.
    db.exec(`
      CREATE TABLE runs (id TEXT PRIMARY KEY, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, count INTEGER NOT NULL,
        theme TEXT NOT NULL, guidelines TEXT, state TEXT NOT NULL, progress TEXT NOT NULL DEFAULT '', error TEXT,
        source TEXT NOT NULL, actor_id TEXT, actor_email TEXT, version INTEGER NOT NULL DEFAULT 1);
      CREATE TABLE run_products (run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE, idx INTEGER NOT NULL,
        name TEXT NOT NULL, description TEXT NOT NULL, price REAL NOT NULL, category TEXT NOT NULL, quote_primary TEXT NOT NULL,
        keywords TEXT NOT NULL, status TEXT NOT NULL, error TEXT, failed_step TEXT, preview_file TEXT, print_file TEXT,
        design_attempt INTEGER NOT NULL DEFAULT 0, publish_key TEXT NOT NULL UNIQUE, shop_id TEXT, handle TEXT, published_at TEXT,
        edited_at TEXT, discarded_at TEXT, files_removed INTEGER NOT NULL DEFAULT 0, updated_at TEXT NOT NULL, PRIMARY KEY (run_id, idx));
      INSERT INTO runs (id, created_at, updated_at, count, theme, state, source) VALUES ('00000000000000aa', '2026-10-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z', 1, 'older', 'finished', 'page');
      INSERT INTO run_products (run_id, idx, name, description, price, category, quote_primary, keywords, status, publish_key, updated_at)
        VALUES ('00000000000000aa', 0, 'Old Shirt', 'd', 20, 'c', 'q', '[]', 'ready', 'abcdefabcdef', '2026-10-01T00:00:00.000Z');
    `);
    db.close();

    const store = RunStore.open(data);
    expect(store.getRun('00000000000000aa')).toMatchObject({ theme: 'older', products: [{ name: 'Old Shirt', status: 'ready' }] });
    expect(store.listRuns()).toEqual([expect.objectContaining({ id: '00000000000000aa', source: 'page', ready: 1 })]);
    const id = store.createRun({
      count: 1,
      theme: 'new',
      source: 'cli',
      actor: { id: 'cli:someone@somewhere', email: '' },
      owner: processOwner(),
      cli: { outDir: '/tmp/out', offline: true, seed: 4, publish: false, delayMs: 0 },
    });
    expect(store.getRun(id)).toMatchObject({ owner: processOwner(), cli: { outDir: '/tmp/out', seed: 4 }, source: 'cli' });
    store.close();
    // Opening it again changes nothing.
    RunStore.open(data).close();
  });

  it('a write waits while another process holds the write lock, and reads go on meanwhile (WAL, busy timeout)', async () => {
    const data = tempData();
    const store = RunStore.open(data);
    const id = store.createRun({ count: 1, theme: 'shared', source: 'page', actor: null });
    // Another thread with its own connection, as the server and a CLI run each have one.
    const worker = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const { DatabaseSync } = require('node:sqlite');
       const db = new DatabaseSync(workerData.file);
       db.exec('BEGIN IMMEDIATE');
       db.prepare("UPDATE runs SET progress = 'from the other process'").run();
       parentPort.postMessage('holding');
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 600);
       db.exec('COMMIT');
       db.close();`,
      { eval: true, workerData: { file: path.join(data, RUNS_DB_PATH) } },
    );
    await new Promise((resolve) => worker.once('message', resolve));
    // Reading is not held up, and sees only what was committed.
    expect(store.getRun(id)!.progress).toBe('');
    const started = performance.now();
    store.setProgress(id, 'mine');
    expect(performance.now() - started).toBeGreaterThan(300);
    expect(store.getRun(id)!.progress).toBe('mine');
    await worker.terminate();
    store.close();
  });

  it('four processes opening a new store at once all get it, and all their runs are there', async () => {
    const data = tempData();
    const script = (n: number) =>
      [
        `import { RunStore } from ${JSON.stringify(path.join(REPO_ROOT, 'shared/generator/runs/run-store.ts'))};`,
        `const store = RunStore.open(${JSON.stringify(data)});`,
        `store.createRun({ count: 1, theme: 'process ${n}', source: 'cli', actor: null });`,
        'store.close();',
      ].join('\n');
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => finished(spawnNode(['--input-type=module', '-e', script(n)], { env: isolatedEnv() }))),
    );
    expect(results.map((r) => [r.code, r.stderr])).toEqual([1, 2, 3, 4].map(() => [0, '']));
    const store = RunStore.open(data);
    expect(
      store
        .listRuns()
        .map((r) => r.theme)
        .sort(),
    ).toEqual(['process 1', 'process 2', 'process 3', 'process 4']);
    store.close();
  });
});

describe('runs another process drives', () => {
  function host(store: RunStore, made: string[]): RunnerHost {
    return {
      store,
      brand: BRAND,
      concepts: { generateConcepts: async (request) => Array.from({ length: request.productCount }, (_, i) => concept(i + 1)) },
      designs: {
        async generateDesign(request) {
          made.push(request.productName);
          const slug = request.productName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
          return { imageUrl: `file:///designs/${slug}-${'ab'.repeat(12)}-preview.png` };
        },
      },
      publisher: { shopName: 'Shopify', publish: async () => ({ productId: 'gid://shopify/Product/1' }) },
      delayMs: 0,
      designFiles: (design) => ({ preview: path.basename(design.imageUrl) }),
      imageUrlOf: (preview) => `/api/designs/${preview}`,
      removeFiles: async () => undefined,
    };
  }

  /** A CLI run as `tshirt-gen generate` leaves it when it stops in the middle: one design made, one being made, one waiting. */
  function cliRunMidway(store: RunStore, owner: string): string {
    const id = store.createRun({ count: 3, theme: 'midway', source: 'cli', actor: { id: 'cli:me@here', email: '' }, owner });
    store.addConcepts(id, [concept(1), concept(2), concept(3)]);
    store.updateProduct(id, 0, { status: 'ready', preview: `store-shirt-1-${'cd'.repeat(12)}-preview.png` });
    store.updateProduct(id, 1, { status: 'generating' });
    return id;
  }

  /** A page run whose two products have their designs, ready to publish. */
  function readyPageRun(store: RunStore): string {
    const id = store.createRun({ count: 2, theme: 'claims', source: 'page', actor: null });
    store.addConcepts(id, [concept(1), concept(2)]);
    for (const index of [0, 1])
      store.updateProduct(id, index, { status: 'ready', preview: `store-shirt-${index + 1}-${'ef'.repeat(12)}-preview.png` });
    return id;
  }

  it('tells a live owner from a gone one', () => {
    expect(ownerAlive(processOwner())).toBe(true);
    expect(ownerAlive(`${os.hostname()}:${process.ppid}`)).toBe(true);
    expect(ownerAlive(GONE)).toBe(false);
    // Another machine's process cannot be checked: it is taken to be alive.
    expect(ownerAlive('some-other-host.example:1')).toBe(true);
  });

  it.runIf(process.platform === 'linux')('tells a live process from a later one given the same pid, by when it started', () => {
    const me = processOwner();
    expect(me).toMatch(new RegExp(`^${os.hostname()}:${process.pid}@\\d+$`));
    expect(ownerLabel(me)).toBe(`${os.hostname()}:${process.pid}`);
    const parentStart = startOfParent();
    expect(ownerAlive(`${os.hostname()}:${process.ppid}@${parentStart}`)).toBe(true);
    // The same pids, started at another time: earlier processes that had them, long gone.
    expect(ownerAlive(`${os.hostname()}:${process.ppid}@${Number(parentStart) - 1}`)).toBe(false);
    expect(ownerAlive(`${os.hostname()}:${process.pid}@1`)).toBe(false);
    // Recorded before owners carried a start time: the pid alone decides, as it did.
    expect(ownerAlive(`${os.hostname()}:${process.ppid}`)).toBe(true);
  });

  it.runIf(process.platform === 'linux')('a CLI run whose pid now belongs to another process is noticed as interrupted', () => {
    const store = RunStore.open(tempData());
    const parentStart = startOfParent();
    const id = cliRunMidway(store, `${os.hostname()}:${process.ppid}@${Number(parentStart) - 1}`);
    const lines: string[] = [];
    const runner = createRunner({ ...host(store, []), log: (line) => lines.push(line) });
    runner.resumeAll();
    expect(store.getRun(id)!.state).toBe('stopped');
    expect(store.runningRunIds()).toEqual([]);
    expect(lines).toEqual([
      `Generator run ${id} was interrupted (its tshirt-gen process ${os.hostname()}:${process.ppid} is gone): tshirt-gen runs resume ${id}`,
    ]);
  });

  it('a CLI run whose process is killed while the server runs is noticed as interrupted, and no longer blocks', async () => {
    const store = RunStore.open(tempData());
    // A real tshirt-gen stand-in: a process that lives until it is killed outright.
    const child = spawnNode(['-e', 'setInterval(() => {}, 1000)'], { env: isolatedEnv() });
    const owner = `${os.hostname()}:${child.pid}`;
    const id = cliRunMidway(store, owner);
    const lines: string[] = [];
    const runner = createRunner({ ...host(store, []), log: (line) => lines.push(line) });
    runner.resumeAll();
    // Alive: left to it, however often the server looks.
    expect(runner.noticeInterrupted()).toEqual([]);
    expect(store.getRun(id)!.state).toBe('running');

    child.kill('SIGKILL');
    await finished(child);
    expect(runner.noticeInterrupted()).toEqual([id]);
    expect(store.getRun(id)!.state).toBe('stopped');
    expect(store.runningRunIds()).toEqual([]);
    expect(store.events(id).at(-1)).toMatchObject({ kind: 'stopped', detail: { interrupted: owner } });
    expect(lines).toEqual([`Generator run ${id} was interrupted (its tshirt-gen process ${owner} is gone): tshirt-gen runs resume ${id}`]);
    // Once only.
    expect(runner.noticeInterrupted()).toEqual([]);
    await runner.close();
    store.close();
  });

  it('the server leaves a CLI run whose process is alive alone, and records one whose process is gone as interrupted', async () => {
    const store = RunStore.open(tempData());
    const alive = cliRunMidway(store, processOwner());
    const gone = cliRunMidway(store, GONE);
    const made: string[] = [];
    const lines: string[] = [];
    // The server's runner: no owner of its own.
    const runner = createRunner({ ...host(store, made), log: (line) => lines.push(line) });
    runner.resumeAll();
    await runner.idle();
    expect(made).toEqual([]);

    expect(store.getRun(alive)!.state).toBe('running');
    expect(store.getRun(alive)!.products.map((p) => p.status)).toEqual(['ready', 'generating', 'pending']);
    // The page's Stop cannot stop another process: it says where to.
    expect(() => runner.stop(alive, null)).toThrow(
      `This run is going in tshirt-gen (${os.hostname()}:${process.pid}): stop it there with Ctrl-C`,
    );
    expect(store.getRun(alive)!.state).toBe('running');
    // Nor may the page have the server design in it while that process does: it says to wait or stop it there.
    const designing = `This run is going in tshirt-gen (${os.hostname()}:${process.pid}): wait for it to finish or stop it there`;
    expect(() => runner.regenerate(alive, 0, null)).toThrow(designing);
    expect(() => runner.edit(alive, 0, { quote_primary: 'A quote of its own' }, null)).toThrow(designing);
    // A pending product's new quote would not reach the design that process makes from its own list.
    expect(() => runner.edit(alive, 2, { quote_primary: 'A quote of its own' }, null)).toThrow(designing);
    // What the design does not show may change.
    expect(runner.edit(alive, 2, { price: 31 }, null).price).toBe(31);
    await runner.idle();
    expect(made).toEqual([]);
    expect(store.getRun(alive)!.products.map((p) => [p.status, p.quote_primary])).toEqual([
      ['ready', 'Quote 1'],
      ['generating', 'Quote 2'],
      ['pending', 'Quote 3'],
    ]);

    const interrupted = store.getRun(gone)!;
    expect(interrupted.state).toBe('stopped');
    expect(interrupted.products.map((p) => [p.status, p.error])).toEqual([
      ['ready', undefined],
      ['error', STOPPED_BEFORE_DESIGN],
      ['error', STOPPED_BEFORE_DESIGN],
    ]);
    expect(store.events(gone).at(-1)).toMatchObject({ kind: 'stopped', detail: { interrupted: GONE } });
    expect(lines).toContain(
      `Generator run ${gone} was interrupted (its tshirt-gen process ${GONE} is gone): tshirt-gen runs resume ${gone}`,
    );

    // Another process may not resume the live one; the interrupted one is resumed once, without redoing design 1.
    const cli = createRunner({ ...host(store, made), owner: `${os.hostname()}:${process.ppid}` });
    await expect(cli.resume(alive)).rejects.toThrow(/is still going in another process/);
    await cli.resume(gone);
    expect(made).toEqual(['Store Shirt 2', 'Store Shirt 3']);
    expect(store.getRun(gone)).toMatchObject({ state: 'finished', owner: `${os.hostname()}:${process.ppid}` });
    await cli.close();
    await runner.close();
    store.close();
  });

  it('a publish another live process is carrying out is left to it; one whose process is gone is taken over, once', async () => {
    const store = RunStore.open(tempData());
    const id = readyPageRun(store);
    // Product 1 is being published by a `runs publish` that is alive; product 2 was, by one that was killed.
    const child = spawnNode(['-e', 'setInterval(() => {}, 1000)'], { env: isolatedEnv() });
    const live = `${os.hostname()}:${child.pid}`;
    store.updateProduct(id, 0, { status: 'publishing', publisher: live });
    store.updateProduct(id, 1, { status: 'publishing', publisher: GONE });
    const published: string[] = [];
    const publishing = (made: string[]): RunnerHost => ({
      ...host(store, made),
      publisher: {
        shopName: 'Shopify',
        publish: async (product) => {
          published.push(product.name);
          return { productId: `gid://shopify/Product/${published.length}` };
        },
      },
    });

    const server = createRunner(publishing([]));
    server.resumeAll();
    await server.idle();
    expect(published).toEqual(['Store Shirt 2']);
    expect(store.getRun(id)!.products.map((p) => [p.status, p.publisher])).toEqual([
      ['publishing', live],
      ['published', undefined],
    ]);
    // A run stopped meanwhile leaves the live publish alone too.
    markStopped(store, id, { actor: null, releasePublishing: 'orphaned' });
    expect(store.getProduct(id, 0)).toMatchObject({ status: 'publishing', publisher: live });
    await server.close();

    // Once that process is gone, the next start takes its publish over and finishes it.
    child.kill('SIGKILL');
    await finished(child);
    const next = createRunner(publishing([]));
    next.resumeAll();
    await next.idle();
    expect(published).toEqual(['Store Shirt 2', 'Store Shirt 1']);
    expect(store.getProduct(id, 0)).toMatchObject({ status: 'published' });
    await next.close();
    store.close();
  });

  it('resuming a run with nothing being published leaves no stale publisher behind: a Publish after it publishes, and idle() ends', async () => {
    const store = RunStore.open(tempData());
    const id = readyPageRun(store);
    store.setState(id, 'stopped');
    const runner = createRunner(host(store, []));
    // Nothing to design and nothing publishing: the resume's publish loop has nothing to do.
    await runner.resume(id);
    expect(runner.publish(id, [0, 1], null)).toEqual([0, 1]);
    // Timers still run (a loop spinning on a stale entry would starve them), and the claims are published.
    for (let i = 0; i < 100 && store.getRun(id)!.products.some((p) => p.status !== 'published'); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getRun(id)!.products.map((p) => p.status)).toEqual(['published', 'published']);
    await runner.idle(id);
    await runner.close();
    store.close();
  });

  it('a claim names its process, and an orphaned publish is taken over by one write only', async () => {
    const store = RunStore.open(tempData());
    const id = readyPageRun(store);
    const runner = createRunner(host(store, []));
    expect(runner.publish(id, [0], null)).toEqual([0]);
    expect(store.getProduct(id, 0)!.publisher).toBe(processOwner());
    await runner.idle();
    // Published: the claim is over.
    expect(store.getProduct(id, 0)).toMatchObject({ status: 'published' });
    expect(store.getProduct(id, 0)!.publisher).toBeUndefined();
    await runner.close();

    // Two processes finding the same orphaned publish: the first write takes it, the second finds it taken.
    store.updateProduct(id, 1, { status: 'publishing', publisher: GONE });
    const take = (by: string) => store.updateProduct(id, 1, { publisher: by }, { from: ['publishing'], fromPublisher: GONE });
    expect(take('one.example:1')).toMatchObject({ publisher: 'one.example:1' });
    expect(take('two.example:2')).toBeUndefined();
    store.close();
  });

  it('a product a Discard is taking out of the shop is not claimed meanwhile; a removal whose process died holds nothing up', async () => {
    const store = RunStore.open(tempData());
    const id = readyPageRun(store);
    // Both partly published: a publish of each was cut short, and the shop may hold them under their keys.
    for (const index of [0, 1]) store.updateProduct(id, index, { handle: `store-shirt-${index + 1}-0123456789ab`, partlyPublished: true });
    const shopGivesUp = Promise.withResolvers<void>();
    const removed: string[] = [];
    const runner = createRunner({
      ...host(store, []),
      publisher: {
        shopName: 'Shopify',
        publish: async () => ({ productId: 'gid://shopify/Product/2' }),
        remove: async (publishKey) => {
          removed.push(publishKey);
          await shopGivesUp.promise;
          return { productId: 'gid://shopify/Product/1', handle: publishKey };
        },
      },
    });
    const discard = runner.discard(id, 0, null);
    // Held by this process until the shop answers: a publish (the page, `runs publish`, a `generate --publish`) and a second Discard find it taken.
    expect(store.getProduct(id, 0)).toMatchObject({ status: 'ready', publisher: processOwner(), partlyPublished: true });
    expect(runner.publish(id, [0], null)).toEqual([]);
    await expect(runner.discard(id, 0, null)).rejects.toThrow('Store Shirt 1 is being worked on; wait for it to finish');
    shopGivesUp.resolve();
    await discard;
    expect(removed).toEqual(['store-shirt-1-0123456789ab']);
    expect(store.getRun(id)!.products.map((p) => p.index)).toEqual([1]);
    // The history: the removal, the discard, then its design file going.
    expect(
      store
        .events(id)
        .filter((e) => e.index === 0)
        .map((e) => [e.kind, e.detail]),
    ).toEqual([
      ['removed-from-shop', { shopId: 'gid://shopify/Product/1', handle: 'store-shirt-1-0123456789ab' }],
      ['discarded', null],
      ['files-removed', { reason: 'discarded', files: [`store-shirt-1-${'ef'.repeat(12)}-preview.png`] }],
    ]);

    // A failed publish a live process is taking out of the shop cannot be retried meanwhile.
    store.updateProduct(id, 1, { status: 'error', error: 'Shopify productUpdate failed', failedStep: 'publish' });
    store.updateProduct(id, 1, { publisher: processOwner() });
    expect(() => runner.retry(id, 1, null)).toThrow('Store Shirt 2 is being worked on; wait for it to finish');
    // One whose process died while it was at it holds nothing up: Retry publishes it.
    store.updateProduct(id, 1, { publisher: GONE });
    expect(runner.retry(id, 1, null)).toMatchObject({ status: 'publishing' });
    await runner.idle();
    expect(store.getProduct(id, 1)).toMatchObject({ status: 'published', shopId: 'gid://shopify/Product/2' });
    await runner.close();
    store.close();
  });

  it('the server picks up its own run that a `runs resume` left when it died', async () => {
    const store = RunStore.open(tempData());
    const id = store.createRun({ count: 2, theme: 'page run', source: 'page', actor: null, owner: GONE });
    store.addConcepts(id, [concept(1), concept(2)]);
    const made: string[] = [];
    const runner = createRunner(host(store, made));
    runner.resumeAll();
    await runner.idle();
    expect(made).toEqual(['Store Shirt 1', 'Store Shirt 2']);
    expect(store.getRun(id)).toMatchObject({ state: 'finished' });
    expect(store.getRun(id)!.owner).toBeUndefined();
    await runner.close();
    store.close();
  });
});
