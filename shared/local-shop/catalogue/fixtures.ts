import { renderProductImage } from '../../design/index.ts';
import { formatDecimal } from '../money.ts';
import { DEFAULT_SIZES, type ProductSpecInput } from '../store/product-spec.ts';
import type { LocalShopStore } from '../store/store.ts';

/**
 * Bulk products for pagination tests and benchmarks: `count` plain Size-variant tees sharing one
 * photo (stored once), written in transactions of `batchSize`. Like a published product, each has a
 * category as its product type and lands in that category's collection (made when the shop has none,
 * as publishing does), so a large shop's collection pages are as large as a real one's.
 */

/** The generator's two categories, the seed's category collections; fixtures take them in turn. */
export const FIXTURE_CATEGORIES = ['Office Humor', 'AI Humor'] as const;

/** The category of fixture number `n`. */
export function fixtureCategory(n: number): (typeof FIXTURE_CATEGORIES)[number] {
  return FIXTURE_CATEGORIES[n % FIXTURE_CATEGORIES.length]!;
}

export interface FixtureOptions {
  /** Photo bytes shared by every fixture; default one rendered product photo. */
  image?: Uint8Array;
  /** Products per transaction (default 500). */
  batchSize?: number;
  /** First number in the fixture titles (default: after the products already in the store). */
  startAt?: number;
}

export async function fillWithFixtures(store: LocalShopStore, count: number, options: FixtureOptions = {}): Promise<number> {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Fixture count must be a whole number, got ${count}`);
  if (count === 0) return 0;
  const image = options.image ?? (await renderProductImage({ quote: 'Fixture tee: generated for testing.', seed: 7 }, { size: 400 }));
  const batchSize = Math.max(1, options.batchSize ?? 500);
  const start = options.startAt ?? store.productCount() + 1;
  // The categories' collections first, as the publisher does: a product never lands without its collection.
  for (const category of FIXTURE_CATEGORIES) store.content.ensureTypeCollection(category);
  for (let done = 0; done < count; done += batchSize) {
    const specs: ProductSpecInput[] = [];
    for (let i = done; i < Math.min(count, done + batchSize); i++) {
      const n = start + i;
      const cents = 1999 + ((n * 100) % 1500);
      specs.push({
        title: `Fixture Tee ${String(n).padStart(5, '0')}`,
        description: `Generated fixture product number ${n}.`,
        productType: fixtureCategory(n),
        tags: ['fixture'],
        options: [{ name: 'Size', values: [...DEFAULT_SIZES] }],
        variants: DEFAULT_SIZES.map((size) => ({ optionValues: [size], price: formatDecimal(cents) })),
        images: [{ bytes: image, altText: `Fixture tee ${n}` }],
      });
    }
    await store.insertProducts(specs);
  }
  return count;
}
