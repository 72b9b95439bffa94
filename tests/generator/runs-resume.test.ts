import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import { loadConfig } from '../../shared/config/index.ts';
import { createOfflineDesignProvider } from '../../shared/generator/providers/designs/offline.ts';
import { createServerDesignStore } from '../../site/features/generator/server/design-files.ts';
import { createGeneratorServices } from '../../site/features/generator/server/services.ts';
import { HOLD_UNTIL_KILLED, startServerScript } from '../support/generator-api.ts';
import {
  RunStore,
  STOPPED_BEFORE_DESIGN,
  createRunner,
  type Concept,
  type DesignProvider,
  type Publisher,
  type RunnerHost,
} from '../../shared/generator/index.ts';

/**
 * A process that dies mid-run (kill -9: no clean-up at all) and a new one over the same DATA_DIR:
 * the new one resumes the run, makes the designs still missing once each, in list order, and never
 * makes a finished one again. Real SQLite files, the real offline renderer writing real PNGs.
 */

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const concept = (n: number): Concept => ({
  name: `Resume Shirt ${n}`,
  description: `Shirt number ${n}`,
  price: 24.99,
  category: 'AI Humor',
  quote_primary: `Quote number ${n} for the printer`,
  keywords: ['ai'],
});

function hostOver(dataDir: string, designs: DesignProvider, publisher?: Publisher): RunnerHost & { store: RunStore } {
  const store = RunStore.open(dataDir);
  return {
    store,
    brand: BRAND,
    concepts: { generateConcepts: async (request) => Array.from({ length: request.productCount }, (_, i) => concept(i + 1)) },
    designs,
    publisher: publisher ?? { shopName: 'Shopify', publish: async () => ({ productId: 'gid://shopify/Product/1' }) },
    delayMs: 0,
    designFiles: (design) => ({
      preview: path.basename(design.files?.preview ?? fileURLToPath(design.imageUrl)),
      ...(design.files?.print ? { print: path.basename(design.files.print) } : {}),
    }),
    imageUrlOf: (preview) => `/api/designs/${preview}`,
    removeFiles: async () => undefined,
  };
}

