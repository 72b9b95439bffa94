import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a built page loads, read from the build output with no browser: its inline
 * scripts, its `<script src>` modules, the island component and renderer URLs in its HTML, and
 * everything those import statically (dynamic imports load later, on demand, and are not counted).
 * Islands that hydrate only on focus (`client:focus`, the header's search box) load nothing until a
 * shopper focuses them: their code is weighed apart, as `onFocusGzip`, and not in the page's total.
 */

export interface ScriptFile {
  /** Path under the site root, e.g. `/_astro/client.Ab12.js`. */
  url: string;
  bytes: number;
  gzip: number;
  kind: JsKind;
}

/**
 * `react`: React's own code (react, react-dom, scheduler, the JSX runtime), told by the element
 * symbol it carries. `astro`: Astro's island loader and its React renderer. `ours`: the rest.
 */
export type JsKind = 'react' | 'astro' | 'ours';

export interface PageJs {
  page: string;
  files: ScriptFile[];
  /** Gzipped bytes of the page's inline scripts (Astro's island loader, client directives, our few lines). */
  inlineGzip: number;
  reactGzip: number;
  astroGzip: number;
  /** Our islands, stores, client directive and inline lines, with the small libraries they use. */
  oursGzip: number;
  totalGzip: number;
  /** Gzipped bytes a focus on a `client:focus` island adds, beyond what the page has already loaded. */
  onFocusGzip: number;
}

// The default level, as the site server (compression) sends it.
const gz = (data: string | Buffer): number => gzipSync(data).length;

// React's chunks carry its element symbol; a chunk that also holds a little of ours still counts as React's.
const REACT_MARKER = 'react.transitional.element';

/** Static `import … from "x"`, `import "x"` and `export … from "x"`; never `import("x")`. */
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+)["']/g;

export function staticImports(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((m) => m[1]!);
}

interface HtmlScripts {
  inline: string[];
  /** The page's own `<script src>` modules (also in `urls`). */
  scripts: string[];
  urls: string[];
  renderers: string[];
  /** Component URLs of islands that load only when focused. */
  onFocus: string[];
}

// Astro's island loader defines the <astro-island> element.
const isIslandLoader = (code: string): boolean => code.includes('customElements.define("astro-island"');

/** Script URLs and inline scripts of a built page (JSON-LD and other data blocks excluded). */
export function scriptsInHtml(html: string): HtmlScripts {
  const inline: string[] = [];
  const scripts: string[] = [];
  const urls = new Set<string>();
  const renderers = new Set<string>();
  const onFocus = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1]!;
    const type = /\btype=["']?([^"'\s>]+)/.exec(attributes)?.[1];
    if (type && type !== 'module' && !/javascript/.test(type)) continue;
    const src = /\bsrc=["']?([^"'\s>]+)/.exec(attributes)?.[1];
    if (src) {
      scripts.push(src);
      urls.add(src);
    } else if (match[2]!.trim()) inline.push(match[2]!);
  }
  // Islands name their component, their renderer and any before-hydration script.
  for (const match of html.matchAll(/<astro-island\b[^>]*>/g)) {
    if (/\bclient="focus"/.test(match[0])) {
      const component = /\bcomponent-url="([^"]*)"/.exec(match[0])?.[1];
      if (component) onFocus.add(component.replace(/&amp;/g, '&'));
      continue;
    }
    for (const attribute of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const value = new RegExp(`\\b${attribute}="([^"]*)"`).exec(match[0])?.[1];
      if (!value) continue;
      const url = value.replace(/&amp;/g, '&');
      urls.add(url);
      if (attribute === 'renderer-url') renderers.add(new URL(url, 'http://site/').pathname);
    }
  }
  return { inline, scripts, urls: [...urls], renderers: [...renderers], onFocus: [...onFocus] };
}

/** Every file the modules at `urls` load, following static imports, keyed by path under the site root. */
function closure(clientDir: string, urls: string[], renderers: string[], seen = new Map<string, ScriptFile>()): Map<string, ScriptFile> {
  const visit = (url: string) => {
    const clean = new URL(url, 'http://site/').pathname;
    if (seen.has(clean)) return;
    const code = readFileSync(path.join(clientDir, clean));
    const kind: JsKind = code.includes(REACT_MARKER) ? 'react' : renderers.includes(clean) ? 'astro' : 'ours';
    seen.set(clean, { url: clean, bytes: code.length, gzip: gz(code), kind });
    for (const imported of staticImports(code.toString('utf8'))) visit(new URL(imported, `http://site${clean}`).pathname);
  };
  for (const url of urls) visit(url);
  return seen;
}

/**
 * What the page's own `<script src>` modules load before they run (islands left out): the files a
 * script that starts work at load, such as the search page's live query, waits for.
 */
export function pageScriptFiles(clientDir: string, htmlFile: string): ScriptFile[] {
  const { scripts } = scriptsInHtml(readFileSync(path.join(clientDir, htmlFile), 'utf8'));
  return [...closure(clientDir, scripts, []).values()];
}

/** The JS of the page at `htmlFile` in the build's client folder `clientDir`. */
export function pageJs(clientDir: string, htmlFile: string): PageJs {
  const { inline, urls, renderers, onFocus } = scriptsInHtml(readFileSync(path.join(clientDir, htmlFile), 'utf8'));
  const seen = closure(clientDir, urls, renderers);
  const loaded = new Set(seen.keys());
  closure(clientDir, onFocus, renderers, seen);
  const onFocusGzip = [...seen.values()].filter((f) => !loaded.has(f.url)).reduce((total, f) => total + f.gzip, 0);
  for (const url of seen.keys()) if (!loaded.has(url)) seen.delete(url);
  const files = [...seen.values()].sort((a, b) => b.gzip - a.gzip);
  const weigh = (kind: JsKind) => files.filter((f) => f.kind === kind).reduce((total, f) => total + f.gzip, 0);
  const loaderGzip = inline.filter(isIslandLoader).reduce((total, text) => total + gz(text), 0);
  const inlineGzip = inline.reduce((total, text) => total + gz(text), 0);
  const reactGzip = weigh('react');
  const astroGzip = weigh('astro') + loaderGzip;
  const oursGzip = weigh('ours') + inlineGzip - loaderGzip;
  return { page: htmlFile, files, inlineGzip, reactGzip, astroGzip, oursGzip, totalGzip: reactGzip + astroGzip + oursGzip, onFocusGzip };
}
