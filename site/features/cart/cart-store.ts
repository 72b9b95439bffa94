import type { WritableAtom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import {
  CART_STORAGE_KEY,
  EMPTY_CART,
  addItem,
  parseStoredCart,
  removeItem,
  serializeCart,
  updateQuantity,
  type Cart,
  type CartItem,
} from '../../../shared/cart/index.ts';
import { showToast } from '../toasts/toasts.ts';

let cart: WritableAtom<Cart> | undefined;

/**
 * The shopper's cart, shared by every island: persisted under `shopify-cart`, kept in step with
 * other open tabs through the storage event, and never trusted blindly (a corrupted or old-shape
 * value decodes to an empty cart). Created on first use, not when this module loads: creating it
 * reads localStorage, which a page pays for with a synchronous call to the browser process, and
 * pages whose scripts share this module (the product page's live check, the search results) never
 * need the cart until an island does.
 */
export function cartStore(): WritableAtom<Cart> {
  if (!cart) {
    cart = persistentAtom<Cart>(CART_STORAGE_KEY, EMPTY_CART, { encode: serializeCart, decode: parseStoredCart });
    // Stay subscribed for the page's whole life: an unwatched store would neither hear other tabs
    // nor re-read storage, and an Add to Cart would then build on a stale cart. (On the server,
    // where there is no storage and no other tab, the subscription does nothing.)
    cart.listen(() => {});
  }
  return cart;
}

/**
 * Every change goes through here. When the browser will not store the cart (its storage for this
 * site is full), persistentAtom throws before it changes the store: the change is made in memory
 * instead, so the shopper's click still does what it says and the cart lasts while the page is open,
 * and the shopper is told. Returns whether the cart was stored.
 */
export function putCart(next: Cart): boolean {
  const $cart = cartStore();
  try {
    $cart.set(next);
    return true;
  } catch {
    const old = $cart.value;
    ($cart as { value: Cart }).value = next;
    $cart.notify(old);
    showToast({
      title: 'Your cart could not be saved',
      description: "This browser's storage is full: the cart lasts only while this page is open.",
      tone: 'error',
    });
    return false;
  }
}

export function addToCart(item: CartItem): boolean {
  return putCart(addItem(cartStore().get(), item));
}

/** A shopper's Add to Cart: the item goes in and an "Added to cart!" toast names the product. */
export function addToCartAndNotify(item: CartItem): void {
  if (addToCart(item)) showToast({ title: 'Added to cart!', description: item.product.title, tone: 'success' });
}

export function setQuantity(variantId: string, quantity: number): void {
  putCart(updateQuantity(cartStore().get(), variantId, quantity));
}

export function removeFromCart(variantId: string): void {
  putCart(removeItem(cartStore().get(), variantId));
}
