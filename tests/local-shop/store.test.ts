import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillWithFixtures, InvalidImageError, InvalidProductError, LocalShopStore } from '../../shared/local-shop/index.ts';
import { formatDecimal, parseCents } from '../../shared/local-shop/money.ts';
import { slugify } from '../../shared/local-shop/store/slug.ts';
import { createStorefrontClient } from '../../shared/storefront/index.ts';
import { PRODUCTS_QUERY } from '../../shared/storefront/browser.ts';
import { finished, spawnNode, SUPPORT_DIR, waitForOutput } from '../support/child-process.ts';
import { plainPng, postGraphql, startTestShop, tempDir, type TestShop } from '../support/local-shop.ts';

/** The shop's store: money, the publishing write path, cursor pagination, and writers in several processes. */

describe('money', () => {
  it('prints Shopify Decimal strings and reads prices exactly', () => {
    expect([2499, 2490, 2500, 0, 5, 123456].map(formatDecimal)).toEqual(['24.99', '24.9', '25.0', '0.0', '0.05', '1234.56']);
    expect(['24.99', '25', '25.0', '24.9', ' 19.99 '].map(parseCents)).toEqual([2499, 2500, 2500, 2490, 1999]);
    expect([24.99, 25, 0.1 + 0.2].map(parseCents)).toEqual([2499, 2500, 30]);
    expect(['1.234', '-1', 'abc', '', '1e3'].map(parseCents)).toEqual([null, null, null, null, null]);
    expect([24.999, -1, Number.NaN].map(parseCents)).toEqual([null, null, null]);
  });
});