describe('a run after kill -9', () => {
  it('resumes where it stood: no design made twice, none skipped, finished ones kept', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'runs-resume-'));
    roots.push(root);
    const dataDir = path.join(root, 'data');
    const designsDir = path.join(dataDir, 'designs');
    const renderer = createOfflineDesignProvider({ store: createServerDesignStore(designsDir), print: false, seed: 7 });
    const made: string[] = [];

    // The first process: the third design never finishes (the process dies while it renders).
    let reachedThird: () => void = () => {};
    const third = new Promise<void>((resolve) => {
      reachedThird = resolve;
    });
    const first = hostOver(dataDir, {
      async generateDesign(request, signal) {
        if (request.productName === 'Resume Shirt 3') {
          reachedThird();
          return new Promise(() => {}); // killed here
        }
        made.push(`first:${request.productName}`);
        return renderer.generateDesign(request, signal);
      },
    });
    const runId = createRunner(first).start({ count: 4, theme: 'resuming', source: 'page', actor: null });
    await third;
    const before = first.store.getRun(runId)!;
    expect(before.products.map((p) => p.status)).toEqual(['ready', 'ready', 'generating', 'pending']);
    // No close: a killed process cleans nothing up; its connection simply stops.

    // The restarted process over the same folder.
    const second = hostOver(dataDir, {
      async generateDesign(request, signal) {
        made.push(`second:${request.productName}`);
        return renderer.generateDesign(request, signal);
      },
    });
    const runner = createRunner(second);
    runner.resumeAll();
    await runner.idle();
    const after = second.store.getRun(runId)!;
    expect(after.state).toBe('finished');
    expect(after.progress).toBe('All designs generated!');
    expect(after.products.map((p) => p.status)).toEqual(['ready', 'ready', 'ready', 'ready']);
    expect(made).toEqual(['first:Resume Shirt 1', 'first:Resume Shirt 2', 'second:Resume Shirt 3', 'second:Resume Shirt 4']);
    // The finished designs are the very files the first process made.
    expect(after.products.slice(0, 2).map((p) => p.preview)).toEqual(before.products.slice(0, 2).map((p) => p.preview));
    expect(readdirSync(designsDir).filter((f) => f.endsWith('-preview.png'))).toHaveLength(4);
    await runner.close();
    second.store.close();
  });

  it('a publish cut short is published again under the same key, which finds the product already made', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'runs-resume-'));
    roots.push(root);
    const dataDir = path.join(root, 'data');
    const renderer = createOfflineDesignProvider({ store: createServerDesignStore(path.join(dataDir, 'designs')), print: false, seed: 3 });
    // A shop that keeps products by key, as the embedded shop and the Shopify publisher do.
    const shop = new Map<string, string>();
    const keys: string[] = [];
    let answerLost = true;
    const publisher: Publisher = {
      shopName: 'Shopify',
      async publish(product) {
        keys.push(product.publishKey!);
        if (!shop.has(product.publishKey!)) shop.set(product.publishKey!, `gid://shopify/Product/${shop.size + 1}`);
        // The first time the shop accepts the product but the answer never arrives (the process dies).
        if (answerLost) {
          answerLost = false;
          return new Promise(() => {});
        }
        return { productId: shop.get(product.publishKey!)!, handle: product.publishKey! };
      },
    };
    const first = hostOver(dataDir, renderer, publisher);
    const firstRunner = createRunner(first);
    const runId = firstRunner.start({ count: 1, theme: 'publishing', source: 'page', actor: null });
    await firstRunner.idle(runId);
    expect(firstRunner.publish(runId, undefined, null)).toEqual([0]);
    expect(firstRunner.publish(runId, [0], null)).toEqual([]); // a second click finds it taken
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(first.store.getRun(runId)!.products[0]!.status).toBe('publishing');

    const second = hostOver(dataDir, renderer, publisher);
    const runner = createRunner(second);
    runner.resumeAll();
    await runner.idle();
    const product = second.store.getRun(runId)!.products[0]!;
    expect(product.status).toBe('published');
    expect(shop.size).toBe(1);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(product.shopId).toBe('gid://shopify/Product/1');
    expect(product.handle).toBe(keys[0]);
    expect(keys[0]).toMatch(/^resume-shirt-1-[0-9a-f]{12}$/);
    await runner.close();
    second.store.close();
  });

  it('a redesign cut short in a finished or stopped run is made on the next start, once, and the run keeps its state', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'runs-resume-'));
    roots.push(root);
    const dataDir = path.join(root, 'data');
    const settings = { DATA_DIR: dataDir, HOST: '127.0.0.1', GENERATOR_DELAY_MS: '0' };
    // A server process: a finished run with both designs being made again, a stopped one with its first retried.
    const { child, exit, printed } = await startServerScript(root, settings, [
      "const done = runs.start({ count: 2, theme: 'finished then redesigned', actor: null }).id;",
      'await runs.runner.idle(done);',
      "const stopped = runs.start({ count: 2, theme: 'stopped then retried', actor: null }).id;",
      'while (runs.store.getRun(stopped).products.length === 0) await runs.waitForChange(stopped, runs.store.version(stopped), 60000);',
      'runs.runner.stop(stopped, null);',
      'await runs.runner.idle(stopped);',
      // Each records its design as begun before it returns.
      'runs.runner.regenerate(done, 0, null);',
      'runs.runner.regenerate(done, 1, null);',
      'runs.runner.retry(stopped, 0, null);',
      "const statuses = (id) => runs.store.getRun(id).products.map((p) => p.status).join(' ');",
      'console.log(JSON.stringify({ done, stopped, before: [statuses(done), statuses(stopped)] }));',
      // Nothing more happens here: the designs on their way are never recorded, and the process is killed.
      HOLD_UNTIL_KILLED,
    ]);
    child.kill('SIGKILL');
    expect((await exit).signal).toBe('SIGKILL');
    const { done, stopped, before } = printed as { done: string; stopped: string; before: string[] };
    expect(before).toEqual(['generating pending', 'generating error']);

    // The server started again over the same DATA_DIR.
    const services = createGeneratorServices({ config: loadConfig(settings, root), log: () => undefined });
    try {
      // Its start-up resume runs on the next turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      await services.runs!.runner.idle();
      const redesigned = services.runs!.store.getRun(done)!;
      expect(redesigned.state).toBe('finished');
      expect(redesigned.products.map((p) => [p.status, p.designAttempt])).toEqual([
        ['ready', 1],
        ['ready', 1],
      ]);
      const retried = services.runs!.store.getRun(stopped)!;
      expect(retried.state).toBe('stopped');
      expect(retried.products.map((p) => [p.status, p.error])).toEqual([
        ['ready', undefined],
        ['error', STOPPED_BEFORE_DESIGN],
      ]);
      for (const product of [...redesigned.products, retried.products[0]!])
        expect(existsSync(path.join(dataDir, 'designs', product.preview!))).toBe(true);
    } finally {
      await services.close();
    }
  });
});
