import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  cartSummary,
  clearCart,
  parseCartItem,
  parseStoredCart,
  removeItem,
  serializeCart,
  totalPrice,
  totalQuantity,
  updateQuantity,
  type Cart,
  type CartItem,
} from '../../shared/cart/index.ts';
import { formatAmount, formatPrice } from '../../shared/common/index.ts';

function item(variant: string, overrides: Partial<CartItem> = {}): CartItem {
  return {
    product: { id: 'gid://shopify/Product/1', handle: 'prompt-engineer', title: 'Prompt Engineer', image: null },
    variantId: `gid://shopify/ProductVariant/${variant}`,
    variantTitle: `M / ${variant}`,
    price: { amount: '24.99', currencyCode: 'USD' },
    quantity: 1,
    selectedOptions: [{ name: 'Size', value: 'M' }],
    ...overrides,
  };
}

describe('cart rules', () => {
  it('adding a new variant appends a line with quantity 1', () => {
    const cart = addItem(addItem(clearCart(), item('1')), item('2'));
    expect(cart.items.map((l) => [l.variantId, l.quantity])).toEqual([
      ['gid://shopify/ProductVariant/1', 1],
      ['gid://shopify/ProductVariant/2', 1],
    ]);
  });

  it('adding a variant already in the cart raises its quantity by the added amount', () => {
    const cart = addItem(addItem(clearCart(), item('1')), item('1', { quantity: 3 }));
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]!.quantity).toBe(4);
  });

  it("adding a variant again takes the newer item's price, titles and photo, in the same place", () => {
    const first = addItem(addItem(clearCart(), item('1')), item('2'));
    const newer = item('1', {
      price: { amount: '27.99', currencyCode: 'USD' },
      product: {
        id: 'gid://shopify/Product/1',
        handle: 'prompt-engineer',
        title: 'Prompt Engineer (2nd edition)',
        image: { url: 'https://x/a.png', altText: null },
      },
    });
    const cart = addItem(first, newer);
    expect(cart.items.map((line) => line.variantId)).toEqual(['gid://shopify/ProductVariant/1', 'gid://shopify/ProductVariant/2']);
    expect(cart.items[0]).toEqual({ ...newer, quantity: 2 });
    expect(totalPrice(cart)).toEqual({ amount: '80.97', currencyCode: 'USD' });
  });

  it('updating to 0 or less removes the line; other values set it', () => {
    const base = addItem(addItem(clearCart(), item('1')), item('2'));
    expect(updateQuantity(base, item('1').variantId, 5).items[0]!.quantity).toBe(5);
    expect(updateQuantity(base, item('1').variantId, 0).items.map((l) => l.variantId)).toEqual([item('2').variantId]);
    expect(updateQuantity(base, item('1').variantId, -3).items).toHaveLength(1);
    expect(updateQuantity(base, item('1').variantId, Number.NaN).items).toHaveLength(1);
  });

  it('remove deletes by variant id; clear empties items and resets cartId and checkoutUrl', () => {
    const base: Cart = { ...addItem(clearCart(), item('1')), cartId: 'gid://shopify/Cart/x', checkoutUrl: 'https://x' };
    expect(removeItem(base, item('1').variantId).items).toEqual([]);
    expect(clearCart()).toEqual({ items: [], cartId: null, checkoutUrl: null });
  });

  it('never mutates the cart it is given', () => {
    const base = Object.freeze(addItem(clearCart(), item('1')));
    addItem(base, item('1'));
    updateQuantity(base, item('1').variantId, 9);
    expect(base.items[0]!.quantity).toBe(1);
  });

  it('totals: quantity, price in whole cents, first item currency, USD when empty', () => {
    let cart = addItem(clearCart(), item('1', { price: { amount: '0.10', currencyCode: 'EUR' }, quantity: 3 }));
    cart = addItem(cart, item('2', { price: { amount: '0.20', currencyCode: 'EUR' } }));
    expect(totalQuantity(cart)).toBe(4);
    expect(totalPrice(cart)).toEqual({ amount: '0.50', currencyCode: 'EUR' });
    expect(totalPrice(clearCart())).toEqual({ amount: '0.00', currencyCode: 'USD' });
  });

  it('summary text counts items by quantity', () => {
    expect(cartSummary(clearCart())).toBe('Your cart is empty');
    expect(cartSummary(addItem(clearCart(), item('1', { quantity: 3 })))).toBe('3 item(s) in your cart');
  });

  it('property: quantities always stay whole and positive, totals match the lines', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), v: fc.integer({ min: 1, max: 4 }), q: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant('update' as const), v: fc.integer({ min: 1, max: 4 }), q: fc.integer({ min: -3, max: 9 }) }),
      fc.record({ kind: fc.constant('remove' as const), v: fc.integer({ min: 1, max: 4 }), q: fc.constant(0) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let cart = clearCart();
        for (const { kind, v, q } of ops) {
          const id = item(String(v)).variantId;
          if (kind === 'add') cart = addItem(cart, item(String(v), { quantity: q }));
          else if (kind === 'update') cart = updateQuantity(cart, id, q);
          else cart = removeItem(cart, id);
        }
        const ids = cart.items.map((l) => l.variantId);
        expect(new Set(ids).size).toBe(ids.length);
        for (const line of cart.items) expect(Number.isInteger(line.quantity) && line.quantity >= 1).toBe(true);
        expect(totalPrice(cart).amount).toBe((totalQuantity(cart) * 24.99).toFixed(2));
      }),
    );
  });
});

