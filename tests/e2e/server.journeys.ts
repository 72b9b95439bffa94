import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../support/files.ts';
import { FAKE_SECRETS } from '../support/store-process.ts';
import { harness, newPage, startUsing, visit } from './harness.ts';
import { productWithSoldOutVariant, shopProducts } from './shop-data.ts';

/** How the store is served and what it ships: headers, 404s, sitemap, secrets, and the JS budget. */

interface JsWeight {
  react: number;
  ours: number;
  total: number;
  files: string[];
}

/**
 * Gzipped JavaScript a page loads (every script response plus inline scripts, React's runtime apart),
 * as it is read, or (`use`) once the shopper has started using it: a first press on its heading.
 */
async function jsWeight(page: Page, pagePath: string, use = false): Promise<JsWeight> {
  const scripts = new Map<string, Buffer>();
  const collect = async (response: import('playwright-core').Response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), await response.body());
  };
  page.on('response', (response) => void collect(response));
  await visit(page, pagePath);
  await page.waitForLoadState('networkidle');
  if (use) {
    await startUsing(page);
    await page.waitForLoadState('networkidle');
  }
  const inline = await page.$$eval('script:not([src])', (nodes) =>
    nodes.filter((n) => !/json/.test(n.getAttribute('type') ?? '')).map((n) => n.textContent ?? ''),
  );
  const gz = (data: Buffer | string) => gzipSync(data).length;
  let react = 0;
  let ours = inline.reduce((sum, text) => sum + gz(text), 0);
  for (const body of scripts.values()) {
    // React's own chunks (react, react-dom/client, jsx-runtime) all carry its element symbol.
    if (body.includes('react.transitional.element')) react += gz(body);
    else ours += gz(body);
  }
  return { react, ours, total: react + ours, files: [...scripts.keys()].map((u) => new URL(u).pathname) };
}

export function serverJourneys(): void {
  describe('serving the build', () => {
    it('compresses, caches hashed assets for a year, and sends nosniff', async () => {
      const home = await fetch(harness.store.siteUrl, { headers: { 'accept-encoding': 'gzip' } });
      expect(home.status).toBe(200);
      expect(home.headers.get('content-encoding')).toBe('gzip');
      expect(home.headers.get('x-content-type-options')).toBe('nosniff');
      expect(home.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      const html = await home.text();
      const asset = /\/_astro\/[\w.-]+\.js/.exec(html)?.[0];
      expect(asset).toBeDefined();
      const script = await fetch(`${harness.store.siteUrl}${asset}`);
      expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(script.headers.get('content-type')).toMatch(/javascript/);
    });

    it('answers unknown paths with HTTP 404 and the not-found page', async () => {
      const missing = await fetch(`${harness.store.siteUrl}/product/no-such-shirt`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('Oops! Page not found');
    });

    it('lists every product in sitemap.xml and points robots.txt at it', async () => {
      const sitemap = await (await fetch(`${harness.store.siteUrl}/sitemap.xml`)).text();
      const products = await shopProducts();
      for (const product of products) expect(sitemap).toContain(`${harness.store.siteUrl}/product/${product.handle}</loc>`);
      const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
      // One entry per product, the home page once, and no location twice (collections, pages and policies come beside them).
      expect(locations.filter((loc) => loc.includes('/product/'))).toHaveLength(products.length);
      expect(locations.filter((loc) => new URL(loc).pathname === '/')).toHaveLength(1);
      expect(new Set(locations).size).toBe(locations.length);
      for (const loc of locations) expect(new URL(loc).origin).toBe(new URL(harness.store.siteUrl).origin);
      expect(await (await fetch(`${harness.store.siteUrl}/robots.txt`)).text()).toContain(`Sitemap: ${harness.store.siteUrl}/sitemap.xml`);
    });

    it('puts no secret in any built file, and no zod, undici or GraphQL tooling in the browser', () => {
      const files = filesUnder(harness.store.buildsDir);
      expect(files.length).toBeGreaterThan(10);
      for (const file of files) {
        const text = readFileSync(file, 'latin1');
        for (const secret of Object.values(FAKE_SECRETS)) expect(text.includes(secret), `${secret} in ${file}`).toBe(false);
      }
      const browserJs = files.filter((file) => /[\\/]client[\\/]_astro[\\/].*\.js$/.test(file));
      expect(browserJs.length).toBeGreaterThan(3);
      for (const file of browserJs) {
        const text = readFileSync(file, 'utf8');
        expect(text, file).not.toMatch(/ZodError|\$ZodType|undici|GraphQLError|graphql\/language/);
      }
    });

    it('loads no island code on the home page until the shopper uses it, then at most 80 KB of gzipped JavaScript', async () => {
      const reader = await newPage();
      const read = await jsWeight(reader.page, '/');
      await reader.close();
      expect(read.files).toEqual([]);
      expect(read.react).toBe(0);
      const { page, close } = await newPage();
      const home = await jsWeight(page, '/', true);
      await close();
      const { product } = await productWithSoldOutVariant();
      const other = await newPage();
      const productPage = await jsWeight(other.page, `/product/${product.handle}`);
      await other.close();
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      console.log(
        `JS (gzip) home: ${kb(home.total)} = React ${kb(home.react)} + ours ${kb(home.ours)}; product: ${kb(productPage.total)} = React ${kb(productPage.react)} + ours ${kb(productPage.ours)}`,
      );
      expect(home.react).toBeGreaterThan(0);
      expect(home.total).toBeLessThanOrEqual(80 * 1024);
      // The drawer's code waits for the first open.
      expect(home.files.some((file) => /CartDrawer/.test(file))).toBe(false);
    });
  });
}
