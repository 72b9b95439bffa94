import { BaseApp } from 'astro/app';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { describe, expect, it, vi } from 'vitest';
import { pagesAsStrings, stringPrerenderer } from '../../site/server/pages-as-strings.ts';

/**
 * The build renders its pre-rendered pages as whole strings: Astro's default pre-renderer is kept,
 * its app told not to stream. These check the wrapping against the shape Astro's hooks give, and
 * that Astro's app still offers the choice the wrapper overrides (an upgrade that drops it fails
 * here instead of quietly making every build slower).
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

describe('stringPrerenderer', () => {
  it("sets the default pre-renderer up, then makes its app render strings; paths and pages are still the default's", async () => {
    const app = { resolveStreaming: (): boolean | undefined => undefined };
    const { prerenderer, calls } = defaultPrerenderer(app);
    const log = logger();
    const wrapped = stringPrerenderer(prerenderer, log);
    await wrapped.setup?.();
    expect(app.resolveStreaming()).toBe(false);
    await wrapped.getStaticPaths();
    const response = await wrapped.render(new Request('http://127.0.0.1/product/x'), { routeData: {} as never });
    expect(await (response as Response).text()).toBe('<p>page</p>');
    expect(calls).toEqual(['setup', 'getStaticPaths', 'render /product/x']);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('warns, and leaves the rendering as it was, when the app offers no streaming choice', async () => {
    const { prerenderer } = defaultPrerenderer({});
    const log = logger();
    await stringPrerenderer(prerenderer, log).setup?.();
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('no streaming choice'));
  });

  it("overrides a method Astro's app still has", () => {
    expect(typeof (BaseApp.prototype as unknown as { resolveStreaming?: unknown }).resolveStreaming).toBe('function');
  });
});

describe('pagesAsStrings', () => {
  it('sets the pre-renderer once, at the server setup, not at build start (which would drop the default pre-render entry)', async () => {
    const integration = pagesAsStrings();
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
