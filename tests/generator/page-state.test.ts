import { describe, expect, it } from 'vitest';
import { GENERATOR_MESSAGES } from '../../shared/generator/browser.ts';
import type { Toast } from '../../site/features/toasts/toasts.ts';
import {
  createGeneratorApi,
  GeneratorApiError,
  type GeneratorApi,
  type RunProductView,
  type RunView,
} from '../../site/features/generator/generator-api.ts';
import { fieldMessages } from '../../site/features/generator/EditForm.tsx';
import { createWorkspace, toastsForChange } from '../../site/features/generator/workspace-store.ts';
import { productCountFrom } from '../../site/features/generator/product-count.ts';

/**
 * The /generator page's logic without a browser: the count field's rule, the live view of a run
 * (toasts from the changes it sees, newer answers only), the Edit form's field messages, the API client.
 */

const product = (index: number, patch: Partial<RunProductView> = {}): RunProductView => ({
  index,
  name: `Shirt ${index + 1}`,
  description: 'A shirt',
  price: 24.99,
  category: 'AI Humor',
  quote_primary: `Quote ${index + 1}`,
  keywords: ['ai'],
  status: 'pending',
  ...patch,
});

const run = (version: number, patch: Partial<RunView> = {}): RunView => ({
  id: '0123456789abcdef',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  count: 2,
  theme: 'robots',
  state: 'running',
  progress: '',
  source: 'page',
  actor: null,
  version,
  products: [],
  ...patch,
});

const titles = (toasts: Array<Omit<Toast, 'id'>>) => toasts.map((t) => t.title);

describe('the toasts of a change seen live', () => {
  it('says the documented messages as concepts arrive, designs finish and products are published', () => {
    const none = run(1, { progress: 'Generating product ideas...' });
    const concepts = run(2, { products: [product(0), product(1)], progress: 'Generated 2 product concepts' });
    expect(titles(toastsForChange(none, concepts, 'Shopify'))).toEqual([GENERATOR_MESSAGES.createdIdeas(2)]);
    const done = run(3, {
      state: 'finished',
      products: [product(0, { status: 'ready' }), product(1, { status: 'error', error: 'x', failedStep: 'design' })],
    });
    expect(titles(toastsForChange(concepts, done, 'Shopify'))).toEqual([GENERATOR_MESSAGES.allDesignsCreated('Shopify')]);
    const publishing = run(4, {
      state: 'finished',
      products: [product(0, { status: 'generating', activity: 'publish' }), product(1, { status: 'generating', activity: 'publish' })],
    });
    const published = run(5, {
      state: 'finished',
      products: [
        product(0, { status: 'published', shopProductId: 'gid://shopify/Product/1' }),
        product(1, { status: 'error', error: 'productCreate failed', failedStep: 'publish' }),
      ],
    });
    expect(titles(toastsForChange(publishing, published, 'Shopify'))).toEqual([
      GENERATOR_MESSAGES.published('Shirt 1', 'Shopify'),
      GENERATOR_MESSAGES.failedToPublish('productCreate failed'),
    ]);
  });

  it('a failed run says why', () => {
    expect(
      titles(toastsForChange(run(1), run(2, { state: 'failed', error: 'The concept generator returned no products' }), 'Shopify')),
    ).toEqual([GENERATOR_MESSAGES.failedToGenerate('The concept generator returned no products')]);
  });
});

describe('the live view', () => {
  it('opens the latest run, follows its changes in order, and toasts only what it saw happen', async () => {
    const answers = [
      run(2, { products: [product(0)] }),
      run(1),
      run(3, { state: 'finished', products: [product(0, { status: 'ready' })] }),
    ];
    const asked: Array<number | undefined> = [];
    const toasts: Array<Omit<Toast, 'id'>> = [];
    let release: () => void = () => {};
    const ended = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = {
      listRuns: async () => ({ runs: [], latest: '0123456789abcdef' }),
      readRun: async (_id: string, options: { after?: number; signal?: AbortSignal } = {}) => {
        asked.push(options.after);
        if (options.after === undefined) return run(1);
        const next = answers.shift();
        if (next) return next;
        release();
        return new Promise<RunView>((_resolve, reject) => options.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
      },
    } as unknown as GeneratorApi;
    const shown: string[] = [];
    const workspace = createWorkspace({ api, providerName: 'Shopify', notify: (t) => toasts.push(t), showRunId: (id) => shown.push(id) });
    await workspace.open();
    await ended;
    workspace.close();
    expect(shown).toEqual(['0123456789abcdef']);
    expect(workspace.$view.get().run?.version).toBe(3); // the older answer (version 1) was dropped
    expect(asked.slice(0, 4)).toEqual([undefined, 1, 2, 2]);
    expect(titles(toasts)).toEqual([GENERATOR_MESSAGES.createdIdeas(1), GENERATOR_MESSAGES.allDesignsCreated('Shopify')]);
  });
});

describe('the Edit form', () => {
  it("puts each of the server's messages under its field", () => {
    expect(fieldMessages('name must not be empty; price must be more than 0; something else')).toEqual({
      byField: { name: 'name must not be empty', price: 'price must be more than 0' },
      other: ['something else'],
    });
  });
});

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
    const design = await api.design({ productName: 'A', quote: 'Quote', category: 'AI', colors: ['#000000'] });
    expect(design).toEqual({
      imageUrl: '/api/designs/a-0123456789abcdef01234567-preview.png',
      printUrl: '/api/designs/a-0123456789abcdef01234567-print.png',
    });
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
