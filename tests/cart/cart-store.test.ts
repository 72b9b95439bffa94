import { setPersistentEngine, type PersistentListener } from '@nanostores/persistent';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, EMPTY_CART, serializeCart, type CartItem } from '../../shared/cart/index.ts';
import { startScriptedServer } from '../support/scripted-server.ts';
import { rawCart } from '../support/storefront-fixtures.ts';

/**
 * The browser cart store over a fake localStorage and fake storage events: persistence, other
 * tabs, corrupted values, and checkout's loading flag and stored URL.
 */

const storage: Record<string, string> = {};
const listeners = new Set<PersistentListener>();

/** What the browser does when another tab writes the key: the value changes, then a storage event. */
function otherTabWrites(value: string): void {
  storage[CART_STORAGE_KEY] = value;
  for (const listener of listeners) listener({ key: CART_STORAGE_KEY, newValue: value });
}

function line(variant: string, quantity = 1): CartItem {
  return {
    product: { id: 'gid://shopify/Product/1', handle: 'per-my-last-prompt', title: 'Per My Last Prompt', image: null },
    variantId: `gid://shopify/ProductVariant/${variant}`,
    variantTitle: `M / Black`,
    price: { amount: '26.99', currencyCode: 'USD' },
    quantity,
    selectedOptions: [
      { name: 'Size', value: 'M' },
      { name: 'Color', value: 'Black' },
    ],
  };
}

let cartAtLoad: unknown;
/** Reads of the cart's key in storage (a browser pays a call to its own process for the first). */
let keyReads = 0;
let keyReadsAtImport = -1;
/** Whether storage refuses writes, as a browser's does when the site's storage is full. */
let storageFull = false;

beforeAll(async () => {
  storage[CART_STORAGE_KEY] = '{"items": [{"broken": true}]';
  const counted = new Proxy(storage, {
    get: (target, key) => {
      if (key === CART_STORAGE_KEY) keyReads++;
      return Reflect.get(target, key);
    },
    has: (target, key) => {
      if (key === CART_STORAGE_KEY) keyReads++;
      return Reflect.has(target, key);
    },
    set: (target, key, value) => {
      if (storageFull) throw new DOMException("Failed to set the 'shopify-cart' property on 'Storage'", 'QuotaExceededError');
      return Reflect.set(target, key, value);
    },
  });
  setPersistentEngine(counted, {
    addEventListener: (_key, callback) => listeners.add(callback),
    removeEventListener: (_key, callback) => listeners.delete(callback),
  });
  const module = await import('../../site/features/cart/cart-store.ts');
  await import('../../site/features/cart/checkout.ts');
  keyReadsAtImport = keyReads;
  cartAtLoad = module.cartStore().get();
});

async function stores() {
  const cart = await import('../../site/features/cart/cart-store.ts');
  const checkout = await import('../../site/features/cart/checkout.ts');
  return { ...cart, ...checkout, $cart: cart.cartStore() };
}

