import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStoreApp, type StoreApp } from '../../site/server/store-app.ts';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.ts';
import { cataloguePage, productsRequest } from '../support/scripted-store.ts';

/** /healthz and /readyz across start-up (before the first build is served), serving, and shutdown. */

let shop: ScriptedServer | undefined;
let app: StoreApp | undefined;
const dirs: string[] = [];
afterAll(async () => {
  await app?.close();
  await shop?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function status(url: string): Promise<number | 'refused'> {
  try {
    const response = await fetch(url, { headers: { connection: 'close' } });
    await response.body?.cancel();
    return response.status;
  } catch {
    return 'refused';
  }
}

describe('health endpoints', () => {
  it('healthz answers while the first build runs, readyz only once a build is served, and 503 again while shutting down', async () => {
    // The catalogue answers only when the test lets it, so the first build is held open.
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    shop = await startScriptedServer(async (recorded) => {
      await released;
      return cataloguePage(productsRequest(recorded), 1);
    });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'health-data-'));
    dirs.push(dataDir);
    const { promise: listening, resolve: onListening } = Promise.withResolvers<string>();
    const lines: string[] = [];
    const starting = startStoreApp({
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        SHOPIFY_STORE_DOMAIN: new URL(shop.url).origin,
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        SHUTDOWN_DRAIN_MS: '2500',
      },
      log: (line) => lines.push(line),
      onListening,
    });
    const site = await listening;

    expect(await status(`${site}/healthz`)).toBe(200);
    expect(await status(`${site}/readyz`)).toBe(503);
    const body = await (await fetch(`${site}/healthz`)).text();
    expect(body).toBe('ok\n');

    release();
    app = await starting;
    expect(await status(`${site}/readyz`)).toBe(200);
    expect(await status(`${site}/healthz`)).toBe(200);
    const head = await fetch(`${site}/readyz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect((await fetch(`${site}/readyz`, { method: 'POST' })).status).toBe(405);

    // Shutting down: readyz turns 503 at once while pages are still served, then the port closes.
    const closing = app.close();
    expect(await status(`${site}/readyz`)).toBe(503);
    expect(await status(`${site}/healthz`)).toBe(200);
    expect(await status(`${site}/product/shirt-1`)).toBe(200);
    await closing;
    app = undefined;
    expect(await status(`${site}/healthz`)).toBe('refused');
  });
});
