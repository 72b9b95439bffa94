import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { astroBuild } from '../../site/server/astro-build.ts';
import { newBuildDir } from '../../site/server/build-dirs.ts';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.ts';
import { isolatedEnv } from '../support/child-process.ts';
import {
  cataloguePage,
  collectionIdsAnswer,
  collectionsAnswer,
  emptyContent,
  operationOf,
  productsRequest,
  variablesOf,
} from '../support/scripted-store.ts';

/**
 * Real `astro build` runs against scripted Storefront servers: every page of a catalogue larger
 * than one API page, an empty catalogue, and a failing shop that must fail the build.
 */

const root = mkdtempSync(path.join(os.tmpdir(), 'site-build-'));
const servers: ScriptedServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  rmSync(root, { recursive: true, force: true });
});

/** A shop whose catalogue is `count` products, answered in cursor pages as Shopify does. */
async function shopWith(count: number): Promise<ScriptedServer> {
  const server = await startScriptedServer((request) => emptyContent(request) ?? cataloguePage(productsRequest(request), count));
  servers.push(server);
  return server;
}

/**
 * A shop of `count` products with these collections, whose products in each order are the products
 * numbered `ids` returns for that request (`handle`, `sortKey`, `reverse`).
 */
async function shopWithCollections(
  count: number,
  collections: readonly { handle: string; title: string }[],
  ids: (variables: Record<string, unknown>) => number[],
): Promise<ScriptedServer> {
  const server = await startScriptedServer((request) => {
    const operation = operationOf(request);
    if (operation === 'Collections') return collectionsAnswer(collections);
    if (operation === 'CollectionProductIds') return collectionIdsAnswer(ids(variablesOf(request)));
    return emptyContent(request) ?? cataloguePage(productsRequest(request), count);
  });
  servers.push(server);
  return server;
}

/** The product numbers of a built page's cards, in the order shown. */
function cardNumbers(dir: string, route: string): number[] {
  const html = readFileSync(path.join(dir, 'client', route, 'index.html'), 'utf8');
  return [...html.matchAll(/<a class="card-link" href="\/product\/shirt-(\d+)"/g)].map((m) => Number(m[1]));
}

function envFor(server: ScriptedServer): NodeJS.ProcessEnv {
  return isolatedEnv({
    SHOPIFY_STORE_DOMAIN: new URL(server.url).origin,
    SHOPIFY_STOREFRONT_TOKEN: 'public-token',
    SITE_URL: 'https://shop.example',
  });
}

