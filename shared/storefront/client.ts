import type { z } from 'zod';
import type { StorefrontEndpoint } from '../config/index.ts';
import { MAX_PAGE_SIZE, PRODUCT_LIST_SIZE } from './constants.ts';
import { withCheckoutChannel } from './checkout-url.ts';
import { CART_CREATE_MUTATION, CART_QUERY, PRODUCT_BY_HANDLE_QUERY, PRODUCTS_QUERY } from './documents.ts';
import { StorefrontError, checkCartPayload } from './errors.ts';
import {
  CartLineInputSchema,
  CartQueryDataSchema,
  ProductByHandleDataSchema,
  ProductsDataSchema,
  RemoteCartSchema,
  type CartLineInput,
  type Product,
  type RemoteCart,
} from './schemas.ts';
import { createTransport, type GraphqlTransport, type TransportOptions } from './transport.ts';

/** The server-side Storefront API client: build time, CLI, tests. The browser has `browser.ts`. */
export interface StorefrontClient {
  readonly endpoint: Pick<StorefrontEndpoint, 'graphqlUrl' | 'token'>;
  /** One page of products; `first` defaults to 20; `newestFirst` lists the latest products first. */
  listProducts(first?: number, signal?: AbortSignal, options?: { newestFirst?: boolean }): Promise<Product[]>;
  /** Every product in the store, walking cursor pages of `pageSize` (at most 250). */
  allProducts(options?: { pageSize?: number; signal?: AbortSignal; onPage?: (count: number) => void }): Promise<Product[]>;
  /** The product with this handle, or null when the store has none. */
  productByHandle(handle: string, signal?: AbortSignal): Promise<Product | null>;
  /** A remote cart for these lines; its checkout URL carries channel=online_store. */
  cartCreate(lines: CartLineInput[], signal?: AbortSignal): Promise<RemoteCart>;
  cart(id: string, signal?: AbortSignal): Promise<RemoteCart | null>;
  close(): Promise<void>;
}

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

  return {
    endpoint,

    async listProducts(first = PRODUCT_LIST_SIZE, signal, { newestFirst = false } = {}) {
      if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) {
        throw new RangeError(`first must be a whole number from 1 to ${MAX_PAGE_SIZE}, got ${first}`);
      }
      return (await page(first, null, signal, newestFirst)).edges.map((e) => e.node);
    },

    async allProducts({ pageSize = MAX_PAGE_SIZE, signal, onPage } = {}) {
      const size = Math.min(Math.max(1, Math.floor(pageSize)), MAX_PAGE_SIZE);
      const products: Product[] = [];
      const seen = new Set<string>();
      let after: string | null = null;
      for (;;) {
        const result = await page(size, after, signal);
        for (const { node } of result.edges) products.push(node);
        onPage?.(products.length);
        if (!result.pageInfo.hasNextPage) return products;
        // A cursor that repeats or vanishes would loop forever: stop with a clear error instead.
        const next = result.pageInfo.endCursor;
        if (!next || seen.has(next)) {
          throw new StorefrontError(
            'invalid-response',
            'Unexpected response from the Storefront API (Products): pageInfo says there is a next page but gives no new endCursor',
            'Products',
          );
        }
        seen.add(next);
        after = next;
      }
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
      return { ...remote, checkoutUrl: withCheckoutChannel(remote.checkoutUrl) };
    },

    async cart(id, signal) {
      const data = await transport.post('Cart', CART_QUERY, { id }, signal);
      return parse(CartQueryDataSchema, data, 'Cart').cart;
    },

    close: () => transport.close(),
  };
}
