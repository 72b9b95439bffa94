import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSiteServer } from '../../site/server/site-server.ts';
import { startStoreApp, type StoreApp } from '../../site/server/store-app.ts';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.ts';
import { cataloguePage, emptyContent, productsRequest } from '../support/scripted-store.ts';
import { statusOf } from '../support/store-start.ts';

/** /healthz and /readyz across start-up (before the first build is served), serving, and shutdown. */

let shop: ScriptedServer | undefined;
let app: StoreApp | undefined;
const dirs: string[] = [];
afterAll(async () => {
  await app?.close();
  await shop?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('health endpoints', () => {
  it('healthz answers while the first build runs, readyz only once a build is served, and 503 again while shutting down', async () => {
    // The catalogue answers only when the test lets it, so the first build is held open.
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    shop = await startScriptedServer(async (recorded) => {
      await released;
      return emptyContent(recorded) ?? cataloguePage(productsRequest(recorded), 1);
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
        // The catalogue is held back on purpose: the build must wait for it, not give up.
        STOREFRONT_TIMEOUT_MS: '120000',
      },
      log: (line) => lines.push(line),
      onListening,
    });
    const site = await listening;

    expect(await statusOf(`${site}/healthz`)).toBe(200);
    expect(await statusOf(`${site}/readyz`)).toBe(503);
    const body = await (await fetch(`${site}/healthz`)).text();
    expect(body).toBe('ok\n');

    release();
    app = await starting;
    expect(await statusOf(`${site}/readyz`)).toBe(200);
    expect(await statusOf(`${site}/healthz`)).toBe(200);
    const head = await fetch(`${site}/readyz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect((await fetch(`${site}/readyz`, { method: 'POST' })).status).toBe(405);

    // Shutting down: readyz turns 503 at once while pages are still served, then the port closes.
    const closing = app.close();
    expect(await statusOf(`${site}/readyz`)).toBe(503);
    expect(await statusOf(`${site}/healthz`)).toBe(200);
    expect(await statusOf(`${site}/product/shirt-1`)).toBe(200);
    await closing;
    app = undefined;
    expect(await statusOf(`${site}/healthz`)).toBe('refused');
  });
});

describe('readiness and the databases', () => {
  it('readyz answers 503 while a database the server holds is not open, and 200 again once it is', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'health-build-'));
    dirs.push(dir);
    mkdirSync(path.join(dir, 'client'), { recursive: true });
    mkdirSync(path.join(dir, 'server'), { recursive: true });
    writeFileSync(path.join(dir, 'client', 'index.html'), '<!doctype html><title>home</title>');
    writeFileSync(path.join(dir, 'client', '404.html'), '<!doctype html><title>404</title>');
    writeFileSync(path.join(dir, 'server', 'entry.mjs'), 'export function handler(req, res, next) { next(); }\n');
    let databaseOpen = false;
    const server = await startSiteServer({
      host: '127.0.0.1',
      port: 0,
      log: () => {},
      notReady: () => (databaseOpen ? undefined : 'the shop database is closed'),
    });
    try {
      await server.swap(dir);
      expect(await statusOf(`${server.url}/readyz`)).toBe(503);
      expect(await statusOf(`${server.url}/healthz`)).toBe(200);
      const body = await (await fetch(`${server.url}/readyz`)).text();
      expect(body).toBe('not ready\n'); // no details, whatever the reason
      databaseOpen = true;
      expect(await statusOf(`${server.url}/readyz`)).toBe(200);
    } finally {
      await server.close();
    }
  });
});
