import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request, errors as undiciErrors, type Dispatcher } from 'undici';
import { DEFAULT_SHOPIFY_API_VERSION, storeOrigin } from '../../../config/index.ts';
import { STOREFRONT_MESSAGES } from '../../../storefront/browser.ts';
import { ShopifyPublishError, describeUserErrors, tidy, userErrorsOf, type PublishStep } from './errors.ts';

/**
 * The Admin GraphQL transport (SHOPIFY_API_VERSION, 2025-07 by default): one keep-alive undici Agent, the access token header, and
 * Shopify's cost-based throttling handled the way Shopify asks: a `THROTTLED` answer is waited out
 * for as long as the bucket needs to refill for the query's cost, then sent again (a bounded number
 * of times). Other failures become a ShopifyPublishError naming the step.
 */

/** The version the documents are written and tested against (Shopify's 2025-07 schema); SHOPIFY_API_VERSION's default. */
export const ADMIN_API_VERSION = DEFAULT_SHOPIFY_API_VERSION;
export const ADMIN_TOKEN_HEADER = 'X-Shopify-Access-Token';

export interface AdminClientOptions {
  /** `my-shop.myshopify.com`, or a full http(s) origin (emulators, tests). */
  domain: string;
  token: string;
  /** The Admin API version in the URL (SHOPIFY_API_VERSION); default 2025-07. */
  apiVersion?: string;
  timeoutMs?: number;
  connectTimeoutMs?: number;
  /** How many THROTTLED answers one call may wait out before giving up. */
  maxThrottleWaits?: number;
  /** Retries of a 5xx / network failure, for idempotent calls only. */
  retries?: number;
  /** Longest single throttle wait. */
  maxWaitMs?: number;
  dispatcher?: Dispatcher;
  /** Replaceable for tests, so a throttle wait needs no wall-clock time. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const ADMIN_DEFAULTS = {
  timeoutMs: 30_000,
  connectTimeoutMs: 10_000,
  maxThrottleWaits: 5,
  retries: 2,
  maxWaitMs: 60_000,
} as const;

export interface AdminCall {
  step: PublishStep;
  query: string;
  variables: Record<string, unknown>;
  /** Safe to send twice (queries, staged upload targets); mutations that create things are not. */
  idempotent: boolean;
  signal?: AbortSignal | undefined;
}

export interface AdminClient {
  readonly graphqlUrl: string;
  readonly dispatcher: Dispatcher;
  call(call: AdminCall): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

interface ThrottleInfo {
  requested: number | undefined;
  available: number | undefined;
  restoreRate: number | undefined;
}

function throttleInfo(body: Json): ThrottleInfo | undefined {
  const errors = Array.isArray(body.errors) ? body.errors : [];
  const throttled = errors.some((e) => isRecord(e) && isRecord(e.extensions) && e.extensions.code === 'THROTTLED');
  if (!throttled) return undefined;
  // Shopify puts the cost at the top level; some proxies nest it in the error's extensions.
  const fromError = errors.map((e) => (isRecord(e) && isRecord(e.extensions) ? e.extensions.cost : undefined)).find(isRecord);
  const cost = isRecord(body.extensions) && isRecord(body.extensions.cost) ? body.extensions.cost : fromError;
  const status = cost && isRecord(cost.throttleStatus) ? cost.throttleStatus : undefined;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  return { requested: num(cost?.requestedQueryCost), available: num(status?.currentlyAvailable), restoreRate: num(status?.restoreRate) };
}

/** How long until the bucket holds the query's cost: (requested − available) / restoreRate seconds. */
export function throttleWaitMs(info: ThrottleInfo, maxWaitMs: number): number {
  const { requested, available, restoreRate } = info;
  if (requested === undefined || available === undefined || !restoreRate || restoreRate <= 0) return Math.min(1000, maxWaitMs);
  const ms = Math.ceil((Math.max(0, requested - available) / restoreRate) * 1000);
  // At least a short pause: a bucket that "has enough" but still throttled needs a moment.
  return Math.min(Math.max(ms, 50), maxWaitMs);
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError
  );
}

function networkDetail(error: unknown): string {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : error instanceof Error ? tidy(error.message) : 'unknown error';
}

class Retryable {
  readonly error: ShopifyPublishError;
  constructor(error: ShopifyPublishError) {
    this.error = error;
  }
}

