import { withCheckoutChannel } from './checkout-url.ts';
import { CART_CREATE_MUTATION } from './documents/cart.ts';
import { StorefrontError, checkCartPayload } from './errors.ts';
import { browserGraphql, type BrowserEndpoint, type BrowserRequestOptions } from './fetch.ts';

// Checkout's call, apart from the plain fetch client: only the cart drawer, loaded on first open,
// needs it and its document, so the pages' own scripts do not carry them.

export interface BrowserCheckout {
  id: string;
  checkoutUrl: string;
  totalQuantity: number;
}

/** Creates the remote cart at checkout; its URL carries channel=online_store. */
export async function browserCartCreate(
  endpoint: BrowserEndpoint,
  lines: { merchandiseId: string; quantity: number }[],
  options?: BrowserRequestOptions,
): Promise<BrowserCheckout> {
  const data = await browserGraphql(endpoint, 'CartCreate', CART_CREATE_MUTATION, { input: { lines } }, options);
  const { cart } = checkCartPayload(data.cartCreate);
  let checkoutUrl: string;
  try {
    checkoutUrl = withCheckoutChannel(cart.checkoutUrl);
  } catch {
    throw new StorefrontError(
      'invalid-response',
      `Unexpected response from the Storefront API (CartCreate): checkoutUrl is not a URL`,
      'CartCreate',
    );
  }
  return {
    id: typeof cart.id === 'string' ? cart.id : '',
    checkoutUrl,
    totalQuantity: typeof cart.totalQuantity === 'number' ? cart.totalQuantity : 0,
  };
}
