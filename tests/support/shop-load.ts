import autocannon from 'autocannon';
import { CART_CREATE_MUTATION, PRODUCTS_QUERY } from '../../shared/storefront/browser.ts';

/**
 * Load on a Storefront endpoint with autocannon: the home page's `products(first: 20)` and the
 * checkout's `cartCreate`, exactly as the site sends them, with every answer checked. A GraphQL
 * failure still comes back 200, so each body is read: an `errors` entry, a missing list or a cart
 * without a checkout URL counts as an error like a non-2xx status, a socket error or a timeout.
 * Shared by the load test in `npm test` and the benchmark.
 */

export interface ShopLoad {
  name: string;
  body: string;
  /** True when a response body is a full, error-free answer. */
  verify(body: string): boolean;
}

export interface LoadOptions {
  connections: number;
  /** Requests in all, spread evenly over the connections. */
  amount: number;
  /** Per request; a request slower than this counts as a timeout (default 30 s). */
  timeoutSeconds?: number;
}

export interface LoadResult {
  name: string;
  connections: number;
  /** Requests that got an answer. */
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** 2xx answers whose body had GraphQL errors or lacked the data. */
  badBodies: number;
  socketErrors: number;
  timeouts: number;
  /** Everything that went wrong; zero is the only good value. */
  errors: number;
}

interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: unknown[];
}

function answerOf(body: string): GraphqlAnswer | null {
  try {
    const parsed = JSON.parse(body) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as GraphqlAnswer) : null;
  } catch {
    return null;
  }
}

/** The home page's product list: at least one product and no errors. */
export function productsLoad(first = 20): ShopLoad {
  return {
    name: `products(first: ${first})`,
    body: JSON.stringify({ query: PRODUCTS_QUERY, variables: { first } }),
    verify(body) {
      const answer = answerOf(body);
      const products = answer?.data?.products as { edges?: unknown[] } | undefined;
      return !answer?.errors?.length && Array.isArray(products?.edges) && products.edges.length > 0;
    },
  };
}

/** A one-line cart, as the checkout button creates it: a cart with a checkout URL and no userErrors. */
export function cartCreateLoad(variantId: string): ShopLoad {
  return {
    name: 'cartCreate',
    body: JSON.stringify({ query: CART_CREATE_MUTATION, variables: { input: { lines: [{ merchandiseId: variantId, quantity: 1 }] } } }),
    verify(body) {
      const answer = answerOf(body);
      const created = answer?.data?.cartCreate as { cart?: { checkoutUrl?: unknown } | null; userErrors?: unknown[] } | undefined;
      return !answer?.errors?.length && typeof created?.cart?.checkoutUrl === 'string' && created.userErrors?.length === 0;
    },
  };
}

/** The first variant of the first product, for cartCreate. */
export async function firstVariantId(graphqlUrl: string): Promise<string> {
  const response = await fetch(graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: productsLoad(1).body });
  const answer = (await response.json()) as {
    data?: { products?: { edges?: { node: { variants: { edges: { node: { id: string } }[] } } }[] } };
  };
  const id = answer.data?.products?.edges?.[0]?.node.variants.edges[0]?.node.id;
  if (!id) throw new Error(`the shop at ${graphqlUrl} has no variant to put in a cart (answered ${response.status})`);
  return id;
}

export async function runShopLoad(graphqlUrl: string, load: ShopLoad, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: graphqlUrl,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: load.body,
    connections: options.connections,
    amount: options.amount,
    timeout: options.timeoutSeconds ?? 30,
    verifyBody: (body) => load.verify(typeof body === 'string' ? body : (body?.toString('utf8') ?? '')),
  });
  const socketErrors = result.errors - result.timeouts; // autocannon counts timeouts among its errors
  return {
    name: load.name,
    connections: options.connections,
    requests: result.requests.total,
    // Over the whole run: autocannon's own average is of whole-second samples, coarse for short runs.
    requestsPerSecond: result.duration > 0 ? result.requests.total / result.duration : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    badBodies: result.mismatches,
    socketErrors,
    timeouts: result.timeouts,
    errors: result.non2xx + result.mismatches + result.errors,
  };
}

/** One line for a log: what ran, throughput, p99, and every kind of error. */
export function describeLoad(result: LoadResult): string {
  return (
    `${result.name}: ${result.requests} requests over ${result.connections} connections, ${Math.round(result.requestsPerSecond)} requests/s, ` +
    `p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms; errors ${result.errors} (non-2xx ${result.non2xx}, GraphQL errors or missing data ${result.badBodies}, ` +
    `socket errors ${result.socketErrors}, timeouts ${result.timeouts})`
  );
}
