import { STORE_NAME, metaDescription } from '../../../shared/common/index.ts';
import { numericId } from '../../../shared/product/index.ts';
import type { Product, Seo } from '../../../shared/storefront/browser.ts';

/** Search and social metadata: page descriptions, canonical URLs and Product JSON-LD. */

export const SITE_DESCRIPTION =
  'Funny AI-themed t-shirts for entrepreneurs, small-business owners and professionals who put AI to work. Soft cotton, sharp jokes.';

/** A canonical absolute URL for `pathname` on `site` (no trailing slash except for the root). */
export function canonicalUrl(site: string | URL, pathname: string): string {
  const url = new URL(pathname, site);
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '');
  url.search = '';
  url.hash = '';
  return url.toString();
}

/**
 * A page's title and meta description from the shop's SEO fields (a product's or collection's
 * "search engine listing"), each falling back, when the shop left it empty, to the page's own title
 * and to its description cut to a meta description, as Shopify themes do.
 */
export function seoTitleAndDescription(
  seo: Seo | null | undefined,
  title: string,
  description: string,
): { title: string; description: string } {
  return {
    title: seo?.title?.trim() || title,
    description: seo?.description?.trim() || metaDescription(description),
  };
}

export function pageTitle(title?: string): string {
  return title ? `${title} | ${STORE_NAME}` : `${STORE_NAME} | Funny AI T-Shirts`;
}

/** schema.org Product with one Offer per variant (price, currency, availability). */
export function productJsonLd(product: Product, url: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: product.title,
    url,
    ...(product.description ? { description: product.description } : {}),
    ...(product.images.length ? { image: product.images.map((image) => image.url) } : {}),
    brand: { '@type': 'Brand', name: STORE_NAME },
    offers: product.variants.map((variant) => ({
      '@type': 'Offer',
      url: `${url}?variant=${numericId(variant.id)}`,
      sku: numericId(variant.id),
      name: variant.title,
      price: variant.price.amount,
      priceCurrency: variant.price.currencyCode,
      availability: variant.availableForSale ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    })),
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the tag, and
 * every character outside ASCII as a `\u` escape, so the page stays ASCII (see `asciiHtml`).
 */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/[<\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export interface Crumb {
  name: string;
  path: string;
}

/** schema.org BreadcrumbList for the trail shown on the page. */
export function breadcrumbJsonLd(site: string | URL, crumbs: readonly Crumb[]): Record<string, unknown> {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: canonicalUrl(site, crumb.path),
    })),
  };
}

/** schema.org ItemList of the products a collection page shows, numbered from `firstPosition`. */
export function itemListJsonLd(
  site: string | URL,
  name: string,
  products: readonly Pick<Product, 'handle' | 'title'>[],
  firstPosition = 1,
): Record<string, unknown> {
  return {
    '@type': 'ItemList',
    name,
    itemListElement: products.map((product, i) => ({
      '@type': 'ListItem',
      position: firstPosition + i,
      name: product.title,
      url: canonicalUrl(site, `/product/${encodeURIComponent(product.handle)}`),
    })),
  };
}

/** One JSON-LD document holding several schema.org nodes. */
export function jsonLdGraph(...nodes: Record<string, unknown>[]): Record<string, unknown> {
  return { '@context': 'https://schema.org', '@graph': nodes };
}

/** What the sitemap lists beside the home page: product handles and other paths (collections, pages, policies). */
export interface SitemapEntries {
  productHandles: readonly string[];
  paths?: readonly string[];
}

/** sitemap.xml for the home page, every product page, and every other listed path. */
export function sitemapXml(site: string | URL, { productHandles, paths = [] }: SitemapEntries): string {
  const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const urls = [
    canonicalUrl(site, '/'),
    ...paths.map((path) => canonicalUrl(site, path)),
    ...productHandles.map((handle) => canonicalUrl(site, `/product/${encodeURIComponent(handle)}`)),
  ];
  const entries = urls.map((loc) => `  <url><loc>${escapeXml(loc)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

export function robotsTxt(site: string | URL): string {
  return `User-agent: *\nAllow: /\nDisallow: /generator\n\nSitemap: ${canonicalUrl(site, '/sitemap.xml')}\n`;
}