export function createAdminClient(options: AdminClientOptions): AdminClient {
  const opts = { ...ADMIN_DEFAULTS, ...options };
  const graphqlUrl = `${storeOrigin(options.domain)}/admin/api/${options.apiVersion ?? ADMIN_API_VERSION}/graphql.json`;
  const ownAgent = options.dispatcher
    ? undefined
    : new Agent({
        keepAliveTimeout: 10_000,
        connect: { timeout: opts.connectTimeoutMs },
        headersTimeout: opts.timeoutMs,
        bodyTimeout: opts.timeoutMs,
      });
  const dispatcher = options.dispatcher ?? ownAgent!;
  const wait = options.wait ?? ((ms: number, signal?: AbortSignal) => sleep(ms, undefined, { signal }));
  const headers = { 'content-type': 'application/json', accept: 'application/json', [ADMIN_TOKEN_HEADER]: options.token };

  async function attempt(call: AdminCall, body: string): Promise<Json> {
    let statusCode: number;
    let text: string;
    try {
      const response = await request(graphqlUrl, { method: 'POST', headers, body, dispatcher, signal: call.signal });
      statusCode = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      if (call.signal?.aborted) throw error;
      if (isTimeout(error))
        throw new Retryable(
          new ShopifyPublishError(call.step, 'timeout', `the Admin API did not answer within ${opts.timeoutMs} ms`, { cause: error }),
        );
      throw new Retryable(
        new ShopifyPublishError(call.step, 'network', `could not reach ${storeOrigin(options.domain)} (${networkDetail(error)})`, {
          cause: error,
        }),
      );
    }

    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    // A throttled answer may come as 200 or 429; it is recognised by its body, not its status.
    if (isRecord(parsed) && throttleInfo(parsed)) return parsed;

    if (statusCode === 401 || statusCode === 403) {
      throw new ShopifyPublishError(
        call.step,
        'auth',
        `the Admin API refused the access token (${statusCode}); check SHOPIFY_ADMIN_TOKEN and its scopes (write_products, write_publications, write_files)`,
        { status: statusCode },
      );
    }
    if (statusCode === 402) throw new ShopifyPublishError(call.step, 'billing', STOREFRONT_MESSAGES.billing, { status: statusCode });
    if (statusCode === 404) {
      throw new ShopifyPublishError(call.step, 'http', `no Admin API at ${graphqlUrl} (404); check SHOPIFY_STORE_DOMAIN`, {
        status: statusCode,
      });
    }
    if (statusCode < 200 || statusCode > 299) {
      const error = new ShopifyPublishError(call.step, 'http', `the Admin API answered HTTP ${statusCode}`, { status: statusCode });
      throw statusCode === 429 || statusCode >= 500 ? new Retryable(error) : error;
    }
    if (!isRecord(parsed))
      throw new ShopifyPublishError(call.step, 'invalid-response', 'the Admin API answered something that is not JSON');
    return parsed;
  }

  return {
    graphqlUrl,
    dispatcher,
    async call(call) {
      const body = JSON.stringify({ query: call.query, variables: call.variables });
      let throttleWaits = 0;
      let retries = 0;
      for (;;) {
        let answer: Json;
        try {
          answer = await attempt(call, body);
        } catch (failure) {
          if (!(failure instanceof Retryable)) throw failure;
          if (!call.idempotent || retries >= opts.retries) throw failure.error;
          retries++;
          await wait(250 * 2 ** retries, call.signal);
          continue;
        }
        const throttle = throttleInfo(answer);
        if (throttle) {
          if (throttleWaits >= opts.maxThrottleWaits) {
            throw new ShopifyPublishError(
              call.step,
              'throttled',
              `the Admin API kept throttling the request (THROTTLED ${throttleWaits + 1} times); try again in a minute`,
            );
          }
          throttleWaits++;
          await wait(throttleWaitMs(throttle, opts.maxWaitMs), call.signal);
          continue;
        }
        if (Array.isArray(answer.errors) && answer.errors.length > 0) {
          const messages = answer.errors.map((e) => (isRecord(e) && typeof e.message === 'string' ? e.message : 'unknown error'));
          throw new ShopifyPublishError(call.step, 'graphql', tidy(messages.join(', ')));
        }
        if (!isRecord(answer.data)) throw new ShopifyPublishError(call.step, 'invalid-response', 'the answer had no data');
        return answer.data;
      }
    },
    async close() {
      await ownAgent?.close();
    },
  };
}

/** The mutation payload under `data[field]`, after checking its userErrors. */
export function payloadOf(step: PublishStep, data: Json, field: string): Json {
  const payload = data[field];
  if (!isRecord(payload)) throw new ShopifyPublishError(step, 'invalid-response', `the answer had no ${field}`);
  const userErrors = userErrorsOf(payload);
  if (userErrors.length > 0) throw new ShopifyPublishError(step, 'user-errors', describeUserErrors(userErrors));
  return payload;
}
