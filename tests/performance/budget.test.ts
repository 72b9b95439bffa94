import { readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PAGES, SEED_POLICIES } from '../../shared/local-shop/catalogue/seed-content.ts';
import { DEFAULT_SIZES, fillWithFixtures } from '../../shared/local-shop/index.ts';
import { astroBuild } from '../../site/server/astro-build.ts';
import { newBuildDir } from '../../site/server/build-dirs.ts';
import { JS_BUDGET_KB } from '../bench/budgets.ts';
import { pageJs, pageScriptFiles, scriptsInHtml, staticImports, type PageJs } from '../bench/page-js.ts';
import { kb } from '../bench/stats.ts';
import { isolatedEnv, REPO_ROOT } from '../support/child-process.ts';
import { plainPng, startTestShop, type TestShop } from '../support/local-shop.ts';

/**
 * The JS budget, cheaply: one production build against a small embedded shop, then each page's
 * JavaScript read from the output (no browser), and every browser chunk searched for server-only
 * libraries. Lighthouse and the scaling runs live in `npm run bench`.
 */

// Strings that survive minification (string literals in each library), so a bundled copy shows.
const SERVER_ONLY: Record<string, { pattern: RegExp; source: string }> = {
  zod: { pattern: /\$ZodType|ZodError|\$ZodCheck/, source: 'node_modules/zod/v4/core/schemas.js' },
  undici: { pattern: /undici:|kUndici|undici\//, source: 'node_modules/undici/lib/interceptor/deduplicate.js' },
  graphql: { pattern: /GraphQLError|GraphQLSchema|graphql\/language|Syntax Error: /, source: 'node_modules/graphql/error/GraphQLError.js' },
};

const root = path.join(os.tmpdir(), `budget-build-${process.pid}`);
let shop: TestShop;
let client: string;
let product: string;
let collection: string;

beforeAll(async () => {
  shop = await startTestShop();
  const image = await plainPng(64, 64);
  await fillWithFixtures(shop.store, 3, { image });
  // One product whose text is not ASCII, for the page-text check.
  await shop.store.insertProducts([
    {
      title: 'Per My Last “Prompt”',
      description: 'Café-grade cotton… 😀',
      productType: 'AI Humor',
      options: [{ name: 'Size', values: [...DEFAULT_SIZES] }],
      variants: DEFAULT_SIZES.map((size) => ({ optionValues: [size], price: '25.00' })),
      images: [{ bytes: image, altText: 'A shirt that says “Per my last prompt”' }],
    },
  ]);
  // A content page and a policy, so every kind of page is built.
  shop.store.content.savePage(SEED_PAGES[0]!);
  shop.store.content.savePolicy(SEED_POLICIES[0]!);
  const dir = newBuildDir(root);
  const env = isolatedEnv({ DATA_DIR: shop.dataDir, LOCAL_SHOP_PORT: new URL(shop.origin).port, SITE_URL: 'https://shop.example' });
  await astroBuild({ outDir: dir, env });
  client = path.join(dir, 'client');
  product = path.join('product', readdirSync(path.join(client, 'product'))[0]!, 'index.html');
  // The first collection the home page links, as a shopper would open it.
  const href = /href="\/(collections\/[^"/]+)"/.exec(readFileSync(path.join(client, 'index.html'), 'utf8'))?.[1];
  if (!href) throw new Error('the home page links no collection');
  collection = path.join(href, 'index.html');
}, 180_000);

afterAll(async () => {
  await shop?.stop();
  rmSync(root, { recursive: true, force: true });
});

function describeJs(js: PageJs): string {
  return `${kb(js.totalGzip)} = React ${kb(js.reactGzip)} + Astro ${kb(js.astroGzip)} + ours ${kb(js.oursGzip)}; the search box adds ${kb(js.onFocusGzip)} on focus`;
}

