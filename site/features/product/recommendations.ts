import type { Product, Recommendation } from '../../../shared/storefront/browser.ts';
import { recommendedIds } from '../catalogue/catalogue.ts';

/**
 * "You may also like" for a product page, read while the build renders (docs/behaviour/storefront.md):
 * in a build, asked for in batches (one request per 20 products, a few at once, not one per page)
 * once the catalogue walk is done. The shop answers which products it recommends, best first; the
 * products themselves come from the catalogue the build already holds, so a page links only to
 * products that have a page in this build.
 */

/** How many recommendations a product page shows (docs/behaviour/constants.md). */
export const RECOMMENDATIONS_SHOWN = 4;

/** Up to `RECOMMENDATIONS_SHOWN` of the shop's recommendations for `product` that `catalogue` holds, best first. */
export async function recommendationsFor(product: Product, catalogue: ReadonlyMap<string, Product>): Promise<Recommendation[]> {
  const list: Recommendation[] = [];
  for (const relatedId of await recommendedIds(product.id)) {
    const related = relatedId === product.id ? undefined : catalogue.get(relatedId);
    if (related) list.push(related);
    if (list.length === RECOMMENDATIONS_SHOWN) break;
  }
  return list;
}
