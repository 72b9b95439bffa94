import { loadConfig } from '../../../shared/config/index.ts';
import type { Product } from '../../../shared/storefront/browser.ts';
import { createStorefrontClient, type StorefrontClient } from '../../../shared/storefront/index.ts';

/**
 * The build's walk over every product, which the product pages' paths wait for. A build starts it
 * before the bundler runs (`earlyCatalogueWalk` in astro.config.mjs), so the shop answers while the
 * site is bundled instead of after; the pre-rendered pages' catalogue then takes that walk over
 * instead of starting its own. The two sides are different copies of this module (the pages run from
 * the build's own bundle), so the walk is handed over on a global, under a registered symbol.
 */

export interface CatalogueWalk {
  /** Every product, in the walk's order. */
  products: Promise<Product[]>;
  /** The ids of each cursor page's products, filled in as the pages arrive (recommendations are asked for page by page). */
  pageIds: string[][];
}

/** A Storefront client as the build configures it (each side of the hand-over makes its own). */
export function configuredStorefront(): StorefrontClient {
  const config = loadConfig();
  return createStorefrontClient(config.storefront, { timeoutMs: config.storefrontTimeoutMs });
}

export function walkCatalogue(client: StorefrontClient): CatalogueWalk {
  const pageIds: string[][] = [];
  const products = client.allProducts({ onPage: (_count, page) => pageIds.push(page.map((product) => product.id)) });
  return { products, pageIds };
}

const HANDED_OVER = Symbol.for('neural-threads.catalogue-walk');
type Holder = { [HANDED_OVER]?: CatalogueWalk };

/** Start the walk now, for the pages to take over; a failure is reported by the page that takes it. */
export function startCatalogueWalk(): void {
  const walk = walkCatalogue(configuredStorefront());
  walk.products.catch(() => undefined);
  (globalThis as Holder)[HANDED_OVER] = walk;
}

/** The walk started for this build, if one was, taken (a second call finds none). */
export function takeStartedWalk(): CatalogueWalk | undefined {
  const holder = globalThis as Holder;
  const walk = holder[HANDED_OVER];
  delete holder[HANDED_OVER];
  return walk;
}
