import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { JS_BUDGET_KB } from './budgets.ts';
import { pageJs, type PageJs } from './page-js.ts';
import type { Figure, SectionResult } from './report.ts';
import { kb } from './stats.ts';

/** JS shipped per page, from a build's output: React's runtime, Astro's island glue, and ours. */

/** The newest finished build's client folder under a builds root (`build-*` directories). */
export function builtSite(buildsRoot: string): string {
  const dirs = readdirSync(buildsRoot)
    .filter((entry) => entry.startsWith('build-'))
    .map((entry) => path.join(buildsRoot, entry, 'client'))
    .filter((dir) => existsSync(path.join(dir, 'index.html')));
  if (dirs.length === 0) throw new Error(`no finished build under ${buildsRoot}`);
  return dirs.sort().at(-1)!;
}

function figures(name: string, js: PageJs, budgetKb: number): Figure[] {
  return [
    {
      what: `${name}: JS, gzip`,
      value: kb(js.totalGzip),
      budget: `≤ ${budgetKb} KB`,
      pass: js.totalGzip <= budgetKb * 1024,
      miss: `over by ${kb(js.totalGzip - budgetKb * 1024)}`,
    },
    { what: `${name}: React runtime`, value: kb(js.reactGzip) },
    { what: `${name}: Astro's island loader and React renderer`, value: kb(js.astroGzip) },
    { what: `${name}: our islands, stores and directive`, value: kb(js.oursGzip) },
  ];
}

function listing(js: PageJs): string {
  const files = js.files.map((f) => `${path.basename(f.url).replace(/\.[\w-]+\.js$/, '')} ${(f.gzip / 1024).toFixed(1)}`);
  return `${files.join(', ')}, inline scripts ${(js.inlineGzip / 1024).toFixed(1)} (KB)`;
}

export function measurePageJs(clientDir: string, productPath: string, collectionPath: string): SectionResult {
  const home = pageJs(clientDir, 'index.html');
  const product = pageJs(clientDir, path.join(productPath, 'index.html'));
  const collection = pageJs(clientDir, path.join(collectionPath, 'index.html'));
  const search = pageJs(clientDir, path.join('search', 'index.html'));
  return {
    figures: [
      ...figures('home', home, JS_BUDGET_KB.home),
      ...figures('product page', product, JS_BUDGET_KB.product),
      ...figures('collection page', collection, JS_BUDGET_KB.collection),
      ...figures('search page', search, JS_BUDGET_KB.search),
    ],
    notes: [
      "Read from the build output, no browser: each page's inline scripts, `<script src>` modules and island component/renderer URLs, plus every static import of those. The cart drawer, a dynamic import on first open, is not counted. Each file gzipped on its own at the default level, as the server sends it.",
      `The product page's budget is the home page's plus 4 KB for what only it needs: the variant picker and the browser's re-read of price and availability (the Storefront fetch client). A collection page has the home page's islands and budget; the search page has the home page's plus 4 KB for its live results (the same Storefront fetch client).`,
      `home: ${listing(home)}.`,
      `product page /${productPath}: ${listing(product)}.`,
      `collection page /${collectionPath}: ${listing(collection)}.`,
      `search page /search: ${listing(search)}.`,
    ],
  };
}
