import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStoreApp, type StoreApp } from '../../site/server/store-app.ts';
import { startScriptedServer, type RecordedRequest, type ScriptedAnswer, type ScriptedServer } from './scripted-server.ts';
import { rawProduct } from './storefront-fixtures.ts';

/**
 * What `npm start` runs, against a scripted Storefront API whose answers a test changes between
 * builds: the store app (its builds, its server) with every line it logs kept.
 */

export interface ProductsRequest {
  first: number;
  after: string | null;
  reverse: boolean;
  at: number;
}

export interface ScriptedStore {
  app: StoreApp;
  shop: ScriptedServer;
  buildsRoot: string;
  /** Every line the store app logged. */
  log: string[];
  /** The answer to the next Storefront requests; `good` serves the catalogue. */
  answer: (request: ProductsRequest, good: () => ScriptedAnswer) => ScriptedAnswer;
  /** The answer to the next requests of another operation (by name, with its variables); `good` is that of a store with no content. */
  answerOther: (operation: string, good: () => ScriptedAnswer, variables: Record<string, unknown>) => ScriptedAnswer;
  /** Products requests received since the last `reset()`. */
  productRequests(): ProductsRequest[];
  /** Requests of other operations received since the last `reset()`, with when they arrived. */
  otherRequests(): { operation: string; at: number }[];
  reset(): void;
  builds(): string[];
  close(): Promise<void>;
}

/** A catalogue of `count` products, paged the way Shopify pages it. */
export function cataloguePage({ first, after, reverse }: ProductsRequest, count: number): ScriptedAnswer {
  const all = Array.from({ length: count }, (_, i) => rawProduct(i + 1));
  const ordered = reverse ? [...all].reverse() : all;
  const start = after ? Number(after.replace('cursor-', '')) : 0;
  const nodes = ordered.slice(start, start + first);
  const end = start + nodes.length;
  return {
    body: {
      data: {
        products: {
          edges: nodes.map((node) => ({ node })),
          pageInfo: { hasNextPage: end < ordered.length, endCursor: nodes.length ? `cursor-${end}` : null },
        },
      },
    },
  };
}

const EMPTY_CONNECTION = { edges: [], pageInfo: { hasNextPage: false, endCursor: null } };

interface GraphqlBody {
  query: string;
  variables?: Record<string, unknown>;
}

/** A recorded request's GraphQL body, parsed once however many of the helpers below read it. */
const bodies = new WeakMap<RecordedRequest, GraphqlBody>();
function bodyOf(request: RecordedRequest): GraphqlBody {
  let body = bodies.get(request);
  if (!body) {
    body = JSON.parse(request.body) as GraphqlBody;
    bodies.set(request, body);
  }
  return body;
}

/** The answer of a store without collections, menus, policies or pages, by the document's operation. */
export function emptyContent(request: RecordedRequest): ScriptedAnswer | undefined {
  const { variables = {} } = bodyOf(request);
  switch (operationOf(request)) {
    case 'ProductRecommendations':
      // One alias per product asked about (p0 → r0, …), each with no recommendation.
      return { body: { data: Object.fromEntries(Object.keys(variables).map((name) => [name.replace(/^p/, 'r'), []])) } };
    case 'Collections':
      return { body: { data: { collections: EMPTY_CONNECTION } } };
    case 'CollectionProductIds':
      return { body: { data: { collection: null } } };
    case 'Pages':
      return { body: { data: { pages: EMPTY_CONNECTION } } };
    case 'Menu':
      return { body: { data: { menu: null } } };
    case 'ShopPolicies':
      return { body: { data: { shop: { privacyPolicy: null, refundPolicy: null, shippingPolicy: null, termsOfService: null } } } };
    default:
      return undefined;
  }
}

/** A recorded request's GraphQL variables. */
export function variablesOf(request: RecordedRequest): Record<string, unknown> {
  return bodyOf(request).variables ?? {};
}

/** `Collections`' answer listing these collections (no description or SEO fields of their own). */
export function collectionsAnswer(collections: readonly { handle: string; title: string }[]): ScriptedAnswer {
  const edges = collections.map(({ handle, title }) => ({
    node: { id: `gid://shopify/Collection/${handle}`, handle, title, description: '', seo: { title: null, description: null } },
  }));
  return { body: { data: { collections: { ...EMPTY_CONNECTION, edges } } } };
}

/** `CollectionProductIds`' answer: the catalogue's products numbered `numbers` (as `cataloguePage` numbers them), in that order. */
export function collectionIdsAnswer(numbers: readonly number[]): ScriptedAnswer {
  const edges = numbers.map((n) => ({ node: { id: `gid://shopify/Product/${n}` } }));
  return { body: { data: { collection: { id: 'gid://shopify/Collection/scripted', products: { ...EMPTY_CONNECTION, edges } } } } };
}

/** The name of a recorded request's query. */
export function operationOf(request: RecordedRequest): string | undefined {
  return /^\s*query\s+(\w+)/.exec(bodyOf(request).query)?.[1];
}

/** The paging of a recorded Products request. */
export function productsRequest(request: RecordedRequest): ProductsRequest {
  const variables = bodyOf(request).variables as { first: number; after?: string | null; reverse?: boolean };
  return { first: variables.first, after: variables.after ?? null, reverse: variables.reverse === true, at: Date.now() };
}

export async function startScriptedStore({
  products = 3,
  env = {},
}: {
  products?: number;
  env?: NodeJS.ProcessEnv;
} = {}): Promise<ScriptedStore> {
  const buildsRoot = mkdtempSync(path.join(os.tmpdir(), 'scripted-store-'));
  let seen: ProductsRequest[] = [];
  let others: { operation: string; at: number }[] = [];
  const store: Omit<ScriptedStore, 'app' | 'shop'> & { app?: StoreApp; shop?: ScriptedServer } = {
    buildsRoot,
    log: [],
    answer: (_request, good) => good(),
    answerOther: (_operation, good) => good(),
    productRequests: () => [...seen],
    otherRequests: () => [...others],
    reset: () => {
      seen = [];
      others = [];
    },
    builds: () => readdirSync(buildsRoot).filter((entry) => entry.startsWith('build-')),
    async close() {
      await store.app?.close();
      await store.shop?.close();
      rmSync(buildsRoot, { recursive: true, force: true });
    },
  };
  store.shop = await startScriptedServer((recorded) => {
    // The build also reads collections, menus, policies and pages: this store has none of them.
    const other = emptyContent(recorded);
    if (other) {
      const operation = operationOf(recorded) ?? '';
      others.push({ operation, at: Date.now() });
      return store.answerOther(operation, () => other, variablesOf(recorded));
    }
    const request = productsRequest(recorded);
    seen.push(request);
    return store.answer(request, () => cataloguePage(request, products));
  });
  try {
    store.app = await startStoreApp({
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        SHOPIFY_STORE_DOMAIN: new URL(store.shop.url).origin,
        SHOPIFY_STOREFRONT_TOKEN: 'public-token',
        HOST: '127.0.0.1',
        PORT: '0',
        SITE_BUILDS_DIR: buildsRoot,
        // Staff accounts and designs in the test's own folder, never the checkout's .data.
        DATA_DIR: path.join(buildsRoot, 'data'),
        ...env,
      },
      log: (line) => store.log.push(line),
    });
  } catch (error) {
    await store.close();
    throw error;
  }
  return store as ScriptedStore;
}