describe('astro build', () => {
  it('pre-renders a page for every product, past the first 250, and the first 20 on the home page', async () => {
    const server = await shopWith(260);
    const dir = newBuildDir(root);
    const lines: string[] = [];
    await astroBuild({ outDir: dir, env: envFor(server), onLine: (line) => lines.push(line) });
    // Astro's pre-renderer still offers the two settings the build changes (whole strings, each page module loaded once).
    expect(lines.join('\n')).not.toContain("Astro's pre-renderer has no");
    const pages = readdirSync(path.join(dir, 'client', 'product'));
    expect(pages).toHaveLength(260);
    expect(pages).toContain('shirt-260');
    const home = readFileSync(path.join(dir, 'client', 'index.html'), 'utf8');
    expect(home.match(/class="card"/g)).toHaveLength(20);
    // The shop recommends nothing here: the product page leaves the section out rather than show it empty.
    const productPage = readFileSync(path.join(dir, 'client', 'product', 'shirt-1', 'index.html'), 'utf8');
    expect(productPage).toContain('Shirt 1');
    expect(productPage).not.toContain('You may also like');
    const sitemap = readFileSync(path.join(dir, 'client', 'sitemap.xml'), 'utf8');
    // 260 products, the home page and /collections (this store has no collections, pages or policies).
    expect(sitemap.match(/<url>/g)).toHaveLength(262);
    expect(sitemap).toContain('<loc>https://shop.example/product/shirt-260</loc>');
    // Products: pages of 250, then the rest; and the home page's one request for 20 (other documents aside).
    const firsts = server.requests
      .filter((r) => operationOf(r) === 'Products')
      .map((r) => productsRequest(r).first)
      .sort((a, b) => a - b);
    expect(firsts).toEqual([20, 250, 250]);
    expect(server.requests.every((r) => r.headers['x-shopify-storefront-access-token'] === 'public-token')).toBe(true);
  });

  it('asks the shop for the catalogue while it bundles the site, and walks it once', async () => {
    // When each Products page of 250 (the walk) is asked for, and when each log line arrives.
    const walkAsked: number[] = [];
    const server = await startScriptedServer((request) => {
      const content = emptyContent(request);
      if (content) return content;
      const products = productsRequest(request);
      if (products.first === 250) walkAsked.push(Date.now());
      return cataloguePage(products, 3);
    });
    servers.push(server);
    const lines: { at: number; line: string }[] = [];
    await astroBuild({ outDir: newBuildDir(root), env: envFor(server), onLine: (line) => lines.push({ at: Date.now(), line }) });
    expect(lines.some(({ line }) => line.includes('Reading the catalogue while the site is bundled'))).toBe(true);
    // The bundler reports each of its builds done ("[vite] ✓ built in"); the walk was asked for before the last of them.
    const bundled = lines.filter(({ line }) => /\bvite\b.*\bbuilt in\b/.test(line)).at(-1)?.at;
    expect(bundled).toBeDefined();
    expect(walkAsked).toHaveLength(1);
    expect(walkAsked[0]!).toBeLessThan(bundled!);
  });

  it("pages a collection of 30 in every order: 24 then 6, each order's own products, titles, canonicals, JSON-LD and sitemap entries", async () => {
    const count = 30;
    const ids = Array.from({ length: count }, (_, i) => i + 1);
    // Each order its own sequence, so a page showing another order's products is caught.
    const orders: Record<string, number[]> = {
      'CREATED true': [...ids].reverse(),
      'BEST_SELLING false': ids.filter((n) => n % 2 === 0).concat(ids.filter((n) => n % 2 === 1)),
      'PRICE false': ids.filter((n) => n % 3 === 0).concat(ids.filter((n) => n % 3 !== 0)),
      'PRICE true': ids.filter((n) => n % 3 !== 0).concat(ids.filter((n) => n % 3 === 0)),
    };
    const server = await shopWithCollections(
      count,
      [
        { handle: 'big', title: 'Big Collection' },
        { handle: 'frontpage', title: 'Home page' },
      ],
      ({ handle, sortKey, reverse }) => {
        const order = orders[`${sortKey} ${reverse}`];
        if (!order) throw new Error(`an order the site does not offer: ${sortKey} ${reverse}`);
        return handle === 'big' ? order : order.slice(0, 3);
      },
    );
    const dir = newBuildDir(root);
    await astroBuild({ outDir: dir, env: envFor(server) });
    const page = (route: string) => readFileSync(path.join(dir, 'client', route, 'index.html'), 'utf8');
    const jsonLd = (html: string) =>
      JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as {
        '@graph': { '@type': string; itemListElement?: { position: number; url: string }[] }[];
      };
    const canonical = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
    const routes: Record<string, string> = {
      newest: 'CREATED true',
      'best-selling': 'BEST_SELLING false',
      'price-ascending': 'PRICE false',
      'price-descending': 'PRICE true',
    };
    for (const [slug, order] of Object.entries(routes)) {
      const base = slug === 'newest' ? 'collections/big' : `collections/big/sort/${slug}`;
      const [first, second] = [page(base), page(`${base}/page/2`)];
      const expected = orders[order]!;
      expect(cardNumbers(dir, base), slug).toEqual(expected.slice(0, 24));
      expect(cardNumbers(dir, `${base}/page/2`), slug).toEqual(expected.slice(24));
      expect(existsSync(path.join(dir, 'client', base, 'page', '3')), slug).toBe(false);
      expect(first, slug).toContain('Page 1 of 2');
      expect(second, slug).toContain('Page 2 of 2');
      expect(/<title>([^<]*)<\/title>/.exec(second)?.[1], slug).toBe('Big Collection (page 2 of 2) | Neural Threads');
      // Another order is not another page for search engines: its canonical is the newest-first page of the same number.
      expect(canonical(second), slug).toBe('https://shop.example/collections/big/page/2');
      const list = jsonLd(second)['@graph'].find((node) => node['@type'] === 'ItemList')!.itemListElement!;
      expect(
        list.map((item) => item.position),
        slug,
      ).toEqual([25, 26, 27, 28, 29, 30]);
      expect(
        list.map((item) => item.url),
        slug,
      ).toEqual(expected.slice(24).map((n) => `https://shop.example/product/shirt-${n}`));
    }
    // Shopify's front page collection is built but not listed among the collections.
    expect(existsSync(path.join(dir, 'client', 'collections', 'frontpage', 'index.html'))).toBe(true);
    expect(page('collections')).toContain('href="/collections/big"');
    expect(page('collections')).not.toContain('href="/collections/frontpage"');
    const sitemap = readFileSync(path.join(dir, 'client', 'sitemap.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>https:\/\/shop\.example([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs.filter((loc) => !loc!.startsWith('/product/'))).toEqual([
      '/',
      '/collections',
      '/collections/big',
      '/collections/frontpage',
    ]);
    expect(locs.filter((loc) => loc!.startsWith('/product/'))).toHaveLength(count);
  });

  it("a collection changed between the reads of its orders: every order shows the default order's products, count and pages", async () => {
    // The default order is read first and makes the pages: 25 products, so two pages.
    const byDefault = Array.from({ length: 25 }, (_, i) => 25 - i);
    // Read later: product 26 was added to the collection in between, and product 3 taken out.
    const later = [26, ...Array.from({ length: 25 }, (_, i) => i + 1).filter((n) => n !== 3)];
    const server = await shopWithCollections(26, [{ handle: 'c', title: 'C' }], ({ sortKey }) =>
      sortKey === 'CREATED' ? byDefault : later,
    );
    const dir = newBuildDir(root);
    await astroBuild({ outDir: dir, env: envFor(server) });
    for (const base of ['collections/c', 'collections/c/sort/best-selling', 'collections/c/sort/price-descending']) {
      const shown = [...cardNumbers(dir, base), ...cardNumbers(dir, `${base}/page/2`)];
      expect(shown, base).toHaveLength(25);
      expect(new Set(shown), base).toEqual(new Set(byDefault));
      expect(readFileSync(path.join(dir, 'client', base, 'index.html'), 'utf8'), base).toContain('25 designs');
    }
    // The later order as the shop gave it, then the product it no longer had.
    expect([...cardNumbers(dir, 'collections/c/sort/best-selling'), ...cardNumbers(dir, 'collections/c/sort/best-selling/page/2')]).toEqual(
      [...later.filter((n) => n !== 26), 3],
    );
  });

  it('builds an empty catalogue with the empty state and its hint', async () => {
    const server = await shopWith(0);
    const dir = newBuildDir(root);
    await astroBuild({ outDir: dir, env: envFor(server) });
    const home = readFileSync(path.join(dir, 'client', 'index.html'), 'utf8');
    expect(home).toContain('No products found');
    expect(home).toContain('tell the assistant what you would like to sell');
    expect(existsSync(path.join(dir, 'client', 'product'))).toBe(false);
    // No collections either: /collections says so, and the home page leaves out its collections section.
    expect(readFileSync(path.join(dir, 'client', 'collections', 'index.html'), 'utf8')).toContain('No collections yet.');
    expect(home).not.toContain('Shop by collection');
  });

  it('fails with the Storefront message and a non-zero exit when the shop refuses', async () => {
    const server = await startScriptedServer(() => ({ status: 402, body: { errors: [{ message: 'Payment required' }] } }));
    servers.push(server);
    const lines: string[] = [];
    const dir = newBuildDir(root);
    await expect(astroBuild({ outDir: dir, env: envFor(server), onLine: (line) => lines.push(line) })).rejects.toThrow(
      // Whichever of the build's reads (products, collections, content) is refused first names itself.
      /^The site build failed: Could not load the [a-z ]+ from the Storefront API: Shopify API access requires an active Shopify billing plan\.$/,
    );
    expect(lines.join('\n')).not.toMatch(/Stack trace|^\s+at /m);
  });
});
