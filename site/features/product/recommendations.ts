import type { Product, Recommendation } from '../../../shared/storefront/browser.ts';
import { recommendedIds } from '../catalogue/catalogue.ts';

/**
 * "You may also like" for every product page, fetched once per build in batches (one request per 20
 * products, a few at once, not one per page) while the catalogue is walked (docs/behaviour/storefront.md). The shop answers which products it recommends, best first; the
 * products themselves come from the catalogue the build already holds, so a page links only to
 * products that have a page in this build.
 */

/** How many recommendations a product page shows (docs/behaviour/constants.md). */
export const RECOMMENDATIONS_SHOWN = 4;

export async function recommendationsFor(products: readonly Product[]): Promise<Map<string, Recommendation[]>> {
  const found = await recommendedIds(products.map((product) => product.id));
  const byId = new Map(products.map((product) => [product.id, product]));
  const shown = new Map<string, Recommendation[]>();
  for (const { id } of products) {
    const related = found.get(id) ?? [];
    const list: Recommendation[] = [];
    for (const relatedId of related) {
      const product = relatedId === id ? undefined : byId.get(relatedId);
      if (product) list.push(product);
      if (list.length === RECOMMENDATIONS_SHOWN) break;
    }
    shown.set(id, list);
  }
  return shown;
}
