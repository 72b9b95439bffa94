import { createStorefrontClient } from '@shopify/hydrogen-react';
import { createStorefrontApiClient } from '@shopify/storefront-api-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSeededTestShop, type TestShop } from '../support/local-shop.ts';
import * as docs from '../support/storefront-documents.ts';
import { shapeProblems } from '../support/storefront-shape.ts';

/**
 * hydrogen-react's `createStorefrontClient` (a test-only devDependency, never in a browser bundle
 * of ours) against the embedded shop: its URL and its public and private token headers, sent with
 * plain fetch as Hydrogen storefronts do, get the same answers as @shopify/storefront-api-client.
 */

const TOKEN = 'hydrogen-react-test-token';
let shop: TestShop;
let hydrogen: ReturnType<typeof createStorefrontClient>;

beforeAll(async () => {
  shop = await startSeededTestShop({ token: TOKEN });
  // It warns once that it targets a newer API version than 2025-07; the answers below show it works.
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  hydrogen = createStorefrontClient({
    storeDomain: shop.origin,
    storefrontApiVersion: '2025-07',
    publicStorefrontToken: TOKEN,
    privateStorefrontToken: TOKEN,
  });
  warn.mockRestore();
});
afterAll(async () => {
  await shop?.stop();
});

async function viaHydrogen<T>(headers: Record<string, string>, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(hydrogen.getStorefrontApiUrl(), { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  expect(response.status).toBe(200);
  const { data, errors } = (await response.json()) as { data: T; errors?: unknown };
  expect(errors).toBeUndefined();
  expect(shapeProblems(query, data, variables)).toEqual([]);
  return data;
}

async function viaShopifyClient<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const overHttp = (url: string | URL | Request, init?: RequestInit) => fetch(String(url).replace(/^https:/, 'http:'), init);
  const client = createStorefrontApiClient({
    storeDomain: shop.origin,
    apiVersion: '2025-07',
    customFetchApi: overHttp,
    publicAccessToken: TOKEN,
  });
  const { data, errors } = await client.request<T>(query, { variables });
  expect(errors).toBeUndefined();
  return data as T;
}

/** The answer's shape: every key path and the type of its value, arrays by their first element. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : [];
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]));
  return value === null ? 'null' : typeof value;
}

const PRODUCT_VARIABLES = { handle: 'per-my-last-prompt', selectedOptions: [{ name: 'Size', value: 'M' }], country: 'US', language: 'EN' };

describe('hydrogen-react’s createStorefrontClient', () => {
  it('builds the shop’s Storefront URL and the headers the shop checks', () => {
    expect(hydrogen.getStorefrontApiUrl()).toBe(shop.graphqlUrl);
    expect(hydrogen.getPublicTokenHeaders()).toMatchObject({
      'X-SDK-Variant': 'hydrogen-react',
      'X-SDK-Version': '2025-07',
      'X-Shopify-Storefront-Access-Token': TOKEN,
    });
    expect(hydrogen.getPrivateTokenHeaders({ buyerIp: '203.0.113.9' })).toMatchObject({ 'Shopify-Storefront-Private-Token': TOKEN });
  });

  it('gets a product page with the public headers, the same answer as Shopify’s storefront-api-client', async () => {
    type ProductPage = {
      product: { handle: string; selectedOrFirstAvailableVariant: { selectedOptions: { name: string; value: string }[] } };
    };
    const answer = await viaHydrogen<ProductPage>(hydrogen.getPublicTokenHeaders(), docs.HYDROGEN_PRODUCT, PRODUCT_VARIABLES);
    expect(answer.product.handle).toBe('per-my-last-prompt');
    expect(answer.product.selectedOrFirstAvailableVariant.selectedOptions).toContainEqual({ name: 'Size', value: 'M' });
    expect(answer).toEqual(await viaShopifyClient(docs.HYDROGEN_PRODUCT, PRODUCT_VARIABLES));
  });

  it('creates a cart and adds a line with the private headers; the answers have storefront-api-client’s shape', async () => {
    const headers = hydrogen.getPrivateTokenHeaders({ buyerIp: '203.0.113.9' });
    const page = await viaHydrogen<{ product: { variants: { nodes: { id: string; availableForSale: boolean }[] } } }>(
      headers,
      'query($handle: String!) { product(handle: $handle) { variants(first: 10) { nodes { id availableForSale } } } }',
      { handle: 'per-my-last-prompt' },
    );
    const [first, second] = page.product.variants.nodes.filter((v) => v.availableForSale);
    type Payload = {
      cart: { id: string; totalQuantity: number; lines: { nodes: { merchandise: { id: string } }[] } };
      userErrors: unknown[];
    };
    const create = { input: { lines: [{ merchandiseId: first!.id, quantity: 1 }], buyerIdentity: {} } };
    const created = (await viaHydrogen<{ cartCreate: Payload }>(headers, docs.HYDROGEN_CART_CREATE, create)).cartCreate;
    expect(created.userErrors).toEqual([]);
    const add = { cartId: created.cart.id, lines: [{ merchandiseId: second!.id, quantity: 2 }] };
    const added = (await viaHydrogen<{ cartLinesAdd: Payload }>(headers, docs.HYDROGEN_CART_LINES_ADD, add)).cartLinesAdd;
    expect(added.userErrors).toEqual([]);
    expect(added.cart.totalQuantity).toBe(3);
    expect(added.cart.lines.nodes.map((l) => l.merchandise.id).sort()).toEqual([first!.id, second!.id].sort());

    // The same two steps through Shopify's other client: the same shape, field for field.
    const other = (await viaShopifyClient<{ cartCreate: Payload }>(docs.HYDROGEN_CART_CREATE, create)).cartCreate;
    const otherAdded = (await viaShopifyClient<{ cartLinesAdd: Payload }>(docs.HYDROGEN_CART_LINES_ADD, { ...add, cartId: other.cart.id }))
      .cartLinesAdd;
    expect(shapeOf(added)).toEqual(shapeOf(otherAdded));
    expect(otherAdded.cart.totalQuantity).toBe(3);
  });

  it('is refused with a wrong private token', async () => {
    const response = await fetch(hydrogen.getStorefrontApiUrl(), {
      method: 'POST',
      headers: hydrogen.getPrivateTokenHeaders({ privateStorefrontToken: 'not-the-token' }),
      body: JSON.stringify({ query: '{ shop { name } }' }),
    });
    expect(response.status).toBe(401);
  });
});
