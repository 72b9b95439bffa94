import { DEFAULT_CURRENCY } from '../common/index.ts';
import { secretMatches } from './secret.ts';
import type { DiscountCodeRecord } from './store/content-records.ts';
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

export interface AppliedDiscount {
  code: string;
  /** True when the code exists and the cart meets its minimum; only the first such code is applied. */
  applicable: boolean;
  discountCents: number;
  percentOff: number | null;
  amountOffCents: number | null;
}

export interface CartCosts extends CartTotals {
  discounts: AppliedDiscount[];
  discountCents: number;
  totalCents: number;
}

/**
 * The cart's cost with its discount codes: a code applies when the shop has it and the subtotal meets
 * its minimum; like Shopify's default, codes do not combine, so only the first applicable one counts.
 * Tax is worked out at checkout, as in a shop that shows prices without tax.
 */
export function cartCosts(cart: CartRecord, lookup: (code: string) => DiscountCodeRecord | null): CartCosts {
  const totals = cartTotals(cart);
  let applied = false;
  const discounts = cart.discountCodes.map((code): AppliedDiscount => {
    const found = cart.lines.length ? lookup(code) : null;
    const eligible = found !== null && totals.subtotalCents >= found.minimumSubtotalCents && !applied;
    const discountCents = !eligible
      ? 0
      : found.percentOff !== null
        ? Math.round((totals.subtotalCents * found.percentOff) / 100)
        : Math.min(found.amountOffCents ?? 0, totals.subtotalCents);
    if (eligible) applied = true;
    return {
      code: found?.code ?? code,
      applicable: eligible,
      discountCents,
      percentOff: found?.percentOff ?? null,
      amountOffCents: found?.amountOffCents ?? null,
    };
  });
  const discountCents = discounts.reduce((sum, d) => sum + d.discountCents, 0);
  return { ...totals, discounts, discountCents, totalCents: totals.subtotalCents - discountCents };
}
