import type { Recommendation } from '../../../shared/storefront/browser.ts';
import { loading, storefront } from '../catalogue/catalogue.ts';

/**
 * "You may also like" for every product page, fetched once per build in batches (one request per 20
 * products, not one per page) when the product pages' paths are listed (docs/behaviour/storefront.md).
 */

/** How many recommendations a product page shows (docs/behaviour/constants.md). */
export const RECOMMENDATIONS_SHOWN = 4;

export async function recommendationsFor(productIds: readonly string[]): Promise<Map<string, Recommendation[]>> {
  const found = await loading('the product recommendations', () => storefront().productRecommendations(productIds));
  for (const [id, list] of found) found.set(id, list.filter((r) => r.id !== id).slice(0, RECOMMENDATIONS_SHOWN));
  return found;
}
