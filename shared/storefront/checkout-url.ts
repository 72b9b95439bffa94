import { CHECKOUT_CHANNEL } from './constants.ts';

/** SPEC §4: the checkout URL carries channel=online_store; other parameters are kept. */
export function withCheckoutChannel(checkoutUrl: string): string {
  const url = new URL(checkoutUrl);
  url.searchParams.set('channel', CHECKOUT_CHANNEL);
  return url.toString();
}
