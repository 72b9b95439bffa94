import { BaseApp } from 'astro/app';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { describe, expect, it, vi } from 'vitest';
import { loadOnce, prerenderTuning, tunedPrerenderer } from '../../site/server/prerender-tuning.ts';

/**
 * The build keeps Astro's default pre-renderer and changes two settings of its app: pages rendered as
 * whole strings, not streams, and each page module loaded once. These check the wrapping against the
 * shape Astro's hooks give, and that Astro's app still offers the choice the wrapper overrides (an
 * upgrade that drops it fails here instead of quietly making every build slower; the real build in
 * site-build.test.ts checks that it logs no warning about either).
 */

type StartHook = Extract<AstroIntegration['hooks']['astro:build:start'], (...args: never[]) => unknown>;
type SetupHook = Extract<AstroIntegration['hooks']['astro:build:setup'], (...args: never[]) => unknown>;

function defaultPrerenderer(app: object | undefined) {
  const calls: string[] = [];
  const prerenderer: AstroPrerenderer & { app?: object } = {
    name: 'astro:default',
    async setup() {
      calls.push('setup');
      prerenderer.app = app;
    },
    async getStaticPaths() {
      calls.push('getStaticPaths');
      return [];
    },
    async render(request) {
      calls.push(`render ${new URL(request.url).pathname}`);
      return new Response('<p>page</p>');
    },
  };
  return { prerenderer, calls };
}

const logger = () => ({ warn: vi.fn() });

describe('tunedPrerenderer', () => {
  it("sets the default pre-renderer up, then makes its app render strings and load each page module once; paths and pages are still the default's", async () => {
    const loads = { product: 0, collection: 0 };
    const pageMap = new Map<string, () => Promise<unknown>>([
      ['product.astro', async () => ({ page: `product ${++loads.product}` })],
      ['collection.astro', async () => ({ page: `collection ${++loads.collection}` })],
    ]);
    const app = { resolveStreaming: (): boolean | undefined => undefined, manifest: { pageMap } };
    const { prerenderer, calls } = defaultPrerenderer(app);
    const log = logger();
    const wrapped = tunedPrerenderer(prerenderer, log);
    await wrapped.setup?.();
    expect(app.resolveStreaming()).toBe(false);
    const product = pageMap.get('product.astro')!;
    expect(await Promise.all([product(), product()])).toEqual([{ page: 'product 1' }, { page: 'product 1' }]);
    expect(await product()).toEqual({ page: 'product 1' });
    expect(await pageMap.get('collection.astro')!()).toEqual({ page: 'collection 1' });
    expect(loads).toEqual({ product: 1, collection: 1 });
    await wrapped.getStaticPaths();
    const response = await wrapped.render(new Request('http://127.0.0.1/product/x'), { routeData: {} as never });
    expect(await (response as Response).text()).toBe('<p>page</p>');
    expect(calls).toEqual(['setup', 'getStaticPaths', 'render /product/x']);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('warns, and leaves the rendering as it was, when the app offers no streaming choice', async () => {
    const { prerenderer } = defaultPrerenderer({ manifest: { pageMap: new Map() } });
    const log = logger();
    await tunedPrerenderer(prerenderer, log).setup?.();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('no streaming choice'));
  });

  it('warns, and leaves the page lookups as they were, when the app has no page map', async () => {
    const { prerenderer } = defaultPrerenderer({ resolveStreaming: () => undefined, manifest: {} });
    const log = logger();
    await tunedPrerenderer(prerenderer, log).setup?.();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('no page map'));
  });
});

describe('loadOnce', () => {
  it('shares one load between calls, including a failed one', async () => {
    let calls = 0;
    const failing = loadOnce(async () => {
      calls++;
      throw new Error('no such chunk');
    });
    await expect(failing()).rejects.toThrow('no such chunk');
    await expect(failing()).rejects.toThrow('no such chunk');
    expect(calls).toBe(1);
  });

  it("overrides a method Astro's app still has", () => {
    expect(typeof (BaseApp.prototype as unknown as { resolveStreaming?: unknown }).resolveStreaming).toBe('function');
  });
});

describe('prerenderTuning', () => {
  it('sets the pre-renderer once, at the server setup, not at build start (which would drop the default pre-render entry)', async () => {
    const integration = prerenderTuning();
    const setPrerenderer = vi.fn();
    const start = integration.hooks['astro:build:start'] as StartHook;
    const setup = integration.hooks['astro:build:setup'] as SetupHook;
    await start({ setPrerenderer, logger: logger() } as never);
    expect(setPrerenderer).not.toHaveBeenCalled();
    await setup({ target: 'client', logger: logger() } as never);
    expect(setPrerenderer).not.toHaveBeenCalled();
    await setup({ target: 'server', logger: logger() } as never);
    await setup({ target: 'server', logger: logger() } as never);
    expect(setPrerenderer).toHaveBeenCalledTimes(1);

    const app = { resolveStreaming: (): boolean | undefined => true };
    const wrap = setPrerenderer.mock.calls[0]![0] as (p: AstroPrerenderer) => AstroPrerenderer;
    await wrap(defaultPrerenderer(app).prerenderer).setup?.();
    expect(app.resolveStreaming()).toBe(false);
  });
});
