import { describe, expect, it } from 'vitest';
import { GENERATOR_MESSAGES } from '../../shared/generator/browser.ts';
import type { Concept, ConceptProvider, DesignProvider, Publisher } from '../../shared/generator/browser.ts';
import { createGeneratorController } from '../../site/features/generator/generator-store.ts';
import type { Toast } from '../../site/features/toasts/toasts.ts';
import { createGeneratorApi, GeneratorApiError } from '../../site/features/generator/generator-api.ts';
import { createApiProviders } from '../../site/features/generator/api-providers.ts';
import { productCountFrom } from '../../site/features/generator/product-count.ts';

/**
 * The /generator page's logic without a browser: the count field's rule, the controller over the
 * shared pipeline (toasts, statuses, publishing while designs are still being made), the API client.
 */

const concept = (n: number): Concept => ({
  name: `Shirt ${n}`,
  description: `Shirt number ${n}`,
  price: 20 + n,
  category: 'AI Humor',
  quote_primary: `Quote number ${n}`,
  keywords: ['ai'],
});

interface Gate {
  promise: Promise<void>;
  open(): void;
}

function gate(): Gate {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

function setup(options: { failDesign?: (name: string) => boolean; designGates?: Map<string, Gate>; failConcepts?: string } = {}) {
  const toasts: Array<Omit<Toast, 'id'>> = [];
  const published: string[] = [];
  const concepts: ConceptProvider = {
    async generateConcepts(request) {
      if (options.failConcepts) throw new Error(options.failConcepts);
      return Array.from({ length: request.productCount }, (_, i) => concept(i + 1));
    },
  };
  const designs: DesignProvider = {
    async generateDesign(request, signal) {
      await options.designGates?.get(request.productName)?.promise;
      signal?.throwIfAborted(); // as fetch does
      if (options.failDesign?.(request.productName)) throw new Error(`The design for ${request.productName} failed`);
      return { imageUrl: `/api/designs/${request.productName.toLowerCase().replace(' ', '-')}-0123456789abcdef01234567-preview.png` };
    },
  };
  const publisher: Publisher = {
    shopName: 'Shopify',
    async publish(product) {
      published.push(product.name);
      return { productId: `gid://shopify/Product/${published.length}`, handle: product.name.toLowerCase().replace(' ', '-') };
    },
  };
  const controller = createGeneratorController({ concepts, designs, publisher, delayMs: 0, notify: (toast) => toasts.push(toast) });
  return { controller, toasts, published, titles: () => toasts.map((t) => t.title) };
}

describe('Number of Products', () => {
  it.each([
    ['6', 6],
    ['20', 20],
    ['0', 0],
    ['-3', -3],
    ['', 6],
    ['abc', 6],
    ['  4 ', 4],
  ])('%j counts as %i (a non-numeric entry falls back to 6)', (text, count) => {
    expect(productCountFrom(text)).toBe(count);
  });
});

describe('the page controller', () => {
  it('runs concepts then designs, toasting the documented messages, and ends with the progress message', async () => {
    const { controller, titles } = setup();
    const run = controller.generate({ count: 2, theme: 'cats', guidelines: '' });
    expect(controller.$view.get().running).toBe(true);
    await run;
    const view = controller.$view.get();
    expect(view.running).toBe(false);
    expect(view.progress).toBe('All designs generated!');
    expect(view.products.map((p) => p.status)).toEqual(['ready', 'ready']);
    expect(titles()).toEqual(['Created 2 product ideas!', 'All product designs created! Review and publish to Shopify.']);
  });

  it('marks a failed design as an error on that product alone, and goes on', async () => {
    const { controller } = setup({ failDesign: (name) => name === 'Shirt 1' });
    await controller.generate({ count: 3, theme: 'cats', guidelines: '' });
    const products = controller.$view.get().products;
    expect(products.map((p) => p.status)).toEqual(['error', 'ready', 'ready']);
    expect(products[0]!.error).toBe('The design for Shirt 1 failed');
  });

  it('a failed run toasts the reason and the status line says Error occurred', async () => {
    const { controller, titles } = setup({ failConcepts: 'productCount must be a whole number from 1 to 20 (got 21)' });
    await controller.generate({ count: 25, theme: 'cats', guidelines: '' });
    expect(titles()).toEqual(['Failed to generate products: productCount must be a whole number from 1 to 20 (got 21)']);
    expect(controller.$view.get().progress).toBe(GENERATOR_MESSAGES.errorOccurred);
    expect(controller.$view.get().running).toBe(false);
  });

  it('publishes every ready product, one toast each, and does not publish twice', async () => {
    const { controller, titles, published } = setup({ failDesign: (name) => name === 'Shirt 2' });
    await controller.generate({ count: 3, theme: 'cats', guidelines: '' });
    const all = controller.publish();
    expect(controller.$view.get().publishing).toEqual([0, 2]);
    await Promise.all([all, controller.publish([0])]);
    expect(published).toEqual(['Shirt 1', 'Shirt 3']);
    const view = controller.$view.get();
    expect(view.products.map((p) => p.status)).toEqual(['published', 'error', 'published']);
    expect(view.products[0]!.handle).toBe('shirt-1');
    expect(view.publishing).toEqual([]);
    expect(titles().slice(-2)).toEqual(['Shirt 1 published to Shopify!', 'Shirt 3 published to Shopify!']);
  });

  it('a ready product can be published while later designs are still being made, and neither update is lost', async () => {
    const gates = new Map([['Shirt 2', gate()]]);
    const { controller } = setup({ designGates: gates });
    const run = controller.generate({ count: 2, theme: 'cats', guidelines: '' });
    while (controller.$view.get().products[0]?.status !== 'ready') await new Promise((resolve) => setTimeout(resolve, 1));
    await controller.publish([0]);
    expect(controller.$view.get().products.map((p) => p.status)).toEqual(['published', 'generating']);
    gates.get('Shirt 2')!.open();
    await run;
    expect(controller.$view.get().products.map((p) => p.status)).toEqual(['published', 'ready']);
  });

  it('cancel stops the run; finished products stay', async () => {
    const gates = new Map([['Shirt 2', gate()]]);
    const { controller, titles } = setup({ designGates: gates });
    const run = controller.generate({ count: 3, theme: 'cats', guidelines: '' });
    while (controller.$view.get().products[1]?.status !== 'generating') await new Promise((resolve) => setTimeout(resolve, 1));
    controller.cancel();
    gates.get('Shirt 2')!.open();
    await run;
    const view = controller.$view.get();
    expect(view.running).toBe(false);
    expect(view.products.map((p) => p.status)).toEqual(['ready', 'pending', 'pending']);
    expect(titles()).toEqual(['Created 3 product ideas!']);
  });
});

describe('the API client', () => {
  function fakeFetch(reply: (url: string, init: RequestInit) => Response) {
    const seen: Array<{ url: string; init: RequestInit }> = [];
    const fetcher = async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      seen.push({ url, init: init ?? {} });
      return reply(url, init ?? {});
    };
    return { seen, fetcher: fetcher as typeof fetch };
  }

  it('sends the session cookie (same-origin, no bearer header) and JSON bodies, and returns the checked answer', async () => {
    const { seen, fetcher } = fakeFetch(() =>
      Response.json({
        imageUrl: '/api/designs/a-0123456789abcdef01234567-preview.png',
        printUrl: '/api/designs/a-0123456789abcdef01234567-print.png',
      }),
    );
    const api = createGeneratorApi({ fetch: fetcher });
    const providers = createApiProviders(api, 'Shopify');
    const design = await providers.designs.generateDesign({ productName: 'A', quote: 'Quote', category: 'AI', colors: ['#000000'] });
    expect(design).toEqual({ imageUrl: '/api/designs/a-0123456789abcdef01234567-preview.png' });
    expect(providers.printUrlOf(design.imageUrl)).toBe('/api/designs/a-0123456789abcdef01234567-print.png');
    const headers = new Headers(seen[0]!.init.headers);
    expect(seen[0]!.url).toBe('/api/generate-product-design');
    expect(headers.get('authorization')).toBeNull();
    expect(seen[0]!.init.credentials).toBe('same-origin');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it("turns an error answer into an error with the server's message; a 401 also brings back the sign-in form", async () => {
    const unauthorized: string[] = [];
    const { fetcher } = fakeFetch((url) =>
      url.includes('publish')
        ? Response.json({ error: 'Sign in with a staff account to use the generator.' }, { status: 401 })
        : new Response('<html>Bad gateway</html>', { status: 502 }),
    );
    const api = createGeneratorApi({ fetch: fetcher, onUnauthorized: (message) => unauthorized.push(message) });
    const product = { name: 'A', description: 'B', price: 1, category: 'C', imageUrl: '/x', keywords: [] };
    await expect(api.publish(product)).rejects.toEqual(new GeneratorApiError(401, 'Sign in with a staff account to use the generator.'));
    expect(unauthorized).toEqual(['Sign in with a staff account to use the generator.']);
    await expect(
      api.concepts({ productCount: 1, theme: 't', brand: { name: 'n', voice: 'v', audience: 'a', colors: [], fonts: [] } }),
    ).rejects.toThrow('HTTP error! status: 502');
  });

  it('refuses an answer of the wrong shape rather than showing nonsense', async () => {
    const { fetcher } = fakeFetch(() => Response.json({ products: [{ name: 'no other fields' }] }));
    const api = createGeneratorApi({ fetch: fetcher });
    await expect(
      api.concepts({ productCount: 1, theme: 't', brand: { name: 'n', voice: 'v', audience: 'a', colors: [], fonts: [] } }),
    ).rejects.toThrow('Unexpected answer from /api/generate-product-concepts');
  });

  it('says when the server cannot be reached', async () => {
    const api = createGeneratorApi({
      fetch: (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch,
    });
    await expect(api.settings()).rejects.toThrow('Could not reach the server; check the connection and try again');
  });
});
