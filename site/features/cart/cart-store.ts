import { atom } from 'nanostores';
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

/**
 * The shopper's cart, shared by every island: persisted under `shopify-cart`, kept in step with
 * other open tabs through the storage event, and never trusted blindly (a corrupted or old-shape
 * value decodes to an empty cart).
 */
export const $cart = persistentAtom<Cart>(CART_STORAGE_KEY, EMPTY_CART, {
  encode: serializeCart,
  decode: parseStoredCart,
});

// Stay subscribed for the page's whole life: an unwatched store would neither hear other tabs nor
// re-read storage, and an Add to Cart would then build on a stale cart.
if (typeof window !== 'undefined') $cart.listen(() => {});

/** The cart state's `isLoading`: true while checkout is being created; never stored. */
export const $checkoutLoading = atom(false);

export function addToCart(item: CartItem): void {
  $cart.set(addItem($cart.get(), item));
}

/** A shopper's Add to Cart: the item goes in and an "Added to cart!" toast names the product. */
export function addToCartAndNotify(item: CartItem): void {
  addToCart(item);
  showToast({ title: 'Added to cart!', description: item.product.title, tone: 'success' });
}

export function setQuantity(variantId: string, quantity: number): void {
  $cart.set(updateQuantity($cart.get(), variantId, quantity));
}

export function removeFromCart(variantId: string): void {
  $cart.set(removeItem($cart.get(), variantId));
}
