import drawerCss from '../cart/cart.css?inline';
import catalogueCss from '../catalogue/catalogue.css?inline';
import collectionsCss from '../collections/collections.css?inline';
import contentCss from '../content/content.css?inline';
import productCss from '../product/product.css?inline';
import searchPageCss from '../search/search-page.css?inline';
import searchCss from '../search/search.css?inline';
import suggestionsCss from '../search/suggestions.css?inline';
import toastsCss from '../toasts/toasts.css?inline';
import { cspHash } from './csp-hash.ts';
import globalCss from './global.css?inline';

/**
 * The storefront's style sheets as text, for `Base.astro` to inline. Each page inlines the base
 * sheet, the sheets of what every page shows (the header's search box, the toasts, the menus), and
 * the sheets of its own kind of page: a product page has no use for the hero, the cards or a
 * collection's orders. The cart drawer and the search box's suggestions bring their own sheets when
 * their code loads. Vite minifies each sheet in the build. The layout inlines the text itself, with
 * its hash worked out here once per kind of page, because Astro would gather and hash the same
 * sheets again for the Content-Security-Policy on every page it renders (docs/architecture.md, "One
 * style sheet per kind of page").
 */

/** Every storefront sheet, in the order a page lists them (a later sheet wins a tie). */
const SHEETS = {
  global: globalCss,
  catalogue: catalogueCss,
  product: productCss,
  toasts: toastsCss,
  search: searchCss,
  searchPage: searchPageCss,
  collections: collectionsCss,
  content: contentCss,
} as const;
type Sheet = keyof typeof SHEETS;

/**
 * What every page shows: the header (search box, cart button), the toasts, the menus and footer. The
 * cart drawer's and the search suggestions' sheets are not among them: their code applies them.
 */
const EVERY_PAGE: readonly Sheet[] = ['global', 'toasts', 'search', 'content'];

/** The sheets each kind of page needs; `all` (every sheet) for the pages that name no kind. */
const PAGE_STYLES = {
  /** The home page, a collection's pages and the list of collections: hero, cards, collection tiles, orders and pages. */
  catalogue: [...EVERY_PAGE, 'catalogue', 'collections'],
  product: [...EVERY_PAGE, 'product'],
  search: [...EVERY_PAGE, 'searchPage'],
  /** Content and policy pages. */
  content: EVERY_PAGE,
  all: Object.keys(SHEETS) as Sheet[],
} satisfies Record<string, readonly Sheet[]>;

export type PageStyles = keyof typeof PAGE_STYLES;

/**
 * The CSP sources of the sheets code loaded later applies (the cart drawer's, the search suggestions'),
 * which every storefront page lists for `adoptStyleSheet`'s fallback.
 */
export const LATER_SHEET_HASHES = [cspHash(drawerCss), cspHash(suggestionsCss)];

export interface PageStyleSheet {
  css: string;
  /** The sheet's CSP source (`style-src`), listed by every page that inlines it. */
  hash: ReturnType<typeof cspHash>;
}

const made = new Map<PageStyles, PageStyleSheet>();

/** The style sheet a kind of page inlines, and its hash, made once per kind. */
export function pageStyleSheet(kind: PageStyles): PageStyleSheet {
  let sheet = made.get(kind);
  if (!sheet) {
    const wanted = new Set<Sheet>(PAGE_STYLES[kind]);
    const css = (Object.keys(SHEETS) as Sheet[])
      .filter((name) => wanted.has(name))
      .map((name) => SHEETS[name])
      .join('');
    sheet = { css, hash: cspHash(css) };
    made.set(kind, sheet);
  }
  return sheet;
}