describe('cart store', () => {
  beforeEach(async () => {
    const { $cart } = await stores();
    $cart.set(EMPTY_CART);
  });

  it('reads storage when the cart is first used, not when its module loads', async () => {
    expect(keyReadsAtImport).toBe(0);
    expect(keyReads).toBeGreaterThan(0);
    const { cartStore } = await stores();
    expect(cartStore()).toBe(cartStore());
  });

  it('starts empty when the stored value is corrupted, and does not crash', async () => {
    expect(cartAtLoad).toEqual(EMPTY_CART);
    const { $cart } = await stores();
    const unbind = $cart.listen(() => {});
    otherTabWrites('not json at all');
    unbind();
    expect($cart.get()).toEqual(EMPTY_CART);
  });

  it('writes every change to storage under shopify-cart', async () => {
    const { $cart, addToCart, setQuantity, removeFromCart } = await stores();
    addToCart(line('1'));
    addToCart(line('1'));
    addToCart(line('2'));
    expect(JSON.parse(storage[CART_STORAGE_KEY]!).items.map((l: CartItem) => [l.variantId, l.quantity])).toEqual([
      ['gid://shopify/ProductVariant/1', 2],
      ['gid://shopify/ProductVariant/2', 1],
    ]);
    setQuantity('gid://shopify/ProductVariant/1', 5);
    removeFromCart('gid://shopify/ProductVariant/2');
    expect($cart.get().items.map((l) => [l.variantId, l.quantity])).toEqual([['gid://shopify/ProductVariant/1', 5]]);
    setQuantity('gid://shopify/ProductVariant/1', 0);
    expect($cart.get().items).toEqual([]);
    expect(JSON.parse(storage[CART_STORAGE_KEY]!)).toEqual({ items: [], cartId: null, checkoutUrl: null });
  });

  it('keeps a change the browser will not store for as long as the page is open, and says so once per change', async () => {
    const { $cart, addToCart, addToCartAndNotify, setQuantity } = await stores();
    const { $toasts } = await import('../../site/features/toasts/toasts.ts');
    addToCart(line('1'));
    const stored = storage[CART_STORAGE_KEY];
    $toasts.set([]);
    storageFull = true;
    try {
      const seen: number[] = [];
      const unbind = $cart.listen((cart) => seen.push(cart.items.length));
      addToCartAndNotify(line('2'));
      expect($cart.get().items.map((l) => [l.variantId, l.quantity])).toEqual([
        ['gid://shopify/ProductVariant/1', 1],
        ['gid://shopify/ProductVariant/2', 1],
      ]);
      expect(seen).toEqual([2]);
      expect($toasts.get().map((t) => [t.title, t.tone])).toEqual([['Your cart could not be saved', 'error']]);
      setQuantity('gid://shopify/ProductVariant/1', 4);
      expect($cart.get().items[0]?.quantity).toBe(4);
      expect($toasts.get()).toHaveLength(2);
      expect(storage[CART_STORAGE_KEY]).toBe(stored);
      unbind();
    } finally {
      storageFull = false;
    }
    $toasts.set([]);
    addToCartAndNotify(line('3'));
    expect(JSON.parse(storage[CART_STORAGE_KEY]!).items).toHaveLength(3);
    expect($toasts.get().map((t) => [t.title, t.description])).toEqual([['Added to cart!', 'Per My Last Prompt']]);
  });

  it('follows another tab: a storage event replaces the cart while anyone listens', async () => {
    const { $cart } = await stores();
    const seen: number[] = [];
    const unbind = $cart.listen((cart) => seen.push(cart.items.length));
    otherTabWrites(serializeCart({ items: [line('7', 3)], cartId: null, checkoutUrl: null }));
    expect($cart.get().items).toEqual([line('7', 3)]);
    otherTabWrites(serializeCart(EMPTY_CART));
    expect($cart.get().items).toEqual([]);
    expect(seen).toEqual([1, 0]);
    unbind();
  });

  it('discards a value of an older shape from another tab as a whole', async () => {
    const { $cart, addToCart } = await stores();
    const unbind = $cart.listen(() => {});
    addToCart(line('1'));
    otherTabWrites(JSON.stringify({ state: { items: [{ id: 'x', qty: 2 }] }, version: 0 }));
    expect($cart.get()).toEqual(EMPTY_CART);
    otherTabWrites(JSON.stringify({ items: [{ ...line('1'), quantity: -2 }] }));
    expect($cart.get()).toEqual(EMPTY_CART);
    unbind();
  });
});

describe('checkout from the store', () => {
  it('does nothing for an empty cart', async () => {
    const { $cart, createCheckout } = await stores();
    $cart.set(EMPTY_CART);
    await expect(createCheckout({ graphqlUrl: 'http://127.0.0.1:9/unused', token: '' })).resolves.toBeNull();
  });

  it('sends the lines, stores the checkout URL with channel=online_store, and clears loading', async () => {
    const server = await startScriptedServer(() => ({
      body: { data: { cartCreate: { cart: rawCart('https://shop.example/checkouts/c1?key=k'), userErrors: [] } } },
    }));
    try {
      const { $cart, $checkoutLoading, addToCart, createCheckout } = await stores();
      $cart.set(EMPTY_CART);
      addToCart(line('1', 2));
      const loading: boolean[] = [];
      const unbind = $checkoutLoading.listen((value) => loading.push(value));
      const url = await createCheckout({ graphqlUrl: server.url, token: 'public-token' });
      unbind();
      expect(url).toBe('https://shop.example/checkouts/c1?key=k&channel=online_store');
      expect(loading).toEqual([true, false]);
      expect($cart.get().checkoutUrl).toBe(url);
      expect($cart.get().cartId).toBe('gid://shopify/Cart/c1-abc');
      const sent = JSON.parse(server.requests[0]!.body) as { variables: unknown };
      expect(sent.variables).toEqual({ input: { lines: [{ merchandiseId: 'gid://shopify/ProductVariant/1', quantity: 2 }] } });
      expect(server.requests[0]!.headers['x-shopify-storefront-access-token']).toBe('public-token');
    } finally {
      await server.close();
    }
  });

  it('on failure rethrows the Storefront message, clears loading and leaves the cart untouched', async () => {
    const server = await startScriptedServer(() => ({
      body: { data: { cartCreate: { cart: null, userErrors: [{ field: ['input'], message: 'Variant is sold out' }] } } },
    }));
    try {
      const { $cart, $checkoutLoading, addToCart, createCheckout } = await stores();
      $cart.set(EMPTY_CART);
      addToCart(line('1'));
      const before = $cart.get();
      await expect(createCheckout({ graphqlUrl: server.url, token: '' })).rejects.toThrow('Cart creation failed: Variant is sold out');
      expect($checkoutLoading.get()).toBe(false);
      expect($cart.get()).toBe(before);
    } finally {
      await server.close();
    }
  });
});
