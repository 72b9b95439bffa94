import cartCss from '../cart/cart.css?inline';
import catalogueCss from '../catalogue/catalogue.css?inline';
import collectionsCss from '../collections/collections.css?inline';
import contentCss from '../content/content.css?inline';
import productCss from '../product/product.css?inline';
import searchCss from '../search/search.css?inline';
import toastsCss from '../toasts/toasts.css?inline';
import { cspHash } from './csp-hash.ts';
import globalCss from './global.css?inline';

/**
 * The storefront's style sheet as text, for `Base.astro` to inline: the base sheet, then each
 * feature's, in this order (a later sheet wins a tie). Vite minifies each in the build. The layout
 * inlines it itself, with the hash worked out here once, because Astro would gather and hash the
 * same sheets again for the Content-Security-Policy on every page it renders (docs/architecture.md).
 */
export const STOREFRONT_CSS = [globalCss, catalogueCss, productCss, cartCss, toastsCss, searchCss, collectionsCss, contentCss].join('');
/** The sheet's CSP source (`style-src`), listed by every page that inlines it. */
export const STOREFRONT_CSS_HASH = cspHash(STOREFRONT_CSS);
