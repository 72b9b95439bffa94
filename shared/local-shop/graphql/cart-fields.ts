import { cartCosts, lineTotalCents, type CartCosts } from '../carts.ts';
import type { ShopContext } from './context.ts';
import { gid } from '../gid.ts';
import { money } from '../money.ts';
import type { CartLineRecord, CartRecord } from '../store/records.ts';
import { CONNECTION_ARGS, connectionFromList, readConnectionArgs } from './connection.ts';
import { connectionTypes, defineFields, plainFields, type TypeFields } from './field-map.ts';

/** Cart, CartLine, their costs (discount codes applied; tax at checkout) and the mutation payloads. */

/** A cart's cost is worked out once per request however many fields read it. */
const costCache = new WeakMap<CartRecord, CartCosts>();
function costs(cart: CartRecord, ctx: ShopContext): CartCosts {
  let cost = costCache.get(cart);
  if (!cost) {
    cost = cartCosts(cart, (code) => ctx.store.content.discountCode(code));
    costCache.set(cart, cost);
  }
  return cost;
}

export function cartGid(cart: Pick<CartRecord, 'token' | 'key'>): string {
  return gid('Cart', cart.token, { key: cart.key });
}

export const CART_FIELDS: Record<string, TypeFields> = {
  Cart: defineFields<CartRecord>({
    id: (c) => cartGid(c),
    checkoutUrl: (c, _args, ctx) => ctx.urls.checkout(c),
    createdAt: (c) => c.createdAt,
    updatedAt: (c) => c.updatedAt,
    totalQuantity: (c, _args, ctx) => costs(c, ctx).quantity,
    note: (c) => c.note || null,
    attributes: (c) => c.attributes,
    attribute: { args: ['key'], resolve: (c, args) => c.attributes.find((a) => a.key === args.key) ?? null },
    buyerIdentity: (c) => ({
      email: c.buyerIdentity.email ?? null,
      phone: c.buyerIdentity.phone ?? null,
      countryCode: c.buyerIdentity.countryCode ?? null,
      customer: null,
      purchasingCompany: null,
      preferences: null,
    }),
    discountCodes: (c, _args, ctx) => costs(c, ctx).discounts.map((d) => ({ code: d.code, applicable: d.applicable })),
    discountAllocations: (c, _args, ctx) => {
      const cost = costs(c, ctx);
      return cost.discounts
        .filter((d) => d.discountCents > 0)
        .map((d) => ({
          __typename: 'CartCodeDiscountAllocation',
          code: d.code,
          discountedAmount: money(d.discountCents, cost.currencyCode),
          targetType: 'LINE_ITEM',
          discountApplication: {
            allocationMethod: 'ACROSS',
            targetSelection: 'ALL',
            targetType: 'LINE_ITEM',
            value:
              d.percentOff !== null
                ? { __typename: 'PricingPercentageValue', percentage: d.percentOff }
                : { __typename: 'MoneyV2', ...money(d.amountOffCents ?? 0, cost.currencyCode) },
          },
        }));
    },
    appliedGiftCards: () => [],
    cost: (c, _args, ctx) => {
      const cost = costs(c, ctx);
      const total = money(cost.totalCents, cost.currencyCode);
      return {
        subtotalAmount: money(cost.subtotalCents, cost.currencyCode),
        totalAmount: total,
        checkoutChargeAmount: total,
        subtotalAmountEstimated: false,
        totalAmountEstimated: false,
        // Tax and duty are worked out at checkout, as in a shop that shows prices without tax.
        totalTaxAmount: null,
        totalTaxAmountEstimated: false,
        totalDutyAmount: null,
        totalDutyAmountEstimated: false,
      };
    },
    metafield: { args: ['key', 'namespace'], resolve: () => null },
    metafields: { args: ['identifiers'], resolve: (_c, args) => (Array.isArray(args.identifiers) ? args.identifiers.map(() => null) : []) },
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

  CartCost: plainFields(
    'totalAmount',
    'subtotalAmount',
    'checkoutChargeAmount',
    'subtotalAmountEstimated',
    'totalAmountEstimated',
    'totalTaxAmount',
    'totalTaxAmountEstimated',
    'totalDutyAmount',
    'totalDutyAmountEstimated',
  ),
  CartBuyerIdentity: plainFields('email', 'phone', 'countryCode', 'customer', 'purchasingCompany', 'preferences'),
  CartDiscountCode: plainFields('code', 'applicable'),
  CartCodeDiscountAllocation: plainFields('code', 'discountedAmount', 'targetType', 'discountApplication'),
  CartDiscountApplication: plainFields('allocationMethod', 'targetSelection', 'targetType', 'value'),
  PricingPercentageValue: plainFields('percentage'),
  CartWarning: plainFields('code', 'message', 'target'),
  CartLinesAddPayload: plainFields('cart', 'userErrors', 'warnings'),
  CartLinesUpdatePayload: plainFields('cart', 'userErrors', 'warnings'),
  CartLinesRemovePayload: plainFields('cart', 'userErrors', 'warnings'),
  CartNoteUpdatePayload: plainFields('cart', 'userErrors', 'warnings'),
  CartAttributesUpdatePayload: plainFields('cart', 'userErrors', 'warnings'),
  CartBuyerIdentityUpdatePayload: plainFields('cart', 'userErrors', 'warnings'),
  CartDiscountCodesUpdatePayload: plainFields('cart', 'userErrors', 'warnings'),
  CartGiftCardCodesUpdatePayload: plainFields('cart', 'userErrors', 'warnings'),
  CartLineCost: plainFields('amountPerQuantity', 'subtotalAmount', 'totalAmount', 'compareAtAmountPerQuantity'),
  CartCreatePayload: plainFields('cart', 'userErrors', 'warnings'),
  CartUserError: plainFields('field', 'message', 'code'),
  ...connectionTypes('BaseCartLineConnection', 'BaseCartLineEdge'),
};
