import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cataloguePage,
  collectionIdsAnswer,
  collectionsAnswer,
  startScriptedStore,
  type ProductsRequest,
  type ScriptedStore,
} from '../support/scripted-store.ts';

/**
 * The Storefront API failing while `npm start` rebuilds: a good first build, then one rebuild per
 * fault (429 with Retry-After, timeouts, a 503 storm in the middle of the catalogue walk, a body that
 * is not JSON, an unexpected shape, recommendations failing while the pages render). Each rebuild
 * fails with the Storefront message after a bounded number of requests, and shoppers keep getting
 * the first build, whole.
 */

// Short, so a build that times out on every attempt still fails in seconds.
const TIMEOUT_MS = 300;
const RETRIES = 3; // the Storefront client's default: four attempts per request

let store: ScriptedStore;
let firstBuild: string;

beforeAll(async () => {
  store = await startScriptedStore({ products: 3, env: { STOREFRONT_TIMEOUT_MS: String(TIMEOUT_MS) } });
  const [built] = store.builds();
  if (!built) throw new Error('the store started without a build');
  firstBuild = built;
}, 180_000);

afterAll(async () => {
  await store?.close();
});

/** Which request of the build a Products request is: the home page's list or a page of the catalogue walk. */
function requestKey(request: ProductsRequest): string {
  return request.reverse ? 'home list' : `catalogue page after ${request.after ?? 'start'}`;
}

function requestsByKey(): Map<string, ProductsRequest[]> {
  const groups = new Map<string, ProductsRequest[]>();
  for (const request of store.productRequests()) groups.set(requestKey(request), [...(groups.get(requestKey(request)) ?? []), request]);
  return groups;
}

async function expectFirstBuildServing(): Promise<void> {
  expect(store.builds()).toEqual([firstBuild]);
  const home = await fetch(store.app.siteUrl);
  expect(home.status).toBe(200);
  const html = await home.text();
  for (const title of ['Shirt 1', 'Shirt 2', 'Shirt 3']) expect(html).toContain(title);
  for (const handle of ['shirt-1', 'shirt-2', 'shirt-3'])
    expect((await fetch(`${store.app.siteUrl}/product/${handle}`)).status, handle).toBe(200);
}

/** A rebuild with these answers in place of the good ones (for this rebuild only): its error, if it failed. */
async function rebuildWith(answers: Partial<Pick<ScriptedStore, 'answer' | 'answerOther'>>): Promise<Error | undefined> {
  store.reset();
  Object.assign(store, answers);
  try {
    await store.app.rebuild();
    return undefined;
  } catch (error) {
    return error as Error;
  } finally {
    store.answer = (_request, good) => good();
    store.answerOther = (_operation, good) => good();
  }
}

async function failingRebuild(answer: ScriptedStore['answer'], answerOther?: ScriptedStore['answerOther']): Promise<string> {
  const error = await rebuildWith({ answer, ...(answerOther ? { answerOther } : {}) });
  if (!error) throw new Error('the rebuild did not fail');
  return error.message;
}

const failedBecause = (reason: string) =>
  new RegExp(`^The site build failed: Could not load the (catalogue|home page products) from the Storefront API: ${reason}$`);

