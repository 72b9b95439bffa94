import { loadConfig } from '../../../shared/config/index.ts';
import { PRODUCT_LIST_SIZE } from '../../../shared/storefront/browser.ts';
import { createStorefrontClient, type StorefrontClient } from '../../../shared/storefront/index.ts';
import type { Product } from '../../../shared/storefront/browser.ts';
import { CatalogueError } from './catalogue-error.ts';

/**
 * Build-time catalogue: one Storefront client and one fetch per build, shared by every page that
 * imports this module (the home list and the walk over all products are memoized).
 */

let client: StorefrontClient | undefined;
let everyProduct: Promise<Product[]> | undefined;
let homeList: Promise<Product[]> | undefined;

// The dev server re-renders on each request: fetch afresh there so edits in the shop show on reload.
const memoize = !import.meta.env.DEV;

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
  const fetching = everyProduct ?? loading('the catalogue', () => storefront().allProducts());
  if (memoize && !everyProduct) {
    everyProduct = fetching;
    prefetch(homeProducts);
  }
  return fetching;
}

/**
 * The home page's list: 20 products (docs/behaviour/constants.md), the newest first, so what the generator publishes
 * shows on the home page even when the store holds more than 20 (by default Shopify lists the oldest first).
 */
export function homeProducts(): Promise<Product[]> {
  const fetching =
    homeList ?? loading('the home page products', () => storefront().listProducts(PRODUCT_LIST_SIZE, undefined, { newestFirst: true }));
  if (memoize && !homeList) {
    homeList = fetching;
    prefetch(allProducts);
  }
  return fetching;
}

/**
 * A build needs both lists: whichever is asked for first starts the other alongside it, not after the
 * cursor walk. A failure is left for the page that awaits it to report.
 */
function prefetch(list: () => Promise<Product[]>): void {
  list().catch(() => undefined);
}
