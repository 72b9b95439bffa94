import { STOREFRONT_TOKEN_HEADER } from './constants.ts';
import { StorefrontError, readGraphqlBody, statusError } from './errors.ts';

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
