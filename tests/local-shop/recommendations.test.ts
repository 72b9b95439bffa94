import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillWithFixtures } from '../../shared/local-shop/index.ts';
import { rankRecommendations } from '../../shared/local-shop/graphql/discovery.ts';
import type { CatalogueIndex, ProductSummary } from '../../shared/local-shop/store/catalogue-index.ts';
import { startSeededTestShop, type TestShop } from '../support/local-shop.ts';

/**
 * The embedded shop's recommendations come from groups built once per catalogue (a build asks for
 * every product's); they must rank exactly as scoring every product would.
 */

let shop: TestShop;

beforeAll(async () => {
  shop = await startSeededTestShop();
  await fillWithFixtures(shop.store, 120);
}, 120_000);

afterAll(async () => {
  await shop?.stop();
});

/** The plain definition: score every other available product, best first, ties by id, ten at most. */
function bruteForce(index: CatalogueIndex, self: ProductSummary): number[] {
  const shared = (id: number) => [...index.collections.values()].filter((ids) => ids.includes(id) && ids.includes(self.id)).length;
  const tags = new Set(self.tags.map((t) => t.toLowerCase()));
  const score = (p: ProductSummary) =>
    3 * shared(p.id) + (p.productType === self.productType ? 1 : 0) + p.tags.filter((t) => tags.has(t.toLowerCase())).length * 2;
  return index.products
    .filter((p) => p.id !== self.id && p.available)
    .map((p) => ({ p, s: score(p) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.p.id - b.p.id)
    .slice(0, 10)
    .map((x) => x.p.id);
}

describe('recommendations', () => {
  it('rank exactly as scoring every product would, for every product of the seed and the fixtures', () => {
    const index = shop.store.catalogueIndex();
    expect(index.products.length).toBeGreaterThan(100);
    let nonEmpty = 0;
    for (const self of index.products) {
      const fast = rankRecommendations(index, self).map((x) => x.p.id);
      expect(fast, self.handle).toEqual(bruteForce(index, self));
      if (fast.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(index.products.length / 2);
  });

  it('are recomputed when the catalogue changes', async () => {
    const before = shop.store.catalogueIndex();
    await fillWithFixtures(shop.store, 1);
    const after = shop.store.catalogueIndex();
    expect(after).not.toBe(before);
    const self = after.products[0]!;
    expect(rankRecommendations(after, self).map((x) => x.p.id)).toEqual(bruteForce(after, self));
  });
});
