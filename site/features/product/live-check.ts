import { formatPrice, type Money } from '../../../shared/common/index.ts';
import type { LiveProduct, LiveVariant } from './live-product.ts';
import { $liveProduct, refreshLiveProduct } from './live-product-store.ts';
import type { BrowserEndpoint } from '../../../shared/storefront/browser.ts';
import { STALE_EVENT } from '../../directives/stale.ts';

/**
 * The product page's price and its purchase island are drawn by the server from the build's data. This
 * check, without React, re-reads the shop's fresh price and availability once per page view and
 * writes the fresh minimum price into the page itself. The island needs its code only when its
 * drawing is out of date: the URL asks for another variant, or the fresh availability or prices
 * differ from the build's. Then the check says so, and the island (`client:interact="stale"`)
 * hydrates at idle; otherwise it waits for the shopper like every other island
 * (docs/behaviour/storefront.md).
 */

/** What the server drew from: the build's minimum price and each variant's price and availability. */
export interface BuiltPrices {
  minPrice: Money;
  variants: LiveVariant[];
}

const sameMoney = (a: Money, b: Money): boolean => a.amount === b.amount && a.currencyCode === b.currencyCode;

/** Whether the fresh answer would draw the page differently from the build's data. */
export function liveDiffers(built: BuiltPrices, live: LiveProduct): boolean {
  if (live.state === 'gone') return true;
  if (!sameMoney(built.minPrice, live.minPrice) || built.variants.length !== live.variants.length) return true;
  const fresh = new Map(live.variants.map((variant) => [variant.id, variant]));
  return built.variants.some((variant) => {
    const update = fresh.get(variant.id);
    return !update || update.availableForSale !== variant.availableForSale || !sameMoney(update.price, variant.price);
  });
}

/** The price line shows the fresh minimum price whenever the page's store has one (from this check or from the island, whichever re-read first). */
export function showLivePrice(price: HTMLElement): () => void {
  return $liveProduct.subscribe((live) => {
    if (live?.state !== 'found') return;
    // The same price leaves the line as it is (its text node is not swapped for an equal one).
    const text = formatPrice(live.minPrice);
    if (price.textContent !== text) price.textContent = text;
  });
}

/** Tells the waiting island that the server's drawing is out of date. */
export function markStale(): void {
  dispatchEvent(new Event(STALE_EVENT));
}

/**
 * Reads the page's data attributes, then: a `?variant=` in the URL makes the drawing stale at once;
 * otherwise the fresh price and availability are read (once per page view, shared with the islands)
 * and compared. A failed re-read leaves the build's data on screen.
 */
export async function startLiveCheck(root: HTMLElement): Promise<void> {
  const variantAsked = new URLSearchParams(window.location.search).has('variant');
  if (variantAsked) markStale();
  const endpoint: BrowserEndpoint = { graphqlUrl: root.dataset.graphqlUrl ?? '', token: root.dataset.token ?? '' };
  const built = JSON.parse(root.dataset.builtPrices ?? 'null') as BuiltPrices | null;
  const handle = root.dataset.handle;
  if (!built || !handle) return;
  const price = root.querySelector<HTMLElement>('[data-live-price]');
  if (price) showLivePrice(price);
  // The island's own store: once it hydrates it draws from this same answer, read once.
  await refreshLiveProduct(endpoint, handle);
  const live = $liveProduct.get();
  const fresher = live !== null && liveDiffers(built, live);
  if (fresher && !variantAsked) markStale();
  // For anyone inspecting the page (and the journeys): the check is over, and what it found.
  root.dataset.liveCheck = variantAsked || fresher ? 'stale' : 'current';
}
