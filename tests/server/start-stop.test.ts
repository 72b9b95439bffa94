import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { finishedBuilds } from '../../site/server/build-dirs.ts';
import { startStoreApp, StoreStartCancelled, type StoreApp } from '../../site/server/store-app.ts';
import {
  cleanUpAfterTests,
  deliverProductsCreate,
  freePort,
  oldBuildSlowToDelete,
  spawnStore,
  startScriptedCatalogue,
  statusOf,
  waitForStatus,
  type ScriptedCatalogue,
  type StartedProcess,
} from '../support/store-start.ts';

/**
 * The moment the first build is swapped in, while the start still deletes the builds of earlier
 * runs: a stop then cancels the start (the process exits as a normal stop), and a change from
 * Shopify accepted then gets a build of its own after the first one.
 */

const { live, tempDir } = cleanUpAfterTests<{ store: StartedProcess; app: StoreApp; catalogue: ScriptedCatalogue }>(
  ['store', 'app', 'catalogue'],
  // A start cancelled in the middle of deleting an old build may still be deleting it: whatever is left goes.
  { maxRetries: 3 },
);

function tempRoot(): { root: string; dataDir: string; buildsDir: string } {
  const root = tempDir('start-stop-');
  return { root, dataDir: path.join(root, 'data'), buildsDir: path.join(root, 'builds') };
}

function appEnv(dataDir: string, buildsDir: string, origin: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    SHOPIFY_STORE_DOMAIN: origin,
    SHOPIFY_STOREFRONT_TOKEN: 'public-token',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    SITE_BUILDS_DIR: buildsDir,
    ...extra,
  };
}

describe('a stop during the first build', () => {
  it('kills the build and cancels the start at once; the half-made build is never marked finished, the builds of earlier runs stay', async () => {
    live.catalogue = await startScriptedCatalogue(1);
    // The catalogue never answers in this test: the build waits on it.
    live.catalogue.failure = { status: 200, body: {}, delayMs: 60_000 };
    const { dataDir, buildsDir } = tempRoot();
    const old = oldBuildSlowToDelete(buildsDir, 3);
    const stop = new AbortController();
    const starting = startStoreApp({
      env: appEnv(dataDir, buildsDir, live.catalogue.origin, { STOREFRONT_TIMEOUT_MS: '120000' }),
      log: () => {},
      signal: stop.signal,
    });
    const outcome = starting.then(
      (started) => {
        live.app = started;
        return 'started' as const;
      },
      (error: unknown) => error,
    );
    // The build has asked for the catalogue: it is under way.
    while (live.catalogue.productRequests.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    stop.abort();
    const stoppedAt = Date.now();
    expect(await outcome).toBeInstanceOf(StoreStartCancelled);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    // The half-made build may outlive the start for a moment (it is deleted as its build dies); it is never marked finished.
    expect(existsSync(old)).toBe(true);
    expect(await finishedBuilds(buildsDir)).toEqual([]);
  });
});

describe('a stop right after the first build is swapped in', () => {
  it('cancels the start (the server closes) while the old builds are still being deleted', async () => {
    live.catalogue = await startScriptedCatalogue(1);
    const { dataDir, buildsDir } = tempRoot();
    const old = oldBuildSlowToDelete(buildsDir);
    const stop = new AbortController();
    const { promise: listening, resolve: onListening } = Promise.withResolvers<string>();
    const lines: string[] = [];
    const starting = startStoreApp({
      env: appEnv(dataDir, buildsDir, live.catalogue.origin),
      log: (l) => lines.push(l),
      signal: stop.signal,
      onListening,
    });
    // Kept from failing unobserved while the test waits; the outcome is checked below.
    const outcome = starting.then(
      (started) => {
        live.app = started;
        return 'started' as const;
      },
      (error: unknown) => error,
    );
    const site = await listening;
    await waitForStatus(`${site}/readyz`, 200);
    // The clean-up after the first build is still going: this is the moment under test.
    expect(existsSync(old)).toBe(true);
    stop.abort();
    const stoppedAt = Date.now();
    const result = await outcome;
    expect(result).toBeInstanceOf(StoreStartCancelled);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(await statusOf(`${site}/healthz`)).toBe('refused');
    expect(lines.join('\n')).not.toMatch(/^Generator \(/m);
  });

  it('npm start: a SIGTERM then stops the process with exit code 0, without "Store ready"', async () => {
    live.catalogue = await startScriptedCatalogue(1);
    const { dataDir, buildsDir } = tempRoot();
    oldBuildSlowToDelete(buildsDir);
    const port = await freePort();
    live.store = spawnStore({ dataDir, buildsDir, storefrontOrigin: live.catalogue.origin, port });
    await waitForStatus(`http://127.0.0.1:${port}/readyz`, 200);
    live.store.child.kill('SIGTERM');
    const code = await live.store.exitWithin(10_000);
    expect(code, live.store.output()).toBe(0);
    expect(live.store.output()).toContain('SIGTERM: stopping...');
    expect(live.store.output()).not.toContain('Store ready');
  });
});

describe('a change from Shopify accepted right after the first build is swapped in', () => {
  it('gets a build of its own after the first one, and the log says so only once it is live', async () => {
    live.catalogue = await startScriptedCatalogue(1);
    const { dataDir, buildsDir } = tempRoot();
    oldBuildSlowToDelete(buildsDir);
    const secret = 'start-stop-webhook-secret';
    const lines: string[] = [];
    const { promise: listening, resolve: onListening } = Promise.withResolvers<string>();
    const starting = startStoreApp({
      env: appEnv(dataDir, buildsDir, live.catalogue.origin, { SHOPIFY_WEBHOOK_SECRET: secret }),
      log: (l) => lines.push(l),
      onListening,
      // The follow-up starts as soon as the delivery is answered, so it runs while the start finishes.
      publishQuietMs: 0,
    });
    const site = await listening;
    await waitForStatus(`${site}/readyz`, 200);
    // The product is added in the shop after the first build read the catalogue.
    live.catalogue.products = 2;
    const requestsBefore = live.catalogue.productRequests.length;
    const body = JSON.stringify({ id: 2, title: 'Shirt 2' });
    const answer = await deliverProductsCreate(site, body, secret, 'first-build-window-1');
    expect(await answer.json()).toEqual({ ok: true, rebuild: true });
    live.app = await starting;
    await live.app.publishesSettled();
    expect(live.catalogue.productRequests.length).toBeGreaterThan(requestsBefore);
    expect((await fetch(`${site}/product/shirt-2`)).status).toBe(200);
    const log = lines.join('\n');
    expect(log).toContain('Rebuilding the store for 1 change in Shopify...');
    expect(log).toMatch(/Store rebuilt in \d+\.\d s: the changes are live\./);
    expect(log).not.toContain('Store rebuilt in 0.0 s');
  });
});
