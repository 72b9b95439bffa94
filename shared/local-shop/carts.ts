import { DEFAULT_CURRENCY } from '../common/index.ts';
import { secretMatches } from './secret.ts';
import type { CartLineRecord, CartRecord } from './store/records.ts';
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

/** No taxes, shipping or discounts: a line's total and a cart's are subtotals. */
export function lineTotalCents(line: CartLineRecord): number {
  return line.quantity * line.variant.priceCents;
}

export interface CartTotals {
  quantity: number;
  subtotalCents: number;
  /** The lines' currency (the shop's default for an empty cart). */
  currencyCode: string;
}

export function cartTotals(cart: CartRecord): CartTotals {
  return {
    quantity: cart.lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents: cart.lines.reduce((sum, line) => sum + lineTotalCents(line), 0),
    currencyCode: cart.lines[0]?.variant.currencyCode ?? DEFAULT_CURRENCY,
  };
}
