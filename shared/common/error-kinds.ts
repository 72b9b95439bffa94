/**
 * Every kind of error a person can meet, with the HTTP status the store's API answers for it and the
 * exit code tshirt-gen ends with (docs/behaviour/errors.md#error-kinds). Errors carry a `kind`; their
 * class names play no part, so renaming a class cannot change a status.
 */

/** A service we call failing us: the Storefront API, OpenAI or the Shopify Admin API, each way it fails. */
const UPSTREAM = { status: 502, exitCode: 1 } as const;
/** Whoever asked went away, or pressed Ctrl-C. */
const CANCELLED = { status: 499, exitCode: 130 } as const;

export const ERROR_KINDS = {
  /** The request or the command line is wrong as sent (a field, a flag, a body that is not JSON). */
  'bad-request': { status: 400, exitCode: 2 },
  /** No staff session and no valid API key came with the request. */
  unauthenticated: { status: 401, exitCode: 2 },
  /** The caller may not do this: a cross-origin request, a member on an owner's page, publishing to a real store without a second factor. */
  forbidden: { status: 403, exitCode: 2 },
  /** What the request names does not exist (a run, a product of a run). */
  'not-found': { status: 404, exitCode: 2 },
  /** The thing asked about is not in a state for it (a product being published, a second run while one is going). */
  conflict: { status: 409, exitCode: 1 },
  /** A one-time link that is used up or expired (the owner's setup link). */
  gone: { status: 410, exitCode: 2 },
  /** The request body is larger than the server reads. */
  'too-large': { status: 413, exitCode: 2 },
  /** The request body is not JSON. */
  'unsupported-media-type': { status: 415, exitCode: 2 },
  /** The request is well formed but cannot be done as asked (a quote too long to set, a theme with no ideas left). */
  unprocessable: { status: 422, exitCode: 1 },
  cancelled: CANCELLED,
  /** The configuration is wrong (an environment setting). */
  config: { status: 500, exitCode: 2 },
  /** Our own side failed: a bug, a full disk, a database that cannot be read. */
  internal: { status: 500, exitCode: 1 },
  /** A service we call failed or answered nonsense (OpenAI, the Shopify Admin API, a deploy hook). */
  upstream: UPSTREAM,
  /** Something we need is not running or cannot start (the embedded shop on a port in use). */
  unavailable: { status: 503, exitCode: 1 },
  // How a service we call fails: the Storefront API (StorefrontError), OpenAI (OpenAIProviderError),
  // the Shopify Admin API (ShopifyPublishError). Each is that service failing us, or a request given up.
  billing: UPSTREAM,
  http: UPSTREAM,
  graphql: UPSTREAM,
  'user-errors': UPSTREAM,
  'no-checkout-url': UPSTREAM,
  network: UPSTREAM,
  timeout: UPSTREAM,
  'invalid-response': UPSTREAM,
  aborted: CANCELLED,
  'rate-limit': UPSTREAM,
  throttled: UPSTREAM,
  quota: UPSTREAM,
  server: UPSTREAM,
  auth: UPSTREAM,
  model: UPSTREAM,
  request: UPSTREAM,
  refusal: UPSTREAM,
  'invalid-output': UPSTREAM,
  image: UPSTREAM,
} as const satisfies Record<string, { status: number; exitCode: number }>;

export type ErrorKind = keyof typeof ERROR_KINDS;

export function isErrorKind(value: unknown): value is ErrorKind {
  return typeof value === 'string' && Object.hasOwn(ERROR_KINDS, value);
}

/** An error's kind: its own `kind`, `cancelled` for the platform's AbortError, else `internal`. */
export function kindOf(error: unknown): ErrorKind {
  if (typeof error !== 'object' || error === null) return 'internal';
  const { kind } = error as { kind?: unknown };
  if (isErrorKind(kind)) return kind;
  // DOMException has no kind of its own; an aborted fetch or signal is a cancellation.
  if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
  return 'internal';
}

export function httpStatusOf(error: unknown): number {
  return ERROR_KINDS[kindOf(error)].status;
}

export function exitCodeOf(error: unknown): number {
  return ERROR_KINDS[kindOf(error)].exitCode;
}
