import css from './cart.css?inline';

/**
 * The cart drawer's style sheet as text (minified by Vite, like the pages' sheets). The drawer's
 * code applies it when it loads, on the first open of the cart (`adoptStyleSheet`); the pages only
 * list its hash, for the browsers that take it as a `<style>` element.
 */
export const DRAWER_CSS: string = css;
