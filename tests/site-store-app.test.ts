import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStoreApp, type StoreApp } from '../site/server/store-app.ts';
import { startScriptedServer, type ScriptedServer } from './support/scripted-server.ts';
import { rawProduct } from './support/storefront-fixtures.ts';

/**
 * `npm start` against a configured store (a scripted one here): no embedded shop, a build served,
 * then rebuilds that swap in while the old build keeps serving, and a failed rebuild that changes
 * nothing for shoppers.
 */

const root = mkdtempSync(path.join(os.tmpdir(), 'store-app-'));
let catalogue = [rawProduct(1), rawProduct(2)];
let failing = false;
let shop: ScriptedServer;
let app: StoreApp;

beforeAll(async () => {
  shop = await startScriptedServer(() => {
    if (failing) return { status: 500, body: 'down' };
    return { body: { data: { products: { edges: catalogue.map((node) => ({ node })), pageInfo: { hasNextPage: false, endCursor: null } } } } };
  });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    SHOPIFY_STORE_DOMAIN: new URL(shop.url).origin,
    SHOPIFY_STOREFRONT_TOKEN: 'public-token',
    HOST: '127.0.0.1',
    PORT: '0',
    SITE_BUILDS_DIR: root,
  };
  app = await startStoreApp({ env, log: () => {} });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await shop?.close();
  rmSync(root, { recursive: true, force: true });
});

const builds = () => readdirSync(root).filter((entry) => entry.startsWith('build-'));

describe('the store against a configured shop', () => {
  it('builds against that shop, starts no embedded shop, and serves the build', async () => {
    expect(app.startedShop).toBe(false);
    expect(app.shopUrl).toBe(new URL(shop.url).origin);
    const home = await (await fetch(app.siteUrl)).text();
    expect(home).toContain('Shirt 1');
    expect(home).toContain('Shirt 2');
    expect(builds()).toHaveLength(1);
  });

  it('rebuilds into a fresh directory and switches to it', async () => {
    catalogue = [rawProduct(1), rawProduct(2), rawProduct(3)];
    await app.rebuild();
    expect((await fetch(`${app.siteUrl}/product/shirt-3`)).status).toBe(200);
    expect(builds()).toHaveLength(2); // the current build and the one before it
  });

  it('keeps serving the current build when a rebuild fails', async () => {
    failing = true;
    await expect(app.rebuild()).rejects.toThrow(/The site build failed: .*HTTP error! status: 500/);
    failing = false;
    expect((await fetch(`${app.siteUrl}/product/shirt-3`)).status).toBe(200);
    expect(builds()).toHaveLength(2);
  });
});
