import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from '../../shared/local-shop/catalogue/seed-products.ts';
import { LocalShopStore, startLocalShop } from '../../shared/local-shop/index.ts';
import { createStorefrontClient } from '../../shared/storefront/index.ts';
import type { Product } from '../../shared/storefront/browser.ts';
import { finished, spawnNode, SUPPORT_DIR } from '../support/child-process.ts';
import { postGraphql, tempDir } from '../support/local-shop.ts';

/** The seed catalogue: its content rules, written once per store, and once even when two processes start together. */

let dataDir: string;
let products: Product[];
let availability: { handle: string; availableForSale: boolean }[];
let firstSeed: number;
let graphqlUrl: string;
let close: () => Promise<void>;

beforeAll(async () => {
  dataDir = await tempDir();
  const shop = await startLocalShop({ port: 0, dataDir, log: () => {} });
  firstSeed = shop.seeded;
  graphqlUrl = shop.graphqlUrl;
  close = shop.close;
  const client = createStorefrontClient({ graphqlUrl, token: '' }, { retries: 0 });
  products = await client.allProducts();
  await client.close();
  const response = await postGraphql(graphqlUrl, { query: '{ products(first: 250) { nodes { handle availableForSale } } }' });
  availability = (response.json.data as { products: { nodes: typeof availability } }).products.nodes;
});

afterAll(async () => {
  await close?.();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('seed catalogue', () => {
  it('writes at least 12 products on first start', () => {
    expect(firstSeed).toBe(SEED_PRODUCTS.length);
    expect(products.length).toBe(SEED_PRODUCTS.length);
    expect(products.length).toBeGreaterThanOrEqual(12);
    expect(new Set(products.map((p) => p.handle)).size).toBe(products.length);
  });

  it('gives every product a Size option S–2XL, and some a Color option', () => {
    for (const product of products) {
      expect(product.options[0]).toEqual({ name: 'Size', values: ['S', 'M', 'L', 'XL', '2XL'] });
      expect(product.variants.length).toBeLessThanOrEqual(10);
    }
    const colored = products.filter((p) => p.options.some((o) => o.name === 'Color'));
    expect(colored.length).toBeGreaterThan(0);
    expect(colored.length).toBeLessThan(products.length);
  });

  it('has a sold-out variant in an otherwise available product, and a product with every variant sold out', () => {
    const partly = products.filter((p) => p.variants.some((v) => !v.availableForSale) && p.variants.some((v) => v.availableForSale));
    expect(partly.length).toBeGreaterThan(0);
    const soldOut = products.filter((p) => p.variants.every((v) => !v.availableForSale));
    expect(soldOut).toHaveLength(1);
    expect(availability.find((a) => a.handle === soldOut[0]!.handle)?.availableForSale).toBe(false);
    expect(availability.filter((a) => a.availableForSale)).toHaveLength(products.length - 1);
  });

  it('has exactly one product without an image; the others have a square product photo that loads', async () => {
    expect(products.filter((p) => p.images.length === 0)).toHaveLength(1);
    const photos = products.filter((p) => p.images.length > 0).map((p) => p.images[0]!.url);
    expect(new Set(photos).size).toBe(photos.length);
    const response = await fetch(photos[0]!, { headers: { accept: 'image/png' } });
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 1200]);
  });

  it('prices everything in USD from 19.99 to 34.99, with 2XL 2.00 more than the other sizes', () => {
    for (const product of products) {
      const bySize = new Map<string, number[]>();
      for (const variant of product.variants) {
        expect(variant.price.currencyCode).toBe('USD');
        const cents = Math.round(Number(variant.price.amount) * 100);
        expect(cents).toBeGreaterThanOrEqual(1999);
        expect(cents).toBeLessThanOrEqual(3499);
        const size = variant.selectedOptions.find((o) => o.name === 'Size')!.value;
        bySize.set(size, [...(bySize.get(size) ?? []), cents]);
      }
      const base = bySize.get('S')![0]!;
      for (const size of ['M', 'L', 'XL']) expect(bySize.get(size)!.every((c) => c === base)).toBe(true);
      expect(bySize.get('2XL')!.every((c) => c === base + 200)).toBe(true);
    }
  });

  it('writes titles, descriptions and quotes for the brand’s audience, all distinct', () => {
    expect(new Set(SEED_PRODUCTS.map((p) => p.quote)).size).toBe(SEED_PRODUCTS.length);
    for (const seed of SEED_PRODUCTS) {
      expect(seed.description.length).toBeGreaterThan(60);
      expect(seed.quote.length).toBeLessThanOrEqual(60);
    }
    expect(products.map((p) => p.title)).toEqual(SEED_PRODUCTS.map((p) => p.title));
  });
});

describe('seeding runs once per store', () => {
  it('does not seed again on restart, even after products were added', async () => {
    const store = LocalShopStore.open(dataDir);
    await store.createProduct({ title: 'Added Later', price: '20' });
    const before = store.productCount();
    store.close();
    const again = await startLocalShop({ port: 0, dataDir, log: () => {} });
    try {
      expect(again.seeded).toBe(0);
      expect(again.store.productCount()).toBe(before);
    } finally {
      await again.close();
    }
  });

  it('seeds once when two processes start on an empty store at the same time', async () => {
    const fresh = await tempDir();
    try {
      const script = path.join(SUPPORT_DIR, 'seed-store.ts');
      const results = await Promise.all([finished(spawnNode([script, fresh])), finished(spawnNode([script, fresh]))]);
      for (const result of results) expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
      expect(results.map((r) => r.stdout.trim()).sort()).toEqual(['seeded 0', `seeded ${SEED_PRODUCTS.length}`]);
      const store = LocalShopStore.open(fresh);
      expect(store.productCount()).toBe(SEED_PRODUCTS.length);
      store.close();
    } finally {
      await fs.rm(fresh, { recursive: true, force: true });
    }
  }, 180_000);
});
