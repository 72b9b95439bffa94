import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.ts';
import { startSeededTestShop, type TestShop } from '../support/local-shop.ts';
import { HYDROGEN_CART_CREATE, HYDROGEN_PREDICTIVE_SEARCH, HYDROGEN_PRODUCT } from '../support/storefront-documents.ts';

/**
 * Shopify's own client (the browser build of @shopify/storefront-api-client) in Chromium, on a page
 * of another origin than the shop: the preflight must allow the X-SDK-* headers it sends, and every
 * answer must reach the page. The client builds https:// URLs, so the page's customFetchApi sends
 * them to the shop's loopback http:// address.
 */

const TOKEN = 'browser-public-token';
let shop: TestShop;
let page: http.Server;
let pageOrigin: string;
let browser: Browser;

beforeAll(async () => {
  shop = await startSeededTestShop({ token: TOKEN });
  // The package's exports do not list its browser build; it sits beside the Node entry.
  const entry = createRequire(import.meta.url).resolve('@shopify/storefront-api-client');
  const bundle = await fs.readFile(path.join(path.dirname(entry), 'umd', 'storefront-api-client.min.js'));
  page = http.createServer((req, res) => {
    if (req.url === '/client.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(bundle);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>storefront</title><script src="/client.js"></script>');
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  // localhost and 127.0.0.1 with different ports: a different origin from the shop's.
  pageOrigin = `http://localhost:${(page.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  if (page) await new Promise((resolve) => page.close(resolve));
  await shop?.stop();
});

describe('@shopify/storefront-api-client in Chromium, across origins', () => {
  it('answers a product page, a predictive search and a cart created with buyerIdentity: {}', async () => {
    const tab = await browser.newPage();
    const failures: string[] = [];
    tab.on('requestfailed', (request) => failures.push(`${request.url()} ${request.failure()?.errorText}`));
    await tab.goto(`${pageOrigin}/`);
    expect(new URL(shop.origin).origin).not.toBe(pageOrigin);
    const results = await tab.evaluate(
      async ({ shopOrigin, token, documents }) => {
        const { createStorefrontApiClient } = (
          window as unknown as { ShopifyStorefrontAPIClient: typeof import('@shopify/storefront-api-client') }
        ).ShopifyStorefrontAPIClient;
        const client = createStorefrontApiClient({
          storeDomain: shopOrigin,
          apiVersion: '2025-07',
          publicAccessToken: token,
          customFetchApi: (url, init) => fetch(String(url).replace(/^https:/, 'http:'), init),
        });
        const product = await client.request(documents.product, {
          variables: { handle: 'per-my-last-prompt', selectedOptions: [{ name: 'Size', value: 'L' }] },
        });
        const search = await client.request(documents.search, { variables: { term: 'office', limit: 4, limitScope: 'EACH' } });
        const variantId = (product.data as { product: { selectedOrFirstAvailableVariant: { id: string } } }).product
          .selectedOrFirstAvailableVariant.id;
        const cart = await client.request(documents.cart, {
          variables: { input: { lines: [{ merchandiseId: variantId, quantity: 1 }], buyerIdentity: {} } },
        });
        return { product, search, cart };
      },
      {
        shopOrigin: shop.origin,
        token: TOKEN,
        documents: { product: HYDROGEN_PRODUCT, search: HYDROGEN_PREDICTIVE_SEARCH, cart: HYDROGEN_CART_CREATE },
      },
    );
    expect(failures).toEqual([]);
    expect(results.product.errors).toBeUndefined();
    expect(
      (results.product.data as { product: { selectedOrFirstAvailableVariant: { title: string } } }).product.selectedOrFirstAvailableVariant
        .title,
    ).toBe('L / Black');
    expect(results.search.errors).toBeUndefined();
    expect(
      (results.search.data as { predictiveSearch: { collections: { title: string }[] } }).predictiveSearch.collections.map((c) => c.title),
    ).toEqual(['Office Humor']);
    expect(results.cart.errors).toBeUndefined();
    const created = (results.cart.data as { cartCreate: { cart: { checkoutUrl: string; totalQuantity: number }; userErrors: unknown[] } })
      .cartCreate;
    expect(created.userErrors).toEqual([]);
    expect(created.cart.totalQuantity).toBe(1);
    expect(created.cart.checkoutUrl.startsWith(`${shop.publicUrl}/cart/c/`)).toBe(true);
    await tab.close();
  });
});
