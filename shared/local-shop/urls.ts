import { STOREFRONT_GRAPHQL_PATH } from '../storefront/browser.ts';

/**
 * Every URL the embedded shop hands out or answers, in one place:
 *   POST {origin}/api/2025-07/graphql.json      the Storefront API
 *   GET  {origin}/cdn/shop/files/{sha256}.{ext}  product images (?width, ?height, ?format like Shopify's CDN)
 *   GET  {origin}/cart/c/{token}?key={key}       the stand-in checkout page behind `checkoutUrl`
 */

export const GRAPHQL_PATH = STOREFRONT_GRAPHQL_PATH;
export const IMAGE_PATH_PREFIX = '/cdn/shop/files/';
export const CHECKOUT_PATH_PREFIX = '/cart/c/';

export interface ImageTransform {
  width?: number;
  height?: number;
  format?: 'webp' | 'png' | 'jpg';
  crop?: 'center' | 'top' | 'bottom' | 'left' | 'right';
}

export interface ShopUrls {
  /** Origin images and checkout links are built on, without a trailing slash. */
  readonly publicUrl: string;
  /** The storefront site shoppers return to from the checkout page. */
  readonly storefrontUrl: string | undefined;
  graphql(): string;
  image(file: string, transform?: ImageTransform): string;
  checkout(cart: { token: string; key: string }): string;
  /** The product's page on the storefront site, when the site's URL is known. */
  product(handle: string): string | null;
  /** The shop's primary domain: the storefront site when known, else the shop itself. */
  readonly domain: string;
  /** A path on the primary domain (`/collections/office-humor`); menus, policies and sitemaps link there. */
  onDomain(path: string): string;
  /** A path on the storefront site, or null when the site's URL is not known (`onlineStoreUrl`). */
  onSite(path: string): string | null;
}

export function shopUrls(publicUrl: string, storefrontUrl?: string): ShopUrls {
  const base = publicUrl.replace(/\/+$/, '');
  const site = storefrontUrl?.replace(/\/+$/, '');
  return {
    publicUrl: base,
    storefrontUrl: site,
    graphql: () => `${base}${GRAPHQL_PATH}`,
    image(file, transform = {}) {
      const url = new URL(`${base}${IMAGE_PATH_PREFIX}${file}`);
      if (transform.width) url.searchParams.set('width', String(transform.width));
      if (transform.height) url.searchParams.set('height', String(transform.height));
      if (transform.crop) url.searchParams.set('crop', transform.crop);
      if (transform.format) url.searchParams.set('format', transform.format);
      return url.toString();
    },
    checkout: ({ token, key }) => `${base}${CHECKOUT_PATH_PREFIX}${encodeURIComponent(token)}?key=${encodeURIComponent(key)}`,
    product: (handle) => (site ? `${site}/product/${encodeURIComponent(handle)}` : null),
    domain: site ?? base,
    onDomain: (path) => `${site ?? base}${path}`,
    onSite: (path) => (site ? `${site}${path}` : null),
  };
}
