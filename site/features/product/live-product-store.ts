import { atom } from 'nanostores';
import { browserGraphql, type BrowserEndpoint, PRODUCT_AVAILABILITY_QUERY } from '../../../shared/storefront/browser.ts';
import { readLiveProduct, type LiveProduct } from './live-product.ts';

/** The product page's fresh price and availability; null until (or unless) the re-read succeeds. */
export const $liveProduct = atom<LiveProduct | null>(null);

let started = false;

/**
 * Re-reads the product once per page view. A failure keeps the build-time data on screen: the
 * shopper can still buy, and checkout reports any real problem.
 */
export async function refreshLiveProduct(endpoint: BrowserEndpoint, handle: string): Promise<void> {
  if (started) return;
  started = true;
  try {
    const data = await browserGraphql(endpoint, 'ProductAvailability', PRODUCT_AVAILABILITY_QUERY, { handle });
    const live = readLiveProduct(data);
    if (live) $liveProduct.set(live);
    else console.warn('Price and availability could not be refreshed: unexpected answer from the shop');
  } catch (error) {
    console.warn('Price and availability could not be refreshed:', error instanceof Error ? error.message : error);
  }
}
