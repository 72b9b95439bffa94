import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import { GenerationFailed, PipelineCancelled, generateProducts, publishProducts } from '../../shared/generator/browser.ts';
import type {
  Concept,
  ConceptProvider,
  DesignProvider,
  GeneratedProduct,
  ProductStatus,
  Publisher,
} from '../../shared/generator/browser.ts';

const concept = (name: string): Concept => ({
  name,
  description: `${name} description`,
  price: 24.99,
  category: 'T-Shirts',
  quote_primary: `${name} quote`,
  keywords: ['ai'],
});

const concepts = (...names: string[]): ConceptProvider => ({ generateConcepts: async () => names.map(concept) });

/** A design provider that records the order of calls and fails for the names it is told to. */
function designs(failFor: string[] = []) {
  const calls: string[] = [];
  const provider: DesignProvider = {
    async generateDesign(request) {
      calls.push(request.productName);
      if (failFor.includes(request.productName)) throw new Error(`renderer broke on ${request.productName}`);
      return { imageUrl: `https://img.example/${encodeURIComponent(request.productName)}.png` };
    },
  };
  return { provider, calls };
}

function recorder() {
  const progress: string[] = [];
  const statuses = new Map<number, ProductStatus[]>();
  let last: readonly GeneratedProduct[] = [];
  return {
    progress,
    statuses,
    get last() {
      return last;
    },
    onProgress: (m: string) => progress.push(m),
    onProducts: (products: readonly GeneratedProduct[], changed: GeneratedProduct | undefined) => {
      last = products;
      if (changed) statuses.set(changed.index, [...(statuses.get(changed.index) ?? []), changed.status]);
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('generateProducts', () => {
  it('makes designs one at a time in list order, with the verbatim progress messages', async () => {
    const rec = recorder();
    const d = designs();
    const products = await generateProducts(
      { count: 3, theme: 't', brand: BRAND, delayMs: 0, ...rec },
      { concepts: concepts('Alpha', 'Beta', 'Gamma'), designs: d.provider },
    );
    expect(d.calls).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(rec.progress).toEqual([
      'Generating product ideas...',
      'Generated 3 product concepts',
      'Generating design 1/3: Alpha',
      'Generating design 2/3: Beta',
      'Generating design 3/3: Gamma',
      'All designs generated!',
    ]);
    expect(products.map((p) => p.status)).toEqual(['ready', 'ready', 'ready']);
    expect(products[1]!.imageUrl).toBe('https://img.example/Beta.png');
    for (let i = 0; i < 3; i++) expect(rec.statuses.get(i)).toEqual(['generating', 'ready']);
  });

  it('reports every product as pending as soon as the concepts arrive', async () => {
    const rec = recorder();
    let seenAtFirstDesign: ProductStatus[] = [];
    await generateProducts(
      { count: 2, theme: 't', brand: BRAND, delayMs: 0, ...rec },
      {
        concepts: concepts('A', 'B'),
        designs: {
          async generateDesign() {
            seenAtFirstDesign = seenAtFirstDesign.length ? seenAtFirstDesign : rec.last.map((p) => p.status);
            return { imageUrl: 'x' };
          },
        },
      },
    );
    expect(seenAtFirstDesign).toEqual(['generating', 'pending']);
  });

  it('sends the brand colours and the concept quote to the design provider, and the guidelines to concepts', async () => {
    const seen: unknown[] = [];
    let conceptRequest: unknown;
    await generateProducts(
      { count: 1, theme: 'cats', brand: BRAND, guidelines: 'No puns about Excel', delayMs: 0 },
      {
        concepts: {
          generateConcepts: async (req) => {
            conceptRequest = req;
            return [concept('Solo')];
          },
        },
        designs: {
          generateDesign: async (req) => {
            seen.push(req);
            return { imageUrl: 'x' };
          },
        },
      },
    );
    expect(conceptRequest).toEqual({ productCount: 1, theme: 'cats', brand: BRAND, guidelines: 'No puns about Excel' });
    expect(seen).toEqual([{ productName: 'Solo', quote: 'Solo quote', category: 'T-Shirts', colors: BRAND.colors }]);
  });

  it('a design failure marks that product alone, keeps its message, and the run goes on', async () => {
    const rec = recorder();
    const d = designs(['Beta']);
    const products = await generateProducts(
      { count: 3, theme: 't', brand: BRAND, delayMs: 0, ...rec },
      { concepts: concepts('Alpha', 'Beta', 'Gamma'), designs: d.provider },
    );
    expect(products.map((p) => p.status)).toEqual(['ready', 'error', 'ready']);
    expect(products[1]!.error).toBe('renderer broke on Beta');
    expect(d.calls).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(rec.progress.at(-1)).toBe('All designs generated!');
  });

  it('pauses after each design before the next one starts', async () => {
    vi.useFakeTimers();
    const d = designs();
    const run = generateProducts(
      { count: 2, theme: 't', brand: BRAND, delayMs: 1000 },
      { concepts: concepts('A', 'B'), designs: d.provider },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(d.calls).toEqual(['A']);
    await vi.advanceTimersByTimeAsync(999);
    expect(d.calls).toEqual(['A']);
    await vi.advanceTimersByTimeAsync(1);
    expect(d.calls).toEqual(['A', 'B']);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(run).resolves.toHaveLength(2);
  });

  it('a concept failure fails the run with its message and the status line "Error occurred"', async () => {
    const rec = recorder();
    const failing: ConceptProvider = { generateConcepts: async () => Promise.reject(new Error('quota exceeded')) };
    const error = await generateProducts(
      { count: 2, theme: 't', brand: BRAND, delayMs: 0, ...rec },
      { concepts: failing, designs: designs().provider },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GenerationFailed);
    expect((error as Error).message).toBe('quota exceeded');
    expect(rec.progress).toEqual(['Generating product ideas...', 'Error occurred']);
  });

  it('no concepts at all is a failed run, not an empty success', async () => {
    const error = await generateProducts(
      { count: 2, theme: 't', brand: BRAND, delayMs: 0 },
      { concepts: concepts(), designs: designs().provider },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GenerationFailed);
  });

  it('keeps at most the requested count when a provider returns more', async () => {
    const products = await generateProducts(
      { count: 2, theme: 't', brand: BRAND, delayMs: 0 },
      { concepts: concepts('A', 'B', 'C'), designs: designs().provider },
    );
    expect(products.map((p) => p.name)).toEqual(['A', 'B']);
  });

  it('can be cancelled during the pause; finished designs stay ready in the last snapshot', async () => {
    const rec = recorder();
    const controller = new AbortController();
    const d = designs();
    const run = generateProducts(
      { count: 3, theme: 't', brand: BRAND, delayMs: 60_000, signal: controller.signal, ...rec },
      { concepts: concepts('A', 'B', 'C'), designs: d.provider },
    );
    await vi.waitFor(() => expect(d.calls).toEqual(['A']));
    controller.abort();
    await expect(run).rejects.toBeInstanceOf(PipelineCancelled);
    expect(rec.last.map((p) => p.status)).toEqual(['ready', 'pending', 'pending']);
  });

  it('can be cancelled during a design; that product goes back to pending', async () => {
    const rec = recorder();
    const controller = new AbortController();
    const slow: DesignProvider = {
      generateDesign: (_req, signal) =>
        new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true })),
    };
    const run = generateProducts(
      { count: 2, theme: 't', brand: BRAND, delayMs: 0, signal: controller.signal, ...rec },
      { concepts: concepts('A', 'B'), designs: slow },
    );
    await vi.waitFor(() => expect(rec.last[0]?.status).toBe('generating'));
    controller.abort();
    await expect(run).rejects.toBeInstanceOf(PipelineCancelled);
    expect(rec.last.map((p) => p.status)).toEqual(['pending', 'pending']);
  });
});

describe('publishProducts', () => {
  const ready = (index: number, extra: Partial<GeneratedProduct> = {}): GeneratedProduct => ({
    ...concept(`P${index}`),
    index,
    status: 'ready',
    imageUrl: `https://img.example/${index}.png`,
    ...extra,
  });

  function publisher(failFor: string[] = []) {
    const sent: string[] = [];
    const p: Publisher = {
      shopName: 'Shopify',
      async publish(product) {
        sent.push(product.name);
        if (failFor.includes(product.name)) throw new Error('Shop said no');
        return { productId: `gid://shopify/Product/${sent.length}`, handle: product.name.toLowerCase() };
      },
    };
    return { p, sent };
  }

  it('publishes only ready products: ready → generating → published with the shop id', async () => {
    const rec = recorder();
    const { p, sent } = publisher();
    const input = [
      ready(0),
      ready(1, { status: 'error', error: 'design failed' }),
      ready(2, { status: 'pending', imageUrl: undefined }),
      ready(3),
    ];
    const published: string[] = [];
    const result = await publishProducts(input, p, { ...rec, onPublished: (x) => published.push(x.name) });
    expect(sent).toEqual(['P0', 'P3']);
    expect(result.map((x) => x.status)).toEqual(['published', 'error', 'pending', 'published']);
    expect(result[0]!.shopProductId).toBe('gid://shopify/Product/1');
    expect(result[3]!.handle).toBe('p3');
    expect(rec.statuses.get(0)).toEqual(['generating', 'published']);
    expect(published).toEqual(['P0', 'P3']);
  });

  it('a publish failure marks that product alone with its message', async () => {
    const { p } = publisher(['P1']);
    const failures: string[] = [];
    const result = await publishProducts([ready(0), ready(1), ready(2)], p, { onPublishFailed: (_x, m) => failures.push(m) });
    expect(result.map((x) => x.status)).toEqual(['published', 'error', 'published']);
    expect(result[1]!.error).toBe('Shop said no');
    expect(failures).toEqual(['Shop said no']);
  });

  it('publishing requires a design image', async () => {
    const { p, sent } = publisher();
    const failures: string[] = [];
    const result = await publishProducts([ready(0, { imageUrl: undefined })], p, { onPublishFailed: (_x, m) => failures.push(m) });
    expect(sent).toEqual([]);
    expect(result[0]!.status).toBe('error');
    expect(failures).toEqual(['No design image available']);
  });

  it('publishes a chosen subset by index', async () => {
    const { p, sent } = publisher();
    await publishProducts([ready(0), ready(1), ready(2)], p, { indices: [2] });
    expect(sent).toEqual(['P2']);
  });
});
