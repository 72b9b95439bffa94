import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillWithFixtures } from '../../shared/local-shop/index.ts';
import { FIXTURE_CATEGORIES, fixtureCategory } from '../../shared/local-shop/catalogue/fixtures.ts';
import { createStorefrontClient, type StorefrontClient } from '../../shared/storefront/index.ts';
import { plainPng, startSeededTestShop, startTestShop, type TestShop } from '../support/local-shop.ts';

/**
 * The catalogue tests and benchmarks build against is shaped like a real shop's: every seed product
 * and every fixture sits in its category's collection ("Office Humor", "AI Humor"), as a published
 * product does, so collection pages are as full as the catalogue. Read through the Storefront API,
 * as a build reads them.
 */

const CATEGORY_HANDLES = ['office-humor', 'ai-humor'];
const NEWEST = { sortKey: 'CREATED', reverse: true } as const;

async function categoryMembers(client: StorefrontClient): Promise<Map<string, string[]>> {
  const members = new Map<string, string[]>();
  for (const handle of CATEGORY_HANDLES) members.set(handle, (await client.collectionProductIds(handle, NEWEST)) ?? []);
  return members;
}

describe('category collections of the seed and fixture catalogue', () => {
  let shop: TestShop;
  let client: StorefrontClient;
  const FIXTURES = 30;

  beforeAll(async () => {
    shop = await startSeededTestShop();
    await fillWithFixtures(shop.store, FIXTURES, { image: await plainPng(64, 64) });
    client = createStorefrontClient({ graphqlUrl: shop.graphqlUrl, token: '' }, { retries: 0 });
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await shop?.stop();
  });

  it('puts every product, seed and fixture, in exactly one category collection', async () => {
    const products = await client.allProducts();
    const members = await categoryMembers(client);
    for (const product of products) {
      const homes = CATEGORY_HANDLES.filter((handle) => members.get(handle)!.includes(product.id));
      expect({ product: product.handle, homes: homes.length }).toEqual({ product: product.handle, homes: 1 });
    }
    // Every category collection is a real share of the catalogue, not a handful of hand-picked shirts.
    for (const handle of CATEGORY_HANDLES) expect(members.get(handle)!.length).toBeGreaterThanOrEqual(FIXTURES / 2);
  });

  it('answers a collection walked again after the catalogue changed with the new products (the shop keeps sorted orders only until then)', async () => {
    const before = await categoryMembers(client);
    await fillWithFixtures(shop.store, 4, { image: await plainPng(64, 64) });
    const products = await client.allProducts();
    const after = await categoryMembers(client);
    const added = products.slice(-4).map((p) => p.id);
    for (const id of added) expect(CATEGORY_HANDLES.filter((handle) => after.get(handle)!.includes(id))).toHaveLength(1);
    // Newest first: the new products lead their collections.
    expect(after.get('office-humor')!.length + after.get('ai-humor')!.length).toBe(
      before.get('office-humor')!.length + before.get('ai-humor')!.length + 4,
    );
    expect(
      after
        .get('office-humor')!
        .slice(0, 2)
        .every((id) => added.includes(id)),
    ).toBe(true);
  });

  it('gives fixtures their category as product type, in turn, in the seed’s own collections', async () => {
    expect(FIXTURE_CATEGORIES).toEqual(['Office Humor', 'AI Humor']);
    expect([1, 2, 3].map(fixtureCategory)).toEqual(['AI Humor', 'Office Humor', 'AI Humor']);
    const collections = await client.collections();
    // No second "Office Humor": the fixtures joined the seed's collections.
    expect(
      collections
        .filter((c) => c.title === 'Office Humor' || c.title === 'AI Humor')
        .map((c) => c.handle)
        .sort(),
    ).toEqual(['ai-humor', 'office-humor']);
  });
});

describe('fixtures in a shop without the seed', () => {
  let shop: TestShop;

  afterAll(async () => {
    await shop?.stop();
  });

  it('make the category collections they land in, as publishing does', async () => {
    shop = await startTestShop();
    await fillWithFixtures(shop.store, 6, { image: await plainPng(64, 64) });
    const client = createStorefrontClient({ graphqlUrl: shop.graphqlUrl, token: '' }, { retries: 0 });
    try {
      const products = await client.allProducts();
      const members = await categoryMembers(client);
      expect(members.get('office-humor')!.length + members.get('ai-humor')!.length).toBe(products.length);
      expect(members.get('office-humor')).toHaveLength(3);
    } finally {
      await client.close();
    }
  });
});
