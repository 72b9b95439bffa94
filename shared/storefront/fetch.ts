import { STOREFRONT_TOKEN_HEADER } from './constants.ts';
import { withCheckoutChannel } from './checkout-url.ts';
import { CART_CREATE_MUTATION } from './documents.ts';
import { StorefrontError, checkCartPayload, readGraphqlBody, statusError } from './errors.ts';

/**
 * The browser's path to the Storefront API: plain fetch, no zod, undici or GraphQL tooling, so the
 * islands that import it stay small. Same messages as the server client (docs/behaviour/errors.md).
 */

export interface BrowserEndpoint {
  graphqlUrl: string;
  token: string;
}

export interface BrowserRequestOptions {
  signal?: AbortSignal;
  /** Give up after this long (default 15 s) so a hung shop never leaves a button spinning. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export async function browserGraphql(
  endpoint: BrowserEndpoint,
  operation: string,
  query: string,
  variables: Record<string, unknown>,
  { signal, timeoutMs = 15_000, fetch: fetchImpl = globalThis.fetch }: BrowserRequestOptions = {},
): Promise<Record<string, unknown>> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (endpoint.token) headers[STOREFRONT_TOKEN_HEADER] = endpoint.token;
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(endpoint.graphqlUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables }),
      signal: combined,
    });
    text = await response.text();
  } catch (error) {
    if (timeout.aborted)
      throw new StorefrontError('timeout', `The shop did not answer within ${timeoutMs} ms (${operation})`, operation, { cause: error });
    if (signal?.aborted) throw new StorefrontError('aborted', `Request cancelled (${operation})`, operation, { cause: error });
    throw new StorefrontError('network', `Could not reach the shop (${operation})`, operation, { cause: error });
  }
  if (!response.ok) throw statusError(response.status, operation);
  return readGraphqlBody(text, operation, response.headers.get('content-type') ?? '');
}

export interface BrowserCheckout {
  id: string;
  checkoutUrl: string;
  totalQuantity: number;
}

/** Creates the remote cart at checkout; its URL carries channel=online_store. */
export async function browserCartCreate(
  endpoint: BrowserEndpoint,
  lines: { merchandiseId: string; quantity: number }[],
  options?: BrowserRequestOptions,
): Promise<BrowserCheckout> {
  const data = await browserGraphql(endpoint, 'CartCreate', CART_CREATE_MUTATION, { input: { lines } }, options);
  const { cart } = checkCartPayload(data.cartCreate);
  let checkoutUrl: string;
  try {
    checkoutUrl = withCheckoutChannel(cart.checkoutUrl);
  } catch {
    throw new StorefrontError(
      'invalid-response',
      `Unexpected response from the Storefront API (CartCreate): checkoutUrl is not a URL`,
      'CartCreate',
    );
  }
  return {
    id: typeof cart.id === 'string' ? cart.id : '',
    checkoutUrl,
    totalQuantity: typeof cart.totalQuantity === 'number' ? cart.totalQuantity : 0,
  };
}
