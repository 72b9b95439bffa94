import { browserCartCreate, type BrowserEndpoint, type BrowserRequestOptions } from '../../../shared/storefront/browser.ts';
import { atom } from 'nanostores';
import { cartStore, putCart } from './cart-store.ts';

/** The cart state's `isLoading`: true while checkout is being created; never stored. */
export const $checkoutLoading = atom(false);

/**
 * Checkout (docs/behaviour/cart.md): nothing when the cart is empty; otherwise loading on, a remote cart from the
 * Storefront API, its checkout URL stored, loading off whatever happens, errors rethrown.
 * Returns the checkout URL (with channel=online_store), or null for an empty cart.
 */
export async function createCheckout(endpoint: BrowserEndpoint, options?: BrowserRequestOptions): Promise<string | null> {
  const $cart = cartStore();
  const cart = $cart.get();
  if (cart.items.length === 0) return null;
  $checkoutLoading.set(true);
  try {
    const lines = cart.items.map((item) => ({ merchandiseId: item.variantId, quantity: item.quantity }));
    const remote = await browserCartCreate(endpoint, lines, options);
    // Read the cart again: another tab may have changed it while the request was out.
    putCart({ ...$cart.get(), cartId: remote.id || null, checkoutUrl: remote.checkoutUrl });
    return remote.checkoutUrl;
  } finally {
    $checkoutLoading.set(false);
  }
}
