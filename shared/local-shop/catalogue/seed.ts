import { renderProductImage, type DesignRequest } from '../../design/index.ts';
import type { LocalShopStore } from '../store/store.ts';
import { SEED_PRODUCTS, SHIRT_HEX } from './seed-products.ts';
import { photoColor, seedSpec } from './seed-spec.ts';

/**
 * Writes the seed catalogue into a store that is empty and was never seeded. Photos are rendered
 * first (in parallel, outside any lock); the products then go in as one transaction that re-checks
 * emptiness under the write lock, so two processes starting at once seed once.
 */

export type ProductImageRenderer = (req: DesignRequest, opts: { shirtColor?: string; size?: number }) => Promise<Buffer>;

export const SEED_IMAGE_SIZE = 1200;
const RENDER_CONCURRENCY = 4;

export interface SeedOptions {
  log?: (line: string) => void;
  render?: ProductImageRenderer;
}

async function renderPhotos(render: ProductImageRenderer): Promise<(Uint8Array | undefined)[]> {
  const photos: (Uint8Array | undefined)[] = new Array(SEED_PRODUCTS.length).fill(undefined);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < SEED_PRODUCTS.length; i = next++) {
      const product = SEED_PRODUCTS[i]!;
      if (product.noImage) continue;
      photos[i] = await render(
        { quote: product.quote, title: product.title, seed: i + 1 },
        { shirtColor: SHIRT_HEX[photoColor(product)], size: SEED_IMAGE_SIZE },
      );
    }
  };
  await Promise.all(Array.from({ length: RENDER_CONCURRENCY }, worker));
  return photos;
}

/** Number of products written, or null when the store already has (or once had) a catalogue. */
export async function seedCatalogue(
  store: LocalShopStore,
  { log = () => {}, render = renderProductImage }: SeedOptions = {},
): Promise<number | null> {
  if (store.wasSeeded() || store.productCount() > 0) return null;
  log(`Seeding the embedded shop with ${SEED_PRODUCTS.length} products…`);
  const photos = await renderPhotos(render);
  const created = await store.seedProducts(SEED_PRODUCTS.map((product, i) => seedSpec(product, i, photos[i])));
  if (created) log(`Seeded ${created.length} products.`);
  return created ? created.length : null;
}
