import type { AstroIntegration, AstroIntegrationLogger, AstroPrerenderer } from 'astro';

/**
 * Two settings of Astro's default pre-renderer that cost every pre-rendered page CPU for nothing.
 *
 * - **Whole strings, not streams.** Astro streams a page (chunk by chunk into a stream of encoded
 *   bytes, read back into one body) when the build has on-demand routes, as this one has (the
 *   generator API), and renders it to one string when it has none. A pre-rendered page is only ever
 *   written to a file, so streaming buys nothing there (25,000 products: 129.5 s of user CPU
 *   streamed against 124.4 s as strings, means of two alternating builds; the same pages). The
 *   on-demand routes still stream.
 * - **Each page module loaded once.** Astro's app looks a route's module up with a dynamic
 *   `import()` for every page it renders; Node answers an import it has already loaded from its
 *   cache, but only after resolving the specifier again (about 85 µs a page in a profile of a
 *   5,000-product build, 2 % of its CPU). The pre-renderer's app keeps the first answer instead.
 */

type PageLoader = () => Promise<unknown>;

/** The parts of Astro's default pre-renderer's app this changes: its streaming choice and its route → page module loaders. */
interface PrerenderApp {
  resolveStreaming?: () => boolean | undefined;
  manifest?: { pageMap?: Map<string, PageLoader> };
}

/** `load`, called once: later calls share its promise (a failed load is not retried; it fails the build anyway). */
export function loadOnce(load: PageLoader): PageLoader {
  let loaded: Promise<unknown> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

/** `prerenderer`, with its app set to render whole strings and load each page module once; a warning for each setting Astro's app no longer offers. */
export function tunedPrerenderer(prerenderer: AstroPrerenderer, logger: Pick<AstroIntegrationLogger, 'warn'>): AstroPrerenderer {
  return {
    ...prerenderer,
    async setup() {
      await prerenderer.setup?.();
      const app = (prerenderer as AstroPrerenderer & { app?: PrerenderApp }).app;
      if (typeof app?.resolveStreaming === 'function') app.resolveStreaming = () => false;
      else logger.warn("Astro's pre-renderer has no streaming choice to override: pages are rendered as Astro decides");
      const pageMap = app?.manifest?.pageMap;
      if (pageMap instanceof Map) for (const [component, load] of pageMap) pageMap.set(component, loadOnce(load));
      else logger.warn("Astro's pre-renderer has no page map: each page's module is looked up as Astro decides");
    },
  };
}

/**
 * Astro takes a pre-renderer in `astro:build:start`, but a pre-renderer set that early also tells it
 * not to bundle its own pre-render entry (the one the default pre-renderer loads). So the hook keeps
 * the setter and uses it in `astro:build:setup`, after the bundler's settings are made and before
 * the first page.
 */
export function prerenderTuning(): AstroIntegration {
  let setPrerendererLater: ((wrap: (prerenderer: AstroPrerenderer) => AstroPrerenderer) => void) | undefined;
  return {
    name: 'neural-threads:prerender-tuning',
    hooks: {
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerendererLater = setPrerenderer;
      },
      'astro:build:setup': ({ target, logger }) => {
        if (target !== 'server' || !setPrerendererLater) return;
        setPrerendererLater((prerenderer) => tunedPrerenderer(prerenderer, logger));
        setPrerendererLater = undefined;
      },
    },
  };
}
