import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreApp } from '../../site/server/store-app.ts';
import type { ScriptedServer } from '../support/scripted-server.ts';
import { cataloguePage, startScriptedStore, type ScriptedStore } from '../support/scripted-store.ts';

/**
 * `npm start` against a configured store (a scripted one here): no embedded shop, a build served,
 * then rebuilds that swap in while the old build keeps serving, and a failed rebuild that changes
 * nothing for shoppers.
 */

let store: ScriptedStore;
let shop: ScriptedServer;
let app: StoreApp;

beforeAll(async () => {
  store = await startScriptedStore({ products: 2 });
  ({ shop, app } = store);
}, 120_000);

afterAll(async () => {
  await store?.close();
});

const builds = () => store.builds();

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
    store.answer = (request) => cataloguePage(request, 3);
    await app.rebuild();
    expect((await fetch(`${app.siteUrl}/product/shirt-3`)).status).toBe(200);
    expect(builds()).toHaveLength(2); // the current build and the one before it
  });

  it('keeps serving the current build when a rebuild fails', async () => {
    const serving = store.answer;
    store.answer = () => ({ status: 500, body: 'down' });
    await expect(app.rebuild()).rejects.toThrow(/The site build failed: .*HTTP error! status: 500/);
    store.answer = serving;
    expect((await fetch(`${app.siteUrl}/product/shirt-3`)).status).toBe(200);
    expect(builds()).toHaveLength(2);
  });
});
