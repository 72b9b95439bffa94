import { loadConfig } from '../../../shared/config/index.ts';
import { PRODUCT_LIST_SIZE } from '../../../shared/storefront/browser.ts';
import { createStorefrontClient, type StorefrontClient } from '../../../shared/storefront/index.ts';
import type { Product } from '../../../shared/storefront/browser.ts';
import { CatalogueError } from './catalogue-error.ts';

/**
 * Build-time catalogue: one Storefront client and one fetch per build, shared by every page that
 * imports this module (the home list and the walk over all products are memoized). A build asks for
 * each cursor page's recommendations as soon as the page arrives, so the walk and the recommendation
 * requests run side by side rather than one after the other.
 */

let client: StorefrontClient | undefined;
let everyProduct: Promise<Product[]> | undefined;
let relatedDuringWalk: Promise<Map<string, string[]>> | undefined;

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

/** The build's one Storefront client (collections and content read through it too). */
export function storefront(): StorefrontClient {
  if (!client) {
    const config = loadConfig();
    client = createStorefrontClient(config.storefront, { timeoutMs: config.storefrontTimeoutMs });
  }
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
  const related = new Map<string, string[]>();
  // One page's recommendations at a time (each in a few concurrent batches), in the walk's order.
  let asking: Promise<void> = Promise.resolve();
  const onPage = (_count: number, page: readonly Product[]) => {
    const ids = page.map((product) => product.id);
    asking = asking.then(async () => {
      for (const [id, list] of await storefront().productRecommendations(ids)) related.set(id, list);
    });
    // A failure is reported by whoever awaits the recommendations, not as an unhandled rejection here.
    asking.catch(() => undefined);
  };
  everyProduct = loading('the catalogue', () => storefront().allProducts({ onPage }));
  relatedDuringWalk = everyProduct.then(() => loading('the product recommendations', () => asking.then(() => related)));
  relatedDuringWalk.catch(() => undefined);
  prefetch(homeProducts);
  return everyProduct;
}

/**
 * The ids of the products the shop recommends for each of these, best first: in a build, what was
 * asked for during the catalogue walk; elsewhere (the dev server), asked for now.
 */
export async function recommendedIds(productIds: readonly string[]): Promise<Map<string, string[]>> {
  if (relatedDuringWalk) {
    const related = await relatedDuringWalk;
    if (productIds.every((id) => related.has(id))) return related;
  }
  return loading('the product recommendations', () => storefront().productRecommendations(productIds));
}

/** Every product in the store by id: collections and recommendations name products by id. */
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
