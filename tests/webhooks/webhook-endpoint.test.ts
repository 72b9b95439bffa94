import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhookBody } from '../../shared/webhooks/index.ts';
import { WEBHOOK_MESSAGES } from '../../site/features/webhooks/server/receiver.ts';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.ts';
import { cataloguePage, startScriptedStore, type ScriptedStore } from '../support/scripted-store.ts';
import { rawProduct } from '../support/storefront-fixtures.ts';

/**
 * POST /api/webhooks/shopify under `npm start` against a configured store (scripted): signed,
 * unsigned, replayed and oversized deliveries, and a product edited in the shop that reaches the
 * served page after the rebuild the webhook starts, with the deploy hook called.
 */

const secret = 'shopify-app-secret-for-tests';
let store: ScriptedStore;
let hook: ScriptedServer;
let dataDir: string;
let url: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'webhooks-data-'));
  hook = await startScriptedServer(() => ({ status: 201, body: {} }));
  store = await startScriptedStore({
    products: 2,
    env: {
      DATA_DIR: dataDir,
      SHOPIFY_WEBHOOK_SECRET: secret,
      // The public https address behind a proxy: canonical links and the sitemap use it.
      SITE_URL: 'https://shop.example',
      DEPLOY_HOOK_URL: `${new URL(hook.url).origin}/deploy/hook-secret-id`,
    },
  });
  url = `${store.app.siteUrl}/api/webhooks/shopify`;
}, 180_000);

afterAll(async () => {
  await store?.close();
  await hook?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function deliver(body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

function signed(body: string, topic: string, id: string): Promise<Response> {
  return deliver(body, {
    'x-shopify-hmac-sha256': signWebhookBody(body, secret),
    'x-shopify-topic': topic,
    'x-shopify-webhook-id': id,
    'x-shopify-shop-domain': 'neural-threads.myshopify.com',
  });
}

describe('POST /api/webhooks/shopify', () => {
  it('refuses a delivery without a signature, or with a wrong one, with 401 and starts nothing', async () => {
    const body = JSON.stringify({ id: 1, title: 'Forged' });
    const unsigned = await deliver(body, { 'x-shopify-topic': 'products/update', 'x-shopify-webhook-id': 'u-1' });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ error: WEBHOOK_MESSAGES.badSignature });
    const wrong = await deliver(body, {
      'x-shopify-hmac-sha256': signWebhookBody(body, 'not-the-secret'),
      'x-shopify-topic': 'products/update',
      'x-shopify-webhook-id': 'u-2',
    });
    expect(wrong.status).toBe(401);
    await store.app.publishesSettled();
    expect(store.log.some((line) => line.startsWith('Rebuilding the store'))).toBe(false);
    expect(store.log.join('\n')).not.toContain(secret);
  });

  it('refuses an oversized delivery with 413 before verifying it', async () => {
    const big = JSON.stringify({ id: 1, body_html: 'x'.repeat(1024 * 1024 + 10) });
    const answer = await signed(big, 'products/update', 'big-1');
    expect(answer.status).toBe(413);
    expect((await answer.json()) as { error: string }).toEqual({ error: 'The request body is larger than 1 MB' });
  });

  it('answers other methods with 405', async () => {
    const answer = await fetch(url);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
  });

  it('rebuilds after a signed products/update: the edited title reaches the served page, and the deploy hook is called', async () => {
    store.answer = (request) => {
      const page = cataloguePage(request, 2);
      const products = (page.body as { data: { products: { edges: Array<{ node: ReturnType<typeof rawProduct> }> } } }).data.products;
      for (const edge of products.edges)
        if (edge.node.handle === 'shirt-1') edge.node = rawProduct(1, { title: 'Shirt 1, renamed in Shopify' });
      return page;
    };
    const before = await (await fetch(`${store.app.siteUrl}/product/shirt-1`)).text();
    expect(before).not.toContain('renamed in Shopify');

    const body = JSON.stringify({ id: 1, title: 'Shirt 1, renamed in Shopify' });
    const started = performance.now();
    const answer = await signed(body, 'products/update', 'd2c1f0e4-0001-4000-8000-000000000001');
    const answeredMs = performance.now() - started;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, rebuild: true });
    // The answer does not wait for the rebuild it started.
    expect(store.log.some((line) => line.startsWith('Store rebuilt'))).toBe(false);
    console.log(`webhook answered in ${answeredMs.toFixed(1)} ms; rebuild pending`);

    // Shopify sends the same delivery again (it did not hear back in time): dropped, no second rebuild.
    const replay = await signed(body, 'products/update', 'd2c1f0e4-0001-4000-8000-000000000001');
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ ok: true, duplicate: true, rebuild: false });

    await store.app.publishesSettled();
    expect(store.log.filter((line) => line.startsWith('Rebuilding the store'))).toEqual([
      'Rebuilding the store for 1 change in Shopify...',
    ]);
    expect(store.log.some((line) => /^Store rebuilt in \d+\.\d s: the changes are live\.$/.test(line))).toBe(true);
    const after = await (await fetch(`${store.app.siteUrl}/product/shirt-1`)).text();
    expect(after).toContain('Shirt 1, renamed in Shopify');
    expect(hook.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /deploy/hook-secret-id']);
  });

  it('canonical links and the sitemap use SITE_URL, not the address the server listens on', async () => {
    const page = await (await fetch(`${store.app.siteUrl}/product/shirt-2`)).text();
    expect(page).toContain('<link rel="canonical" href="https://shop.example/product/shirt-2"');
    const sitemap = await (await fetch(`${store.app.siteUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain('<loc>https://shop.example/product/shirt-2</loc>');
    expect(sitemap).not.toContain('127.0.0.1');
  });

  it('answers a topic the site does not show with 200 and no rebuild', async () => {
    const answer = await signed(JSON.stringify({ id: 9 }), 'orders/create', 'e0000000-0000-4000-8000-000000000009');
    expect(await answer.json()).toEqual({ ok: true, rebuild: false });
    await store.app.publishesSettled();
    expect(store.log.filter((line) => line.startsWith('Rebuilding the store'))).toHaveLength(1);
  });
});
