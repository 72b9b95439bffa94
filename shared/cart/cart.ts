import { isRecord, DEFAULT_CURRENCY, fromCents, toCents, type Money } from '../common/index.ts';

/**
 * The cart's rules (docs/behaviour/cart.md) as pure functions over a cart value. The browser store wraps them;
 * nothing here touches storage, React or the network.
 */

export interface SelectedOption {
  name: string;
  value: string;
}

/** What a cart line keeps of its product: enough to draw the line and link back. */
export interface CartProduct {
  id: string;
  handle: string;
  title: string;
  image: { url: string; altText: string | null } | null;
}

export interface CartItem {
  product: CartProduct;
  variantId: string;
  variantTitle: string;
  price: Money;
  /** A whole number, at least 1. */
  quantity: number;
  selectedOptions: SelectedOption[];
}

/** The persisted part of the cart state; `isLoading` lives beside it and is never stored. */
export interface Cart {
  items: CartItem[];
  cartId: string | null;
  checkoutUrl: string | null;
}

export const EMPTY_CART: Cart = /* @__PURE__ */ Object.freeze({ items: [], cartId: null, checkoutUrl: null }) as Cart;

/** The local storage key: the provider's lowercase name followed by '-cart'. */
export const CART_STORAGE_KEY = 'shopify-cart';

/** The most of one variant a line holds: past any real order, and small enough that totals stay exact numbers. */
export const MAX_LINE_QUANTITY = 9_999;

/**
 * Adding a variant already in the cart raises that line's quantity and takes the added item's
 * price, titles and photo (the newer page's: a price changed since the first add shows); otherwise
 * the line is appended.
 */
export function addItem(cart: Cart, item: CartItem): Cart {
  // A quantity that is not a number (NaN, Infinity) from a broken caller adds one, not a poisoned line.
  const quantity = Number.isFinite(item.quantity) ? Math.min(Math.max(1, Math.floor(item.quantity)), MAX_LINE_QUANTITY) : 1;
  const existing = cart.items.find((line) => line.variantId === item.variantId);
  const items = existing
    ? cart.items.map((line) => (line === existing ? { ...item, quantity: Math.min(line.quantity + quantity, MAX_LINE_QUANTITY) } : line))
    : [...cart.items, { ...item, quantity }];
  return { ...cart, items };
}

/** A quantity of 0 or less removes the line. */
export function updateQuantity(cart: Cart, variantId: string, quantity: number): Cart {
  if (!Number.isFinite(quantity) || quantity <= 0) return removeItem(cart, variantId);
  const whole = Math.min(Math.floor(quantity), MAX_LINE_QUANTITY);
  if (whole <= 0) return removeItem(cart, variantId);
  return { ...cart, items: cart.items.map((line) => (line.variantId === variantId ? { ...line, quantity: whole } : line)) };
}

export function removeItem(cart: Cart, variantId: string): Cart {
  return { ...cart, items: cart.items.filter((line) => line.variantId !== variantId) };
}

export function clearCart(): Cart {
  return { items: [], cartId: null, checkoutUrl: null };
}

export function totalQuantity(cart: Cart): number {
  return cart.items.reduce((sum, line) => sum + line.quantity, 0);
}

/** The total in the first item's currency (USD when empty), summed in whole cents. */
export function totalPrice(cart: Cart): Money {
  const cents = cart.items.reduce((sum, line) => sum + toCents(line.price.amount) * line.quantity, 0);
  return { amount: fromCents(cents), currencyCode: cart.items[0]?.price.currencyCode ?? DEFAULT_CURRENCY };
}

/** "N item(s) in your cart" or the empty text. */
export function cartSummary(cart: Cart): string {
  const count = totalQuantity(cart);
  return count === 0 ? 'Your cart is empty' : `${count} item(s) in your cart`;
}

// A Storefront amount: a plain decimal ("24.99", "1000000.0"), never "1e400", "0x1A", "-5" or "".
const STORED_AMOUNT = /^\d{1,9}(\.\d{1,6})?$/;

function readMoney(value: unknown): Money | null {
  if (!isRecord(value) || typeof value.currencyCode !== 'string') return null;
  const amount = value.amount;
  if (typeof amount !== 'string' || !STORED_AMOUNT.test(amount)) return null;
  return { amount, currencyCode: value.currencyCode };
}

function readItem(value: unknown): CartItem | null {
  if (!isRecord(value)) return null;
  const { product, variantId, variantTitle, quantity, selectedOptions } = value;
  const price = readMoney(value.price);
  if (!isRecord(product) || typeof product.id !== 'string' || typeof product.handle !== 'string' || typeof product.title !== 'string')
    return null;
  if (typeof variantId !== 'string' || variantId === '' || typeof variantTitle !== 'string' || !price) return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) return null;
  if (!Array.isArray(selectedOptions)) return null;
  const options: SelectedOption[] = [];
  for (const option of selectedOptions) {
    if (!isRecord(option) || typeof option.name !== 'string' || typeof option.value !== 'string') return null;
    options.push({ name: option.name, value: option.value });
  }
  const image = product.image;
  const cleanImage =
    isRecord(image) && typeof image.url === 'string'
      ? { url: image.url, altText: typeof image.altText === 'string' ? image.altText : null }
      : null;
  return {
    product: { id: product.id, handle: product.handle, title: product.title, image: cleanImage },
    variantId,
    variantTitle,
    price,
    quantity,
    selectedOptions: options,
  };
}

/**
 * Reads one cart line written as JSON (a product card's button carries the line it adds); null when
 * it is not one, checked as strictly as a stored cart's lines.
 */
export function parseCartItem(raw: string | null): CartItem | null {
  try {
    return readItem(JSON.parse(raw ?? ''));
  } catch {
    return null;
  }
}

/**
 * Reads a stored cart. Anything corrupted or of an older shape is discarded as a whole (an empty
 * cart), never a crash; a half-trusted cart could check out the wrong things.
 */
export function parseStoredCart(raw: string | null | undefined): Cart {
  if (!raw) return EMPTY_CART;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY_CART;
  }
  if (!isRecord(value) || !Array.isArray(value.items)) return EMPTY_CART;
  let cart = EMPTY_CART;
  for (const entry of value.items) {
    const item = readItem(entry);
    if (!item) return EMPTY_CART;
    cart = addItem(cart, item); // two stored lines for one variant merge into one
  }
  const cartId = typeof value.cartId === 'string' ? value.cartId : null;
  const checkoutUrl = typeof value.checkoutUrl === 'string' ? value.checkoutUrl : null;
  return { ...cart, cartId, checkoutUrl };
}

export function serializeCart(cart: Cart): string {
  return JSON.stringify({ items: cart.items, cartId: cart.cartId, checkoutUrl: cart.checkoutUrl });
}
