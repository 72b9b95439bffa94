import { secretMatches } from './secret.ts';
import type { CartRecord } from './store/records.ts';
import type { LocalShopStore } from './store/store.ts';

/** The shape of every cart token the store hands out. */
const CART_TOKEN = /^c1-[0-9a-f]{32}$/;

/**
 * The cart a token and key open (the Cart GID and the checkout link carry both): null for an
 * unknown token or a key that is not the cart's, so a token alone reveals nothing.
 */
export function findCart(store: LocalShopStore, token: string, key: string | null | undefined): CartRecord | null {
  if (!CART_TOKEN.test(token)) return null;
  const cart = store.cartByToken(token);
  return cart && secretMatches(cart.key, key) ? cart : null;
}
