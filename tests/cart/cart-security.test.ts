import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  clearCart,
  parseStoredCart,
  removeItem,
  serializeCart,
  totalPrice,
  totalQuantity,
  updateQuantity,
  type Cart,
  type CartItem,
} from '../../shared/cart/index.ts';
import { HOSTILE_TEXTS } from '../support/hostile-text.ts';

/**
 * The cart rules against hostile and corrupted input, as properties: a stored cart (which any page
 * script or a tampered localStorage can write) parses to a cart that keeps every rule, reading it
 * back is stable, a cart survives storage whatever text its lines hold, and no quantity a caller
 * passes can make a line fractional, empty or infinite.
 */

const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom(...HOSTILE_TEXTS));
const amount = fc.oneof(
  fc.integer({ min: 0, max: 99_999 }).map((cents) => (cents / 100).toFixed(2)),
  fc.constantFrom('0', '24.9', '1000000.0'),
);

const item: fc.Arbitrary<CartItem> = fc.record({
  product: fc.record({
    id: text,
    handle: text,
    title: text,
    image: fc.option(fc.record({ url: text, altText: fc.option(text, { nil: null }) }), { nil: null }),
  }),
  variantId: fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }),
  variantTitle: text,
  price: fc.record({ amount, currencyCode: fc.constantFrom('USD', 'EUR', '<b>', '') }),
  quantity: fc.integer({ min: 1, max: 50 }),
  selectedOptions: fc.array(fc.record({ name: text, value: text }), { maxLength: 3 }),
});

const cartOf = fc
  .tuple(fc.array(item, { maxLength: 6 }), fc.option(text, { nil: null }), fc.option(text, { nil: null }))
  .map(([items, cartId, checkoutUrl]): Cart => ({ ...items.reduce(addItem, clearCart()), cartId, checkoutUrl }));

/** A stored value that is mostly a cart, with junk where a field should be. */
const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(NaN, Infinity, -1, 0, 1.5, 1e308, '', '1e400', '0x1A', '-5', ' 7 ', '__proto__'),
);
const corruptedStored = fc
  .tuple(
    cartOf,
    fc.nat({ max: 5 }),
    fc.constantFrom('quantity', 'variantId', 'price', 'amount', 'product', 'selectedOptions', 'title', 'items'),
    junk,
  )
  .map(([cart, index, field, value]) => {
    const stored = JSON.parse(serializeCart(cart)) as { items: Record<string, unknown>[] } & Record<string, unknown>;
    const line = stored.items[index % Math.max(1, stored.items.length)];
    if (field === 'items') stored.items = value as never;
    else if (line && field === 'amount') line.price = { ...(line.price as object), amount: value };
    else if (line && field === 'title') line.product = { ...(line.product as object), title: value };
    else if (line) line[field] = value;
    return JSON.stringify(stored, (_key, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
  });

/** Every rule a cart must keep, whatever it was made from. */
function expectValidCart(cart: Cart): void {
  const ids = cart.items.map((line) => line.variantId);
  expect(new Set(ids).size).toBe(ids.length);
  for (const line of cart.items) {
    expect(Number.isSafeInteger(line.quantity) && line.quantity >= 1).toBe(true);
    expect(line.variantId).not.toBe('');
    expect(Number.isFinite(Number(line.price.amount))).toBe(true);
  }
  expect(Number.isSafeInteger(totalQuantity(cart))).toBe(true);
  expect(totalPrice(cart).amount).toMatch(/^\d+\.\d{2}$/);
}

describe('stored carts under hostile input', () => {
  it('property: reading back what was read is stable (parse, serialize, parse gives the same cart)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.json(), cartOf.map(serializeCart), corruptedStored), (raw) => {
        const once = parseStoredCart(raw);
        expect(parseStoredCart(serializeCart(once))).toEqual(once);
      }),
      { numRuns: 500 },
    );
  });

  it('property: any cart the rules build survives storage unchanged, whatever text its lines hold', () => {
    fc.assert(
      fc.property(cartOf, (cart) => {
        expect(parseStoredCart(serializeCart(cart))).toEqual(cart);
      }),
      { numRuns: 300 },
    );
  });

  it('property: a corrupted stored cart is discarded or read as a cart that keeps every rule', () => {
    fc.assert(
      fc.property(corruptedStored, (raw) => {
        const cart = parseStoredCart(raw);
        expectValidCart(cart);
        expect(cart.items.length === 0 || cart.items.every((line) => typeof line.product.title === 'string')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('property: no stored cart can add properties to Object.prototype', () => {
    fc.assert(
      fc.property(cartOf, (cart) => {
        const raw = serializeCart(cart).replace('{"items":[', '{"__proto__":{"polluted":1},"items":[');
        parseStoredCart(raw.replace('"product":{', '"product":{"__proto__":{"polluted":2},'));
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 50 },
    );
  });
});

describe('quantities from any caller', () => {
  const anyNumber = fc.oneof(
    fc.double(),
    fc.integer(),
    fc.constantFrom(NaN, Infinity, -Infinity, -0, 0.5, 1e308, Number.MAX_SAFE_INTEGER + 2),
  );

  it('property: whatever quantities are added or set, every line stays whole, positive and finite', () => {
    const op = fc.record({
      kind: fc.constantFrom('add', 'update', 'remove'),
      variant: fc.integer({ min: 1, max: 3 }),
      quantity: anyNumber,
    });
    fc.assert(
      fc.property(item, fc.array(op, { maxLength: 30 }), (template, ops) => {
        let cart = clearCart();
        for (const { kind, variant, quantity } of ops) {
          const variantId = `v${variant}`;
          if (kind === 'add') cart = addItem(cart, { ...template, variantId, quantity });
          else if (kind === 'update') cart = updateQuantity(cart, variantId, quantity);
          else cart = removeItem(cart, variantId);
        }
        expectValidCart(cart);
      }),
      { numRuns: 500 },
    );
  });
});