describe('createProduct, the publishing path', () => {
  let dataDir: string;
  let store: LocalShopStore;
  beforeAll(async () => {
    dataDir = await tempDir();
    store = LocalShopStore.open(dataDir);
  });
  afterAll(async () => {
    store.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('creates a product with Size variants S–2XL at one price and returns its GID and handle', async () => {
    const created = await store.createProduct({
      title: 'Prompt & Circumstance',
      description: 'Pomp, meet prompt.',
      price: 25,
      productType: 'T-Shirt',
      tags: ['ai', 'graduation'],
    });
    expect(created.id).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
    expect(created.handle).toBe('prompt-and-circumstance');
    const product = store.productByHandle(created.handle)!;
    expect(product.variants.map((v) => [v.title, v.priceCents, v.availableForSale])).toEqual(
      ['S', 'M', 'L', 'XL', '2XL'].map((size) => [size, 2500, true]),
    );
    expect(product.options).toEqual([{ name: 'Size', values: ['S', 'M', 'L', 'XL', '2XL'] }]);
    expect(product.tags).toEqual(['ai', 'graduation']);
    expect(product.vendor).toBe('Neural Threads');
    expect(created.variantIds).toEqual(product.variants.map((v) => `gid://shopify/ProductVariant/${v.id}`));
  });

  it('makes handles unique with -2, -3 and slugifies accents, apostrophes and emoji', async () => {
    const handles = [];
    for (let i = 0; i < 3; i++) handles.push((await store.createProduct({ title: 'Déjà Vu, Again', price: '19.99' })).handle);
    expect(handles).toEqual(['deja-vu-again', 'deja-vu-again-2', 'deja-vu-again-3']);
    expect(slugify("I'm 🤖 Not a Robot!")).toBe('im-not-a-robot');
    expect(slugify('🤖🤖')).toBe('product');
  });

  it('stores the image content-addressed and records its size', async () => {
    const png = await plainPng(320, 240);
    const created = await store.createProduct({
      title: 'Pictured',
      price: '20.00',
      image: { bytes: png, altText: 'A plain orange rectangle' },
      sizes: ['M', 'L'],
    });
    const product = store.productByHandle(created.handle)!;
    expect(product.variants.map((v) => v.title)).toEqual(['M', 'L']);
    expect(product.images).toHaveLength(1);
    const image = product.images[0]!;
    expect([image.width, image.height, image.altText]).toEqual([320, 240, 'A plain orange rectangle']);
    expect(image.file).toMatch(/^[0-9a-f]{64}\.png$/);
    expect(await fs.readFile(path.join(store.images.dir, image.file))).toEqual(png);
  });

  it('refuses invalid input with a message naming the field', async () => {
    await expect(store.createProduct({ title: '   ', price: '20' })).rejects.toThrow(InvalidProductError);
    await expect(store.createProduct({ title: 'Cheap', price: 'free' })).rejects.toThrow(/price .*at most 2 decimals/);
    await expect(store.createProduct({ title: 'Odd', price: '20', sizes: ['M', 'M'] })).rejects.toThrow(/sizes must not repeat/);
    await expect(
      store.createProduct({ title: 'Broken', price: '20', image: { bytes: new TextEncoder().encode('<svg/>') } }),
    ).rejects.toThrow(InvalidImageError);
    expect(store.productByHandle('broken')).toBeNull();
  });
});

describe('pagination across more than 250 products', () => {
  let shop: TestShop;
  const COUNT = 263;
  beforeAll(async () => {
    shop = await startTestShop();
    await fillWithFixtures(shop.store, COUNT, { image: await plainPng(64, 64), batchSize: 100 });
  });
  afterAll(() => shop?.stop());

  async function page(variables: Record<string, unknown>) {
    const response = await postGraphql(shop.graphqlUrl, {
      query:
        'query($first: Int, $last: Int, $after: String, $before: String, $reverse: Boolean) { products(first: $first, last: $last, after: $after, before: $before, reverse: $reverse) { nodes { id title } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }',
      variables,
    });
    expect(response.json.errors).toBeUndefined();
    return (
      response.json.data as {
        products: {
          nodes: { id: string; title: string }[];
          pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
        };
      }
    ).products;
  }

  it('walks every product once, in order, with first/after', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const result = await page({ first: 100, after });
      seen.push(...result.nodes.map((n) => n.title));
      pages++;
      if (pages > 1) expect(result.pageInfo.hasPreviousPage).toBe(true);
      if (!result.pageInfo.hasNextPage) break;
      after = result.pageInfo.endCursor;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: COUNT }, (_, i) => `Fixture Tee ${String(i + 1).padStart(5, '0')}`));
  });

  it('serves the client’s all-products walk at 250 a page', async () => {
    const client = createStorefrontClient({ graphqlUrl: shop.graphqlUrl, token: '' }, { retries: 0 });
    const counts: number[] = [];
    const all = await client.allProducts({ onPage: (n) => counts.push(n) });
    await client.close();
    expect(counts).toEqual([250, COUNT]);
    expect(new Set(all.map((p) => p.id)).size).toBe(COUNT);
  });

  it('pages backwards with last/before and in reverse', async () => {
    const tail = await page({ last: 10 });
    expect(tail.nodes.map((n) => n.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Fixture Tee ${String(COUNT - 9 + i).padStart(5, '0')}`),
    );
    expect(tail.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const before = await page({ last: 5, before: tail.pageInfo.startCursor });
    expect(before.nodes.map((n) => n.title).at(-1)).toBe(`Fixture Tee ${String(COUNT - 10).padStart(5, '0')}`);
    expect(before.nodes).toHaveLength(5);
    const reversed = await page({ first: 2, reverse: true });
    expect(reversed.nodes.map((n) => n.title)).toEqual([
      `Fixture Tee ${String(COUNT).padStart(5, '0')}`,
      `Fixture Tee ${String(COUNT - 1).padStart(5, '0')}`,
    ]);
    const afterReversed = await page({ first: 1, reverse: true, after: reversed.pageInfo.endCursor });
    expect(afterReversed.nodes[0]!.title).toBe(`Fixture Tee ${String(COUNT - 2).padStart(5, '0')}`);
    const bad = await postGraphql(shop.graphqlUrl, { query: PRODUCTS_QUERY, variables: { first: 1, after: 'not a cursor' } });
    expect(bad.json.errors?.[0]?.message).toMatch(/Invalid cursor/);
  });
});

describe('several processes writing at once', () => {
  it('loses nothing when two processes publish while the server serves, and keeps handles unique', async () => {
    const shop = await startTestShop();
    try {
      const PER_WRITER = 30;
      const script = path.join(SUPPORT_DIR, 'create-products.ts');
      const writers = ['a', 'b'].map((label) => finished(spawnNode([script, shop.dataDir, String(PER_WRITER), label])));
      let done = false;
      const allDone = Promise.all(writers).finally(() => (done = true));
      let reads = 0;
      while (!done) {
        const response = await postGraphql(shop.graphqlUrl, {
          query: '{ products(first: 250) { nodes { handle variants(first: 10) { nodes { id } } } } }',
        });
        expect(response.json.errors).toBeUndefined();
        // Whatever a reader sees is whole: every product has its five sizes.
        for (const node of (response.json.data as { products: { nodes: { variants: { nodes: unknown[] } }[] } }).products.nodes)
          expect(node.variants.nodes).toHaveLength(5);
        reads++;
      }
      const results = await allDone;
      for (const result of results) expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
      expect(reads).toBeGreaterThan(0);

      const client = createStorefrontClient({ graphqlUrl: shop.graphqlUrl, token: '' }, { retries: 0 });
      const products = await client.allProducts();
      await client.close();
      expect(products).toHaveLength(2 * PER_WRITER);
      const handles = products.map((p) => p.handle);
      expect(new Set(handles)).toEqual(new Set(['race-tee', ...Array.from({ length: 2 * PER_WRITER - 1 }, (_, i) => `race-tee-${i + 2}`)]));
      const byWriter = (label: string) => products.filter((p) => p.description.startsWith(`Written by process ${label},`)).length;
      expect([byWriter('a'), byWriter('b')]).toEqual([PER_WRITER, PER_WRITER]);
    } finally {
      await shop.stop();
    }
  });

  it('leaves no half-written product when a writer is killed mid-write', async () => {
    const dataDir = await tempDir();
    try {
      const child = spawnNode([path.join(SUPPORT_DIR, 'write-until-killed.ts'), dataDir]);
      const exit = finished(child);
      await waitForOutput(child, 'stdout', /committed 8\n/);
      child.kill('SIGKILL');
      expect((await exit).signal).toBe('SIGKILL');

      const store = LocalShopStore.open(dataDir);
      try {
        const count = store.productCount();
        expect(count).toBeGreaterThanOrEqual(8);
        const ids = store.productIds({ after: null, before: null, limit: 1000, fromEnd: false, descending: false });
        for (const product of store.productsByIds(ids)) {
          expect({ title: product.title, variants: product.variants.length, images: product.images.length }).toEqual({
            title: product.title,
            variants: 100,
            images: 1,
          });
        }
        // The database is healthy and writable after the crash.
        await store.createProduct({ title: 'After the crash', price: '20' });
        expect(store.productCount()).toBe(count + 1);
      } finally {
        store.close();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
