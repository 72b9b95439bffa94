// The cart's rules as pure functions over a cart value: safe everywhere, browsers included.
export * from './cart.ts';
