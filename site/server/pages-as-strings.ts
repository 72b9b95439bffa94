import type { AstroIntegration, AstroIntegrationLogger, AstroPrerenderer } from 'astro';

/**
 * Pre-rendered pages are rendered as whole strings, not streamed.
 *
 * Astro streams a page (chunk by chunk into a stream of encoded bytes, read back into one body) when
 * the build has on-demand routes, as this one has (the generator API), and renders it to one string
 * when it has none. A pre-rendered page is only ever written to a file, so streaming buys nothing
 * there and costs CPU on every page (25,000 products: 129.5 s of user CPU streamed against 124.4 s as
 * strings, means of two alternating builds; the same pages). This keeps Astro's default pre-renderer
 * and tells its app to render strings; the on-demand routes are untouched.
 */

/** The part of Astro's default pre-renderer this reads: the app it sets up, whose streaming choice it overrides. */
interface PrerenderApp {
  resolveStreaming?: () => boolean | undefined;
}

/** `prerenderer`, with its app told to render whole strings once it is set up; a warning when Astro's app no longer offers the choice. */
export function stringPrerenderer(prerenderer: AstroPrerenderer, logger: Pick<AstroIntegrationLogger, 'warn'>): AstroPrerenderer {
  return {
    ...prerenderer,
    async setup() {
      await prerenderer.setup?.();
      const app = (prerenderer as AstroPrerenderer & { app?: PrerenderApp }).app;
      if (typeof app?.resolveStreaming === 'function') app.resolveStreaming = () => false;
      else logger.warn("Astro's pre-renderer has no streaming choice to override: pages are rendered as Astro decides");
    },
  };
}

/**
 * Astro takes a pre-renderer in `astro:build:start`, but a pre-renderer set that early also tells it
 * not to bundle its own pre-render entry (the one the default pre-renderer loads). So the hook keeps
 * the setter and uses it in `astro:build:setup`, after the bundler's settings are made and before
 * the first page.
 */
export function pagesAsStrings(): AstroIntegration {
  let setPrerendererLater: ((wrap: (prerenderer: AstroPrerenderer) => AstroPrerenderer) => void) | undefined;
  return {
    name: 'neural-threads:pages-as-strings',
    hooks: {
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerendererLater = setPrerenderer;
      },
      'astro:build:setup': ({ target, logger }) => {
        if (target !== 'server' || !setPrerendererLater) return;
        setPrerendererLater((prerenderer) => stringPrerenderer(prerenderer, logger));
        setPrerendererLater = undefined;
      },
    },
  };
}