describe('a Storefront API that fails during a rebuild', () => {
  it('the first build serves every page', async () => {
    await expectFirstBuildServing();
  });

  it('429 with Retry-After: waits as told, gives up after the retries with "HTTP error! status: 429"', async () => {
    const message = await failingRebuild(() => ({
      status: 429,
      headers: { 'retry-after': '1' },
      body: { errors: [{ message: 'Throttled' }] },
    }));
    expect(message).toMatch(failedBecause('HTTP error! status: 429'));
    const groups = [...requestsByKey().values()];
    expect(Math.max(...groups.map((g) => g.length))).toBe(1 + RETRIES);
    for (const group of groups) {
      expect(group.length).toBeLessThanOrEqual(1 + RETRIES);
      // Never sooner than the shop asked (a lower bound only: a slow machine cannot break it).
      for (let i = 1; i < group.length; i++) expect(group[i]!.at - group[i - 1]!.at).toBeGreaterThanOrEqual(950);
    }
    await expectFirstBuildServing();
  });

  it('a shop that never answers in time: a timeout message after bounded attempts', async () => {
    const message = await failingRebuild((_request, good) => ({ ...good(), delayMs: 3_000 }));
    expect(message).toMatch(
      failedBecause(`The Storefront API at ${store.shop.url.replace(/[.]/g, '\\.')} did not answer within ${TIMEOUT_MS} ms \\(Products\\)`),
    );
    const groups = [...requestsByKey().values()];
    expect(Math.max(...groups.map((g) => g.length))).toBe(1 + RETRIES);
    for (const group of groups) expect(group.length).toBeLessThanOrEqual(1 + RETRIES);
    await expectFirstBuildServing();
  });

  it('a 503 storm after the first page of the catalogue: the half-fetched build is never switched in', async () => {
    const message = await failingRebuild((request, good) => {
      if (request.reverse) return good();
      // The first page promises more; every later page is a 503.
      if (!request.after) return cataloguePage({ ...request, first: 2 }, 3);
      return { status: 503, body: 'Service Unavailable' };
    });
    expect(message).toMatch(/^The site build failed: Could not load the catalogue from the Storefront API: HTTP error! status: 503$/);
    expect(requestsByKey().get('catalogue page after cursor-2')).toHaveLength(1 + RETRIES);
    expect(requestsByKey().get('catalogue page after start')).toHaveLength(1);
    await expectFirstBuildServing();
  });

  it('a maintenance page instead of JSON: a clear message at once, no retries', async () => {
    const message = await failingRebuild(() => ({ status: 200, body: '<html>Down for maintenance</html>' }));
    expect(message).toMatch(
      failedBecause(
        'Unexpected response from the Storefront API \\(Products\\): the body is not JSON \\(text/html\\): "<html>Down for maintenance</html>"',
      ),
    );
    for (const group of requestsByKey().values()) expect(group).toHaveLength(1);
    await expectFirstBuildServing();
  });

  it('an answer of an unexpected shape: names the field, no retries', async () => {
    const message = await failingRebuild((_request, good) => {
      const page = good().body as { data: { products: { edges: { node: Record<string, unknown> }[] } } };
      for (const edge of page.data.products.edges) edge.node.variants = { nodes: [] };
      return { body: page };
    });
    expect(message).toMatch(
      failedBecause('Unexpected response from the Storefront API \\(Products\\): products\\.edges\\.0\\.node\\.variants\\.edges: .+'),
    );
    for (const group of requestsByKey().values()) expect(group).toHaveLength(1);
    await expectFirstBuildServing();
  });

  it('recommendations failing after the catalogue walk (read while the pages render): the build fails naming them', async () => {
    const message = await failingRebuild(
      (_request, good) => good(),
      (operation, good) => (operation === 'ProductRecommendations' ? { status: 503, body: 'Service Unavailable' } : good()),
    );
    expect(message).toMatch(
      /^The site build failed: Could not load the product recommendations from the Storefront API: HTTP error! status: 503$/,
    );
    await expectFirstBuildServing();
  });

  it('logs nothing but one line per failure, and no stack trace', () => {
    expect(store.log.join('\n')).not.toMatch(/\n\s+at /);
  });

  // Last: this rebuild succeeds, so the first build is no longer the one served.
  it('asks for recommendations once the catalogue walk is done, not during it: the paths wait only for the walk', async () => {
    const error = await rebuildWith({
      answer: (request, good) => {
        if (request.reverse) return good();
        const page = cataloguePage({ ...request, first: 2 }, 3);
        // The walk's second and last page answers late: recommendations asked for during the walk would arrive before it.
        return request.after ? { ...page, delayMs: 400 } : page;
      },
    });
    expect(error).toBeUndefined();
    const lastPage = store.productRequests().filter((request) => !request.reverse && request.after);
    expect(lastPage).toHaveLength(1);
    const recommendations = store.otherRequests().filter((request) => request.operation === 'ProductRecommendations');
    expect(recommendations.length).toBeGreaterThan(0);
    // A lower bound only: a slow machine can delay the requests, never bring them forward.
    for (const request of recommendations) expect(request.at - lastPage[0]!.at).toBeGreaterThanOrEqual(390);
    expect((await fetch(`${store.app.siteUrl}/product/shirt-3`)).status).toBe(200);
  });
});

describe('a collection the shop lists but no longer answers for (deleted between the two reads)', () => {
  const menuItem = (handle: string) => ({ title: `Menu ${handle}`, url: `/collections/${handle}`, type: 'COLLECTION', items: [] });

  it('gets no page, and no tile, menu item or sitemap entry points at it; the one still there keeps all of them', async () => {
    const error = await rebuildWith({
      answerOther: (operation, good, variables) => {
        if (operation === 'Collections') return collectionsAnswer(['kept', 'gone'].map((h) => ({ handle: h, title: `Collection ${h}` })));
        if (operation === 'CollectionProductIds' && variables.handle === 'kept') return collectionIdsAnswer([1]);
        if (operation === 'Menu')
          return { body: { data: { menu: { id: 'gid://shopify/Menu/1', items: [menuItem('kept'), menuItem('gone')] } } } };
        return good();
      },
    });
    expect(error).toBeUndefined();
    const site = store.app.siteUrl;
    expect((await fetch(`${site}/collections/kept`)).status).toBe(200);
    expect((await fetch(`${site}/collections/gone`)).status).toBe(404);
    for (const path of ['/', '/collections', '/product/shirt-1', '/sitemap.xml']) {
      const text = await (await fetch(site + path)).text();
      expect(text, path).toContain('/collections/kept');
      expect(text, path).not.toContain('/collections/gone');
    }
    const home = await (await fetch(site)).text();
    expect(home).toContain('Menu kept');
    expect(home).not.toContain('Menu gone');
  });
});
