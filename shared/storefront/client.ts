import type { z } from 'zod';
import type { StorefrontEndpoint } from '../config/index.ts';
import { MAX_PAGE_SIZE, PRODUCT_LIST_SIZE } from './constants.ts';
import { withCheckoutChannel } from './checkout-url.ts';
import {
  CART_CREATE_MUTATION,
  CART_QUERY,
  COLLECTION_PRODUCT_IDS_QUERY,
  COLLECTIONS_QUERY,
  MENU_QUERY,
  PAGES_QUERY,
  PRODUCT_BY_HANDLE_QUERY,
  PRODUCTS_QUERY,
  productRecommendationsBatch,
  SHOP_POLICIES_QUERY,
} from './documents/index.ts';
import { StorefrontError, checkCartPayload } from './errors.ts';
import {
  CartLineInputSchema,
  CartQueryDataSchema,
  CartWarningSchema,
  CollectionProductIdsDataSchema,
  CollectionsDataSchema,
  MenuDataSchema,
  PagesDataSchema,
  ProductByHandleDataSchema,
  RecommendationIdsDataSchema,
  ShopPoliciesDataSchema,
  type Collection,
  type ContentPage,
  type MenuItem,
  type Policy,
  ProductsDataSchema,
  RemoteCartSchema,
  type CartLineInput,
  type CreatedCart,
  type CursorPage,
  type Product,
  type RemoteCart,
} from './schemas.ts';
import { createTransport, type GraphqlTransport, type TransportOptions } from './transport.ts';

/** The server-side Storefront API client: build time, CLI, tests. The browser has `browser.ts`. */
export interface StorefrontClient {
  readonly endpoint: Pick<StorefrontEndpoint, 'graphqlUrl' | 'token'>;
  /** One page of products; `first` defaults to 20; `newestFirst` lists the latest products first. */
  listProducts(first?: number, signal?: AbortSignal, options?: { newestFirst?: boolean }): Promise<Product[]>;
  /**
   * Every product in the store, walking cursor pages of `pageSize` (at most 250); `onPage` hears the
   * count so far and each page's products as it arrives.
   */
  allProducts(options?: {
    pageSize?: number;
    signal?: AbortSignal;
    onPage?: (count: number, page: readonly Product[]) => void;
  }): Promise<Product[]>;
  /** The product with this handle, or null when the store has none. */
  productByHandle(handle: string, signal?: AbortSignal): Promise<Product | null>;
  /** A remote cart for these lines; its checkout URL carries channel=online_store. */
  cartCreate(lines: CartLineInput[], signal?: AbortSignal): Promise<CreatedCart>;
  cart(id: string, signal?: AbortSignal): Promise<RemoteCart | null>;
  /** Every collection, walking cursor pages. */
  collections(signal?: AbortSignal): Promise<Collection[]>;
  /** The ids of a collection's products in one order (all cursor pages), or null when there is no such collection. */
  collectionProductIds(handle: string, order: CollectionOrder, signal?: AbortSignal): Promise<string[] | null>;
  /**
   * The ids of the related products for each product id, best first (batched, a few requests at
   * once); a product the shop does not know gets an empty list.
   */
  productRecommendations(productIds: readonly string[], signal?: AbortSignal): Promise<Map<string, string[]>>;
  /** A menu's items, or null when the shop has no menu with this handle. */
  menu(handle: string, signal?: AbortSignal): Promise<MenuItem[] | null>;
  /** The policies the shop has written (shipping, refund, privacy, terms); missing ones are left out. */
  shopPolicies(signal?: AbortSignal): Promise<Policy[]>;
  /** Every content page, walking cursor pages. */
  pages(signal?: AbortSignal): Promise<ContentPage[]>;
  close(): Promise<void>;
}

/** A collection's product order: a Storefront sort key and direction. */
export interface CollectionOrder {
  sortKey: 'BEST_SELLING' | 'COLLECTION_DEFAULT' | 'CREATED' | 'PRICE' | 'TITLE';
  reverse: boolean;
}

/** Recommendations asked for in one request (aliases), small enough for a shop's query limits. */
export const RECOMMENDATION_BATCH = 20;
/** Recommendation requests in flight at once. */
export const RECOMMENDATION_CONCURRENCY = 6;

function parse<S extends z.ZodType>(schema: S, data: unknown, operation: string): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.length ? issue.path.join('.') : '(root)';
  throw new StorefrontError(
    'invalid-response',
    `Unexpected response from the Storefront API (${operation}): ${where}: ${issue.message}`,
    operation,
  );
}

