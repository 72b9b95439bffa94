// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig, fontProviders } from 'astro/config';
import { loadConfig } from './shared/config/index.ts';
import { clientDirectives } from './site/directives/integration.ts';
import { earlyCatalogueWalk } from './site/server/early-catalogue-walk.ts';
import { embeddedShop } from './site/server/embedded-shop-integration.ts';
import { prerenderTuning } from './site/server/prerender-tuning.ts';
import { generatorServices } from './site/features/generator/server/integration.ts';

const config = loadConfig();

/** Where product images come from: the embedded shop serves its own; Shopify serves them from its CDN. */
function shopImageOrigins(/** @type {import('./shared/config/index.ts').Config} */ { storefront }) {
  return storefront.embedded ? [storefront.origin] : [storefront.origin, 'https://cdn.shopify.com'];
}

// Browser chunks that do not depend on which other pages the build holds: React on its own, the
// stores and rules every page's header and cards share (React-free, so the search page's own script
// can use them without waiting for React; of nanostores only the atoms and their lifecycle, since
// the staff pages' maps and the rest would ride along on every storefront page) with the bundler's
// small helper for code loaded later, and the hooks, icons and toasts those islands share.
const BROWSER_CHUNKS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  {
    name: 'shop',
    test: /site[\\/]features[\\/](cart[\\/](cart-store|drawer)|toasts[\\/]toasts)\.ts$|shared[\\/](cart[\\/]cart|common[\\/]money)\.ts$|node_modules[\\/](nanostores[\\/](index\.js$|(atom|lifecycle)[\\/])|@nanostores[\\/]persistent[\\/])|vite[\\/]preload-helper/,
  },
  {
    name: 'shop-ui',
    test: /site[\\/]features[\\/]shell[\\/]use-store\.ts$|site[\\/]features[\\/](shell[\\/]icons|toasts[\\/](ToastList|Toaster))\.tsx$/,
  },
];

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  // Each build gets its own folder so a running server can swap builds atomically.
  outDir: process.env.SITE_OUT_DIR || './dist',
  site: config.server.siteUrl,
  trailingSlash: 'ignore',
  // Eight pages in flight at once: each page's directory and file are written while the next renders
  // (one at a time, the thread waits on the disk for about a third of the rendering phase).
  build: { format: 'directory', inlineStylesheets: 'always', concurrency: 8 },
  compressHTML: true,
  // Every page is pre-rendered; the adapter serves the generator API's on-demand endpoints.
  adapter: node({ mode: 'middleware' }),
  // The only on-demand routes are the generator API: JSON bodies only (a cross-site form cannot send
  // one, a cross-site JSON fetch needs a CORS preflight that is never granted), errors always as JSON.
  security: {
    checkOrigin: false,
    // Scripts and styles by hash (Astro lists every one it emits); fetches and images only from here and the shop.
    csp: {
      directives: [
        "default-src 'self'",
        `connect-src 'self' ${config.storefront.origin}`,
        `img-src 'self' ${shopImageOrigins(config).join(' ')}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  session: false,
  // React islands render to a string on the server: the streaming renderer costs more per island and a static build has nothing to stream.
  integrations: [
    react({ experimentalDisableStreaming: true }),
    clientDirectives(),
    embeddedShop(),
    earlyCatalogueWalk(),
    generatorServices(),
    prerenderTuning(),
  ],
  devToolbar: { enabled: false },
  // Astro's log lines, written in batches: a build prints two pieces of text per page (docs/architecture.md, "Build output").
  logger: { entrypoint: './site/server/batched-log.mjs' },
  // No Markdown here; Shiki's inline styles would not pass the Content-Security-Policy anyway.
  markdown: { syntaxHighlight: false },
  prefetch: false,
  vite: { environments: { client: { build: { rollupOptions: { output: { codeSplitting: { groups: BROWSER_CHUNKS } } } } } } },
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Bebas Neue',
      cssVariable: '--font-display',
      fallbacks: ['Impact', 'Arial Narrow', 'sans-serif'],
      // Preloaded, so it is there for the first paint almost always; when not, the fallback stays: no swap, no layout shift.
      display: 'optional',
      options: {
        variants: [{ src: ['@fontsource/bebas-neue/files/bebas-neue-latin-400-normal.woff2'], weight: 400, style: 'normal' }],
      },
    },
    {
      provider: fontProviders.local(),
      name: 'Montserrat',
      cssVariable: '--font-body',
      fallbacks: ['system-ui', 'Arial', 'sans-serif'],
      display: 'optional',
      options: {
        variants: [
          { src: ['@fontsource-variable/montserrat/files/montserrat-latin-wght-normal.woff2'], weight: '100 900', style: 'normal' },
        ],
      },
    },
  ],
});
