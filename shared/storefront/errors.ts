import { type ErrorKind, isRecord } from '../common/index.ts';

/**
 * The Storefront errors (docs/behaviour/errors.md), verbatim, and the rules that turn an HTTP answer into data or
 * one of them. No libraries: the server client and the browser checkout share it.
 */

export const STOREFRONT_MESSAGES = {
  billing: 'Shopify API access requires an active Shopify billing plan.',
  httpStatus: (status: number) => `HTTP error! status: ${status}`,
  graphqlErrors: (messages: string[]) => `Error calling Shopify: ${messages.join(', ')}`,
  cartUserErrors: (messages: string[]) => `Cart creation failed: ${messages.join(', ')}`,
  noCheckoutUrl: 'No checkout URL returned from Shopify',
} as const;

/** The Storefront failures, each a row of the kinds table (shared/common/error-kinds.ts). */
export type StorefrontErrorKind = Extract<
  ErrorKind,
  'billing' | 'http' | 'graphql' | 'user-errors' | 'no-checkout-url' | 'network' | 'timeout' | 'invalid-response' | 'aborted'
>;

export class StorefrontError extends Error {
  override name = 'StorefrontError';
  readonly kind: StorefrontErrorKind;
  readonly operation: string;
  readonly status: number | undefined;

  constructor(kind: StorefrontErrorKind, message: string, operation: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.operation = operation;
    this.status = options.status;
  }
}

/** Statuses worth another try: rate limits (429, and Shopify's 430) and server faults. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 430 || (status >= 500 && status <= 599);
}

/** A non-OK status, worded as the error catalogue has it. */
export function statusError(status: number, operation: string): StorefrontError {
  return status === 402
    ? new StorefrontError('billing', STOREFRONT_MESSAGES.billing, operation, { status })
    : new StorefrontError('http', STOREFRONT_MESSAGES.httpStatus(status), operation, { status });
}

function invalid(operation: string, detail: string): StorefrontError {
  return new StorefrontError('invalid-response', `Unexpected response from the Storefront API (${operation}): ${detail}`, operation);
}

/**
 * Parses a successful (2xx) body: JSON, then the GraphQL envelope. Returns `data`, or throws the
 * "Error calling Shopify" error when the answer carries an `errors` array.
 */
export function readGraphqlBody(text: string, operation: string, contentType = ''): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const kind = contentType ? ` (${contentType.split(';')[0]})` : '';
    throw invalid(operation, `the body is not JSON${kind}: ${JSON.stringify(text.slice(0, 80))}`);
  }
  if (!isRecord(body)) throw invalid(operation, 'the body is not a JSON object');
  const errors = body.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    const messages = errors.map((e) => (isRecord(e) && typeof e.message === 'string' ? e.message : JSON.stringify(e)));
    throw new StorefrontError('graphql', STOREFRONT_MESSAGES.graphqlErrors(messages), operation);
  }
  if (!isRecord(body.data)) throw invalid(operation, 'it has no "data" object');
  return body.data;
}

/** The cartCreate payload's rules: userErrors first, then a checkout URL is required. */
export function checkCartPayload(payload: unknown, operation = 'CartCreate'): { cart: Record<string, unknown> & { checkoutUrl: string } } {
  if (!isRecord(payload)) throw invalid(operation, 'cartCreate is missing');
  const userErrors = payload.userErrors;
  if (Array.isArray(userErrors) && userErrors.length > 0) {
    const messages = userErrors.map((e) => (isRecord(e) && typeof e.message === 'string' ? e.message : JSON.stringify(e)));
    throw new StorefrontError('user-errors', STOREFRONT_MESSAGES.cartUserErrors(messages), operation);
  }
  const cart = payload.cart;
  if (!isRecord(cart) || typeof cart.checkoutUrl !== 'string' || cart.checkoutUrl === '') {
    throw new StorefrontError('no-checkout-url', STOREFRONT_MESSAGES.noCheckoutUrl, operation);
  }
  return { cart: cart as Record<string, unknown> & { checkoutUrl: string } };
}