export function createStorefrontClient(
  endpoint: Pick<StorefrontEndpoint, 'graphqlUrl' | 'token'>,
  options: TransportOptions & { transport?: GraphqlTransport } = {},
): StorefrontClient {
  const transport = options.transport ?? createTransport(endpoint.graphqlUrl, endpoint.token, options);

  async function page(first: number, after: string | null, signal?: AbortSignal, reverse = false) {
    const data = await transport.post('Products', PRODUCTS_QUERY, { first, after, ...(reverse ? { reverse } : {}) }, signal);
    return parse(ProductsDataSchema, data, 'Products').products;
  }

  /** Walks every cursor page of a connection; a cursor that repeats or vanishes is an error, not a loop. */
  async function walk<T>(operation: string, fetchPage: (after: string | null) => Promise<CursorPage<T>>): Promise<T[]> {
    const all: T[] = [];
    const seen = new Set<string>();
    let after: string | null = null;
    for (;;) {
      const result = await fetchPage(after);
      all.push(...result.nodes);
      if (!result.hasNextPage) return all;
      const next = result.endCursor;
      if (!next || seen.has(next)) {
        throw new StorefrontError(
          'invalid-response',
          `Unexpected response from the Storefront API (${operation}): pageInfo says there is a next page but gives no new endCursor`,
          operation,
        );
      }
      seen.add(next);
      after = next;
    }
  }

  return {
    endpoint,

    collections(signal) {
      return walk('Collections', async (after) => {
        const data = await transport.post('Collections', COLLECTIONS_QUERY, { first: MAX_PAGE_SIZE, after }, signal);
        return parse(CollectionsDataSchema, data, 'Collections').collections;
      });
    },

    async collectionProductIds(handle, { sortKey, reverse }, signal) {
      let missing = false;
      const ids = await walk('CollectionProductIds', async (after) => {
        const variables = { handle, first: MAX_PAGE_SIZE, after, sortKey, reverse };
        const data = await transport.post('CollectionProductIds', COLLECTION_PRODUCT_IDS_QUERY, variables, signal);
        const { collection } = parse(CollectionProductIdsDataSchema, data, 'CollectionProductIds');
        if (!collection) {
          missing = true;
          return { nodes: [], hasNextPage: false, endCursor: null };
        }
        return { ...collection.products, nodes: collection.products.nodes.map((node) => node.id) };
      });
      return missing ? null : ids;
    },

    async productRecommendations(productIds, signal) {
      const found = new Map<string, string[]>();
      const batches: string[][] = [];
      for (let start = 0; start < productIds.length; start += RECOMMENDATION_BATCH)
        batches.push(productIds.slice(start, start + RECOMMENDATION_BATCH));
      let next = 0;
      // A few batches in flight at once: a large catalogue is thousands of products.
      const worker = async () => {
        while (next < batches.length) {
          const batch = batches[next++]!;
          const variables = Object.fromEntries(batch.map((id, i) => [`p${i}`, id]));
          const data = await transport.post('ProductRecommendations', productRecommendationsBatch(batch.length), variables, signal);
          const answers = parse(RecommendationIdsDataSchema, data, 'ProductRecommendations');
          for (const [i, id] of batch.entries())
            found.set(
              id,
              (answers[`r${i}`] ?? []).map((product) => product.id),
            );
        }
      };
      await Promise.all(Array.from({ length: Math.min(RECOMMENDATION_CONCURRENCY, batches.length) }, worker));
      return found;
    },

    async menu(handle, signal) {
      const data = await transport.post('Menu', MENU_QUERY, { handle }, signal);
      return parse(MenuDataSchema, data, 'Menu').menu?.items ?? null;
    },

    async shopPolicies(signal) {
      const data = await transport.post('ShopPolicies', SHOP_POLICIES_QUERY, {}, signal);
      const { shop } = parse(ShopPoliciesDataSchema, data, 'ShopPolicies');
      return [shop.shippingPolicy, shop.refundPolicy, shop.privacyPolicy, shop.termsOfService].filter(
        (policy): policy is Policy => policy !== null && policy.body.trim() !== '',
      );
    },

    pages(signal) {
      return walk('Pages', async (after) => {
        const data = await transport.post('Pages', PAGES_QUERY, { first: MAX_PAGE_SIZE, after }, signal);
        return parse(PagesDataSchema, data, 'Pages').pages;
      });
    },

    async listProducts(first = PRODUCT_LIST_SIZE, signal, { newestFirst = false } = {}) {
      if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
        throw new RangeError(`first must be a whole number from 1 to ${MAX_PAGE_SIZE}, got ${first}`);
      }
      return (await page(first, null, signal, newestFirst)).nodes;
    },

    allProducts({ pageSize = MAX_PAGE_SIZE, signal, onPage } = {}) {
      const size = Math.min(Math.max(1, Math.floor(pageSize)), MAX_PAGE_SIZE);
      let count = 0;
      return walk('Products', async (after) => {
        const products = await page(size, after, signal);
        count += products.nodes.length;
        onPage?.(count, products.nodes);
        return products;
      });
    },

    async productByHandle(handle, signal) {
      const data = await transport.post('ProductByHandle', PRODUCT_BY_HANDLE_QUERY, { handle }, signal);
      return parse(ProductByHandleDataSchema, data, 'ProductByHandle').product;
    },

    async cartCreate(lines, signal) {
      const checked = lines.map((line) => parse(CartLineInputSchema, line, 'CartCreate input'));
      const data = await transport.post('CartCreate', CART_CREATE_MUTATION, { input: { lines: checked } }, signal);
      const { cart } = checkCartPayload(data.cartCreate);
      const remote = parse(RemoteCartSchema, cart, 'CartCreate');
      const warnings = parse(CartWarningSchema.array(), (data.cartCreate as { warnings?: unknown }).warnings ?? [], 'CartCreate');
      return { ...remote, checkoutUrl: withCheckoutChannel(remote.checkoutUrl), warnings };
    },

    async cart(id, signal) {
      const data = await transport.post('Cart', CART_QUERY, { id }, signal);
      return parse(CartQueryDataSchema, data, 'Cart').cart;
    },

    close: () => transport.close(),
  };
}