describe('JS budget (gzip, from the build output)', () => {
  it(`home page: at most ${JS_BUDGET_KB.home} KB, the cart drawer left for its first open`, () => {
    const js = pageJs(client, 'index.html');
    console.log(`home JS: ${describeJs(js)}`);
    expect(js.reactGzip).toBeGreaterThan(40 * 1024); // the analysis found React at all
    expect(js.totalGzip).toBeLessThanOrEqual(JS_BUDGET_KB.home * 1024);
    expect(js.files.map((f) => f.url).join(' ')).not.toMatch(/CartDrawer|SearchBox/);
    // The search box's code exists and waits for a focus.
    expect(js.onFocusGzip).toBeGreaterThan(500);
  });

  it(`product page: at most ${JS_BUDGET_KB.product} KB`, () => {
    const js = pageJs(client, product);
    console.log(`product page JS: ${describeJs(js)}`);
    expect(js.files.some((f) => /ProductPurchase/.test(f.url))).toBe(true);
    expect(js.totalGzip).toBeLessThanOrEqual(JS_BUDGET_KB.product * 1024);
  });

  it(`collection page: at most ${JS_BUDGET_KB.collection} KB, with add to cart on its cards`, () => {
    const js = pageJs(client, collection);
    console.log(`collection page JS (${path.dirname(collection)}): ${describeJs(js)}`);
    expect(js.files.some((f) => /AddToCartButtons/.test(f.url))).toBe(true);
    expect(js.files.map((f) => f.url).join(' ')).not.toMatch(/CartDrawer|SearchBox/);
    expect(js.totalGzip).toBeLessThanOrEqual(JS_BUDGET_KB.collection * 1024);
  });

  it(`search page: at most ${JS_BUDGET_KB.search} KB, with the live search client`, () => {
    const js = pageJs(client, path.join('search', 'index.html'));
    console.log(`search page JS: ${describeJs(js)}`);
    expect(js.files.some((f) => /search-api/.test(f.url))).toBe(true);
    expect(js.totalGzip).toBeLessThanOrEqual(JS_BUDGET_KB.search * 1024);
  });

  it("search page: the results query waits for no React (its script's imports stay clear of the islands' React chunks)", () => {
    const files = pageScriptFiles(client, path.join('search', 'index.html'));
    expect(files.some((f) => /search-api/.test(f.url))).toBe(true);
    expect(files.filter((f) => f.kind === 'react').map((f) => f.url)).toEqual([]);
    // Shared with the cards and the cart (prices), yet React-free.
    expect(files.some((f) => /\/shop\./.test(f.url))).toBe(true);
  });

  it('the search and product pages, which query the Storefront API soon after load, open its connection early; other pages do not', () => {
    const preconnect = `<link rel="preconnect" href="${shop.origin}" crossorigin="anonymous">`;
    expect(readFileSync(path.join(client, 'search', 'index.html'), 'utf8')).toContain(preconnect);
    expect(readFileSync(path.join(client, product), 'utf8')).toContain(preconnect);
    for (const page of ['index.html', collection]) expect(readFileSync(path.join(client, page), 'utf8')).not.toContain('rel="preconnect"');
  });

  it('the storefront pages ship no auth code: only the staff pages load the auth client', () => {
    // The auth client's broadcast key between tabs: a string minification keeps.
    const AUTH = /better-auth\.message/;
    for (const page of ['index.html', product, collection, path.join('search', 'index.html')]) {
      const js = pageJs(client, page);
      for (const file of js.files) {
        expect(file.url, page).not.toMatch(/auth-client|SignInForm|StaffMenu|staff-session/);
        expect(AUTH.test(readFileSync(path.join(client, file.url), 'utf8')), `${file.url} on ${page}`).toBe(false);
      }
    }
    const generator = pageJs(client, path.join('generator', 'index.html'));
    expect(generator.files.some((file) => AUTH.test(readFileSync(path.join(client, file.url), 'utf8')))).toBe(true);
    console.log(`generator page JS: ${describeJs(generator)}`);
  });

  it('no browser chunk carries zod, undici or GraphQL tooling', () => {
    const chunks = readdirSync(path.join(client, '_astro')).filter((file) => file.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(3);
    for (const file of chunks) {
      const code = readFileSync(path.join(client, '_astro', file), 'utf8');
      for (const [library, { pattern }] of Object.entries(SERVER_ONLY)) expect(pattern.test(code), `${library} in ${file}`).toBe(false);
    }
    // Inline scripts are browser code too.
    for (const page of ['index.html', product, collection, path.join('search', 'index.html')]) {
      for (const code of scriptsInHtml(readFileSync(path.join(client, page), 'utf8')).inline) {
        for (const [library, { pattern }] of Object.entries(SERVER_ONLY))
          expect(pattern.test(code), `${library} inline in ${page}`).toBe(false);
      }
    }
  });

  it('the markers would find each library: they are in its own code', () => {
    for (const [library, { pattern, source }] of Object.entries(SERVER_ONLY)) {
      expect(pattern.test(readFileSync(path.join(import.meta.dirname, '..', '..', source), 'utf8')), library).toBe(true);
    }
  });
});

/** Every pre-rendered page of the build. */
function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('page text (from the same build)', () => {
  it('every pre-rendered page is ASCII, its curly quotes written as character references', () => {
    const pages = htmlFiles(client);
    expect(pages.length).toBeGreaterThan(8);
    for (const page of pages) {
      const text = readFileSync(page, 'utf8');
      const outside = /[^\x00-\x7f]/.exec(text);
      expect(outside && `${path.relative(client, page)}: ${JSON.stringify(text.slice(outside.index - 40, outside.index + 10))}`).toBeNull();
    }
    // The shop's text outside ASCII reads the same in the page: the title, its image's description, the emoji.
    const shirt = readFileSync(path.join(client, 'product', 'per-my-last-prompt', 'index.html'), 'utf8');
    expect(shirt).toContain('Per My Last &#8220;Prompt&#8221;');
    expect(shirt).toContain('alt="A shirt that says &#8220;Per my last prompt&#8221;"');
    expect(shirt).toContain('Caf&#233;-grade cotton&#8230; &#128512;');
  });
});

describe('page style (from the same build)', () => {
  it("sizes nothing in font-relative units (ch, ex, cap, ic): the first style pass would need the fonts' metrics before they are decoded", () => {
    const found: string[] = [];
    for (const file of htmlFiles(client)) {
      for (const [, css] of readFileSync(file, 'utf8').matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) {
        for (const unit of css!.matchAll(/[\s:(,-]\.?\d+(?:\.\d+)?(?:r?ch|r?ex|r?cap|r?ic)\b/g))
          found.push(`${path.relative(client, file)}: ${unit[0].slice(1)}`);
      }
    }
    expect(found).toEqual([]);
  });
});

/**
 * Where the classes a page's islands (and the search page's own script) draw are written, with the
 * code they load later: the header's cart button opens the drawer and shows the toasts.
 */
const DRAWN_BY: Record<string, readonly string[]> = {
  SearchBox: ['search/SearchBox.tsx'],
  CartButton: ['cart/CartButton.tsx', 'cart/CartDrawer.tsx', 'toasts/Toaster.tsx', 'toasts/ToastList.tsx'],
  AddToCartButtons: ['cart/AddToCartButtons.tsx'],
  ProductPurchase: ['product/ProductPurchase.tsx'],
  searchPage: ['search/search-page.ts'],
};

/** The class names written literally in a source file (`className="a b"`, `` className={`a ${x}`} ``, `.className = 'a'`). */
function classesIn(file: string): string[] {
  const source = readFileSync(path.join(REPO_ROOT, 'site', 'features', file), 'utf8');
  const literals = source.matchAll(/className(?:=\{?|\s*=\s*)(["'`])([^"'`]*)\1/g);
  return [...literals].flatMap((m) => m[2]!.split(/\s+/).filter((word) => /^[a-z][\w-]*$/.test(word)));
}

/** The classes a built page can show: its markup's, and those its islands and scripts draw. */
function classesOf(html: string, page: string): Set<string> {
  const classes = new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/).filter(Boolean)));
  const drawers = [...html.matchAll(/component-url="\/_astro\/([A-Za-z]+)\./g)].map((m) => m[1]!);
  if (html.includes('data-search-page')) drawers.push('searchPage');
  for (const drawer of drawers) {
    const files = DRAWN_BY[drawer];
    if (!files) throw new Error(`${page}: the island ${drawer} is not in DRAWN_BY: name the files that draw its classes`);
    for (const file of files) for (const name of classesIn(file)) classes.add(name);
  }
  return classes;
}

/** A class only one page sheet styles, by sheet; and which of those sheets each folder of pages inlines. */
const MARKER_OF_SHEET = { catalogue: 'card-title', collections: 'collection-sort', product: 'option-value', searchPage: 'search-result' };
const SHEET_MARKERS: Record<string, readonly string[]> = {
  'index.html': ['catalogue', 'collections'],
  collections: ['catalogue', 'collections'],
  product: ['product'],
  search: ['searchPage'],
  pages: [],
  policies: [],
};

const styledIn = (css: string, name: string) => new RegExp(`\\.${name.replace(/[-]/g, '\\$&')}(?![\\w-])`).test(css);
const styleOf = (html: string) => [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');

describe('page style sheets (from the same build)', () => {
  it("each page inlines only its kind of page's sheets, and they style every class it shows that any storefront sheet styles", () => {
    // The not-found page names no kind of page: it inlines every storefront sheet.
    const every = styleOf(readFileSync(path.join(client, '404.html'), 'utf8'));
    const unstyled: string[] = [];
    const wrongSheets: string[] = [];
    const seen = new Set<string>();
    for (const file of htmlFiles(client)) {
      const page = path.relative(client, file);
      if (page.startsWith('generator') || page === '404.html') continue;
      const html = readFileSync(file, 'utf8');
      const own = styleOf(html);
      const folder = page.split(path.sep)[0]!;
      seen.add(folder);
      for (const name of classesOf(html, page)) if (styledIn(every, name) && !styledIn(own, name)) unstyled.push(`${page}: .${name}`);
      // One class from each kind's own sheet: a page has its kind's and none of the others'.
      const kind = SHEET_MARKERS[folder];
      if (!kind) throw new Error(`${page}: no kind of page for the folder ${folder} in SHEET_MARKERS`);
      for (const [sheet, marker] of Object.entries(MARKER_OF_SHEET))
        if (styledIn(own, marker) !== kind.includes(sheet))
          wrongSheets.push(`${page}: ${kind.includes(sheet) ? 'lacks' : 'has'} the ${sheet} sheet`);
    }
    expect(unstyled).toEqual([]);
    expect(wrongSheets).toEqual([]);
    expect([...seen].sort()).toEqual(Object.keys(SHEET_MARKERS).sort());
    for (const marker of Object.values(MARKER_OF_SHEET)) expect(styledIn(every, marker), marker).toBe(true);
  });

  it("would see a class left unstyled: the product page lacks the cards' rules, which the home page has", () => {
    const productCss = styleOf(readFileSync(path.join(client, product), 'utf8'));
    const homeCss = styleOf(readFileSync(path.join(client, 'index.html'), 'utf8'));
    expect(styledIn(homeCss, 'card-title')).toBe(true);
    expect(styledIn(productCss, 'card-title')).toBe(false);
    expect(styledIn(productCss, 'option-value')).toBe(true);
    expect(styledIn(homeCss, 'option-value')).toBe(false);
    expect(classesOf('<astro-island component-url="/_astro/CartButton.x1.js"></astro-island>', 'x')).toContain('drawer-panel');
  });
});

describe("reading a page's scripts", () => {
  it('follows static imports and re-exports, not dynamic imports', () => {
    const code =
      'import{a as b}from"./x.js";import"./side.js";export{c}from"./y.js";const l=()=>import("../lazy.js");var s="import z from \'./no\'"';
    expect(staticImports(code)).toEqual(['./x.js', './side.js', './y.js']);
  });

  it('takes script src, island component and renderer URLs, and inline scripts but not JSON-LD', () => {
    const html =
      '<script type="module" src="/_astro/page.js"></script><script>console.log(1)</script><script type="application/ld+json">{}</script>' +
      '<astro-island uid="1" component-url="/_astro/Island.js" renderer-url="/_astro/client.js" client="idle"></astro-island>' +
      '<astro-island uid="2" component-url="/_astro/Search.js" renderer-url="/_astro/client.js" client="focus"></astro-island>';
    const found = scriptsInHtml(html);
    expect(found.urls).toEqual(['/_astro/page.js', '/_astro/Island.js', '/_astro/client.js']);
    expect(found.scripts).toEqual(['/_astro/page.js']);
    expect(found.onFocus).toEqual(['/_astro/Search.js']);
    expect(found.inline).toEqual(['console.log(1)']);
    expect(found.renderers).toEqual(['/_astro/client.js']);
  });
});
