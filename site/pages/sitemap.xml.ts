import type { APIRoute } from 'astro';
import { allProducts } from '../features/catalogue/catalogue.ts';
import { sitemapXml } from '../features/seo/seo.ts';

/** Every product page and the home page, for search engines. */
export const GET: APIRoute = async ({ site, url }) => {
  const products = await allProducts();
  const xml = sitemapXml(
    site ?? url.origin,
    products.map((product) => product.handle),
  );
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
