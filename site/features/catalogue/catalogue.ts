import { PRODUCT_LIST_SIZE } from '../../../shared/storefront/browser.ts';
import type { StorefrontClient } from '../../../shared/storefront/index.ts';
import type { Product } from '../../../shared/storefront/browser.ts';
import { CatalogueError } from './catalogue-error.ts';
import { configuredStorefront, takeStartedWalk, walkCatalogue } from './catalogue-walk.ts';

/**
 * Build-time catalogue: one Storefront client and each read once per build, shared by every page
 * that imports this module (the home list and the walk over all products are memoized). Astro renders no
 * page before every route has listed its paths, and the product pages' paths need only the walk,
 * which the build starts before it bundles the site (catalogue-walk.ts): so a build asks for
 * recommendations once the walk is done, one cursor page's products at a time in the
 * walk's order, while the pages render, and each product page awaits its own.
 */

let client: StorefrontClient | undefined;
let everyProduct: Promise<Product[]> | undefined;
/** In a build, each walked product's recommended ids, asked for after the walk (by id). */
const relatedAfterWalk = new Map<string, Promise<Map<string, string[]>>>();

/** Whether reads are kept for the whole build: the dev server re-renders on each request and reads afresh, so edits in the shop show on reload. */
export const READS_KEPT_PER_BUILD = !import.meta.env.DEV;

/** `work` done once per build and shared by every page that asks (on the dev server, afresh each time). */
export function perBuild<T>(work: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => {
    if (kept) return kept;
    const started = work();
    if (READS_KEPT_PER_BUILD) kept = started;
    return started;
  };
}

/** `perBuild` for each key (a menu by handle, a collection's products by handle and order): `kept(key, work)`. */
export function perBuildByKey<T>(): (key: string, work: () => Promise<T>) => Promise<T> {
  const kept = new Map<string, Promise<T>>();
  return (key, work) => {
    const found = kept.get(key);
    if (found) return found;
    const started = work();
    if (READS_KEPT_PER_BUILD) kept.set(key, started);
    return started;
  };
}

/** The pages' Storefront client (collections and content read through it too; a walk started with the build has its own). */
export function storefront(): StorefrontClient {
  client ??= configuredStorefront();
  return client;
}

export async function loading<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw CatalogueError.from(what, error);
  }
}

/** Every product in the store, walking all cursor pages. */
export function allProducts(): Promise<Product[]> {
  if (everyProduct) return everyProduct;
  if (!READS_KEPT_PER_BUILD) return loading('the catalogue', () => storefront().allProducts());
  const walk = takeStartedWalk() ?? walkCatalogue(storefront());
  everyProduct = loading('the catalogue', () => walk.products);
  everyProduct.then(() => askForRecommendations(walk.pageIds)).catch(() => undefined);
  prefetch(homeProducts);
  return everyProduct;
}

/**
 * Each walked page's recommendations, one page at a time (each in a few concurrent batches), in the
 * walk's order: the order Astro renders the product pages in. A failure is reported by the page that
 * awaits it, not as an unhandled rejection here.
 */
function askForRecommendations(pages: readonly string[][]): void {
  let asking: Promise<unknown> = Promise.resolve();
  for (const ids of pages) {
    const answer = asking.then(() => loading('the product recommendations', () => storefront().productRecommendations(ids)));
    for (const id of ids) relatedAfterWalk.set(id, answer);
    // The next page asks after this one, answered or not; this handler also keeps a failure from going unhandled.
    asking = answer.catch(() => undefined);
  }
}

/**
 * The ids of the products the shop recommends for this one, best first: in a build, what was asked
 * for after the catalogue walk; elsewhere (the dev server, or a product the walk did not see), asked
 * for now.
 */
export async function recommendedIds(productId: string): Promise<string[]> {
  const asked = relatedAfterWalk.get(productId);
  const answer = asked ? await asked : await loading('the product recommendations', () => storefront().productRecommendations([productId]));
  return answer.get(productId) ?? [];
}

/** Every product in the store by id, in the walk's order: collections and recommendations name products by id. */
export const productsById: () => Promise<Map<string, Product>> = perBuild(async () => {
  const products = await allProducts();
  return new Map(products.map((product) => [product.id, product]));
});

/**
 * The home page's list: 20 products (docs/behaviour/constants.md), the newest first, so what the generator publishes
 * shows on the home page even when the store holds more than 20 (by default Shopify lists the oldest first).
 */
export const homeProducts: () => Promise<Product[]> = perBuild(() => {
  if (READS_KEPT_PER_BUILD) prefetch(allProducts);
  return loading('the home page products', () => storefront().listProducts(PRODUCT_LIST_SIZE, undefined, { newestFirst: true }));
});

/**
 * A build needs both lists: whichever is asked for first starts the other alongside it, not after the
 * cursor walk. A failure is left for the page that awaits it to report.
 */
function prefetch(list: () => Promise<Product[]>): void {
  list().catch(() => undefined);
}