describe('stored cart', () => {
  it('round-trips through storage', () => {
    const cart: Cart = { ...addItem(clearCart(), item('1', { quantity: 2 })), cartId: 'c', checkoutUrl: 'https://x/c' };
    expect(parseStoredCart(serializeCart(cart))).toEqual(cart);
  });

  it.each([
    ['not JSON', '{oops'],
    ['null', 'null'],
    ['an array', '[]'],
    ['items not an array', '{"items":{}}'],
    ['a line without a variant id', JSON.stringify({ items: [{ ...item('1'), variantId: undefined }] })],
    ['a fractional quantity', JSON.stringify({ items: [{ ...item('1'), quantity: 1.5 }] })],
    ['a zero quantity', JSON.stringify({ items: [{ ...item('1'), quantity: 0 }] })],
    ['a price that is not a number', JSON.stringify({ items: [{ ...item('1'), price: { amount: 'abc', currencyCode: 'USD' } }] })],
    ['an old shape (price as a number)', JSON.stringify({ items: [{ ...item('1'), price: 24.99 }] })],
  ])('discards %s as an empty cart', (_label, raw) => {
    expect(parseStoredCart(raw)).toEqual(clearCart());
  });

  it('merges two stored lines of the same variant', () => {
    const raw = JSON.stringify({ items: [item('1'), item('1', { quantity: 2 })], cartId: null, checkoutUrl: null });
    expect(parseStoredCart(raw).items[0]!.quantity).toBe(3);
  });

  it('property: any string parses to a valid cart without throwing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
        const cart = parseStoredCart(raw);
        expect(Array.isArray(cart.items)).toBe(true);
      }),
    );
  });
});

describe("a card button's cart line", () => {
  it('reads back the line it was written from', () => {
    const line = item('7', {
      product: { id: 'gid://shopify/Product/7', handle: 'x', title: 'Quote "this"', image: { url: 'https://cdn/x.png', altText: null } },
    });
    expect(parseCartItem(JSON.stringify(line))).toEqual(line);
  });

  it('is null for anything that is not a whole line: no text, broken JSON, a missing price, a zero quantity, a stray array', () => {
    for (const raw of [
      null,
      '',
      '{',
      '[]',
      JSON.stringify({ ...item('1'), price: undefined }),
      JSON.stringify(item('1', { quantity: 0 })),
      JSON.stringify([item('1')]),
    ])
      expect(parseCartItem(raw)).toBeNull();
  });

  it('keeps only the fields a line has', () => {
    const parsed = parseCartItem(JSON.stringify({ ...item('1'), extra: 'x', product: { ...item('1').product, more: 1 } }));
    expect(parsed).toEqual(item('1'));
  });
});

describe('price formatting', () => {
  it('currency code, then $, then two decimals', () => {
    expect(formatPrice({ amount: '24.99', currencyCode: 'USD' })).toBe('USD $24.99');
    expect(formatPrice({ amount: '25.0', currencyCode: 'USD' })).toBe('USD $25.00');
    expect(formatPrice({ amount: '7', currencyCode: 'CAD' })).toBe('CAD $7.00');
    expect(formatAmount('not a number')).toBe('0.00');
  });
});
