import type { APIRoute } from 'astro';
import { allProducts } from '../features/catalogue/catalogue.ts';
import { builtCollections, collectionPath } from '../features/collections/collections.ts';
import { contentPages, pagePath, policies, policyPath } from '../features/content/content.ts';
import { sitemapXml } from '../features/seo/seo.ts';

/** The home page, the collections, the content pages and policies, and every product page, for search engines. */
export const GET: APIRoute = async ({ site, url }) => {
  const [products, collections, pages, shopPolicies] = await Promise.all([allProducts(), builtCollections(), contentPages(), policies()]);
  const xml = sitemapXml(site ?? url.origin, {
    productHandles: products.map((product) => product.handle),
    paths: [
      '/collections',
      ...collections.map((collection) => collectionPath(collection.handle)),
      ...pages.map((page) => pagePath(page.handle)),
      ...shopPolicies.map((policy) => policyPath(policy.handle)),
    ],
  });
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
