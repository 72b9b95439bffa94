import { CHECKOUT_CHANNEL } from './constants.ts';

/** The checkout URL carries channel=online_store (docs/behaviour/cart.md); other parameters are kept. */
export function withCheckoutChannel(checkoutUrl: string): string {
  const url = new URL(checkoutUrl);
  url.searchParams.set('channel', CHECKOUT_CHANNEL);
  return url.toString();
}
