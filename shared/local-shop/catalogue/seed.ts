import { renderProductImage, type DesignRequest } from '../../design/index.ts';
import type { LocalShopStore } from '../store/store.ts';
import { SEED_ARTICLES, SEED_COLLECTIONS, SEED_DISCOUNT_CODES, SEED_MENUS, SEED_PAGES, SEED_POLICIES } from './seed-content.ts';
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

const CONTENT_SEEDED_KEY = 'content_seeded_at';

/**
 * Writes the seed content (collections, menus, pages, policies, blog, discount code) once per store,
 * also into a store seeded before content existed; seed products go into their collections by title.
 * True when it wrote.
 */
export function seedContent(store: LocalShopStore, { log = () => {} }: Pick<SeedOptions, 'log'> = {}): boolean {
  const wrote = store.content.once(CONTENT_SEEDED_KEY, () => {
    const handles = new Map(store.catalogueIndex().products.map((p) => [p.title, p.handle]));
    for (const { productTitles, ...collection } of SEED_COLLECTIONS) {
      const productHandles = productTitles.flatMap((title) => handles.get(title) ?? []);
      store.content.saveCollection({ ...collection, productHandles });
    }
    for (const page of SEED_PAGES) store.content.savePage(page);
    for (const policy of SEED_POLICIES) store.content.savePolicy(policy);
    for (const menu of SEED_MENUS) store.content.saveMenu(menu);
    for (const article of SEED_ARTICLES) store.content.saveArticle(article);
    for (const code of SEED_DISCOUNT_CODES) store.content.saveDiscountCode(code);
  });
  if (wrote)
    log(`Seeded ${SEED_COLLECTIONS.length} collections, ${SEED_MENUS.length} menus, ${SEED_PAGES.length} pages and the shop policies.`);
  return wrote;
}
