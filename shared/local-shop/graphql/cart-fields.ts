import { cartTotals, lineTotalCents } from '../carts.ts';
import { gid } from '../gid.ts';
import { money } from '../money.ts';
import type { CartLineRecord, CartRecord } from '../store/records.ts';
import { CONNECTION_ARGS, connectionFromList, readConnectionArgs } from './connection.ts';
import { connectionTypes, defineFields, plainFields, type TypeFields } from './field-map.ts';

/** Cart, CartLine, their costs and the cartCreate payload. No taxes, shipping or discounts: totals are subtotals. */

export function cartGid(cart: Pick<CartRecord, 'token' | 'key'>): string {
  return gid('Cart', cart.token, { key: cart.key });
}

export const CART_FIELDS: Record<string, TypeFields> = {
  Cart: defineFields<CartRecord>({
    id: (c) => cartGid(c),
    checkoutUrl: (c, _args, ctx) => ctx.urls.checkout(c),
    createdAt: (c) => c.createdAt,
    updatedAt: (c) => c.updatedAt,
    totalQuantity: (c) => cartTotals(c).quantity,
    note: () => null,
    attributes: () => [],
    attribute: { args: ['key'], resolve: () => null },
    discountCodes: () => [],
    discountAllocations: () => [],
    appliedGiftCards: () => [],
    cost: (c) => {
      const totals = cartTotals(c);
      const subtotal = money(totals.subtotalCents, totals.currencyCode);
      return {
        subtotalAmount: subtotal,
        totalAmount: subtotal,
        checkoutChargeAmount: subtotal,
        subtotalAmountEstimated: false,
        totalAmountEstimated: false,
      };
    },
    lines: {
      args: CONNECTION_ARGS,
      resolve: (c, args) => connectionFromList(c.lines, (line) => line.id, readConnectionArgs(args, 'lines'), 'lines'),
    },
  }),

  CartLine: defineFields<CartLineRecord>({
    id: (l) => gid('CartLine', l.id, { cart: l.cartToken }),
    quantity: (l) => l.quantity,
    merchandise: (l) => l.variant,
    attributes: () => [],
    attribute: { args: ['key'], resolve: () => null },
    discountAllocations: () => [],
    sellingPlanAllocation: () => null,
    cost: (l) => ({
      amountPerQuantity: money(l.variant.priceCents, l.variant.currencyCode),
      subtotalAmount: money(lineTotalCents(l), l.variant.currencyCode),
      totalAmount: money(lineTotalCents(l), l.variant.currencyCode),
      compareAtAmountPerQuantity: null,
    }),
  }),

  CartCost: plainFields('totalAmount', 'subtotalAmount', 'checkoutChargeAmount', 'subtotalAmountEstimated', 'totalAmountEstimated'),
  CartLineCost: plainFields('amountPerQuantity', 'subtotalAmount', 'totalAmount', 'compareAtAmountPerQuantity'),
  CartCreatePayload: plainFields('cart', 'userErrors', 'warnings'),
  CartUserError: plainFields('field', 'message', 'code'),
  ...connectionTypes('BaseCartLineConnection', 'BaseCartLineEdge'),
};
