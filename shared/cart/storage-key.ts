/**
 * The local storage key of the shopper's cart: the provider's lowercase name followed by '-cart'.
 * A module of its own so that the page's inline hydration script can read it without the cart's code.
 */
export const CART_STORAGE_KEY = 'shopify-cart';
