import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request, errors as undiciErrors, type Dispatcher } from 'undici';
import { STOREFRONT_TOKEN_HEADER } from './constants.ts';
import { StorefrontError, isRetryableStatus, readGraphqlBody, statusError } from './errors.ts';

/**
 * Server-side transport: one keep-alive undici Agent with connect/headers/body timeouts, and a small
 * bounded retry loop (exponential backoff with full jitter, Retry-After honoured) on 429, 430, 5xx and
 * network faults. Other 4xx answers are final at once.
 */

export interface TransportOptions {
  /** Further attempts after the first. */
  retries?: number;
  /** First backoff step; each retry doubles it, up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Longest wait for response headers, and for the body once they arrived. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  /** Share or replace the agent (tests, custom pools). */
  dispatcher?: Dispatcher;
}

export const TRANSPORT_DEFAULTS = {
  retries: 3,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  timeoutMs: 15_000,
  connectTimeoutMs: 5_000,
} as const;

export interface GraphqlTransport {
  post(operation: string, query: string, variables: Record<string, unknown>, signal?: AbortSignal): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

class RetryableFailure {
  readonly error: StorefrontError;
  readonly retryAfterMs: number | undefined;
  constructor(error: StorefrontError, retryAfterMs?: number) {
    this.error = error;
    this.retryAfterMs = retryAfterMs;
  }
}

/** `Retry-After` as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw.trim())) return Math.round(Number(raw) * 1000);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function backoffDelay(attempt: number, baseDelayMs: number, maxDelayMs: number, random = Math.random): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
  return Math.round(random() * ceiling);
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
  }
  return String(error);
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError
  );
}

export function createTransport(url: string, token: string, options: TransportOptions = {}): GraphqlTransport {
  const opts = { ...TRANSPORT_DEFAULTS, ...options };
  const ownAgent = options.dispatcher
    ? undefined
    : new Agent({
        keepAliveTimeout: 10_000,
        connect: { timeout: opts.connectTimeoutMs },
        headersTimeout: opts.timeoutMs,
        bodyTimeout: opts.timeoutMs,
      });
  const dispatcher = options.dispatcher ?? ownAgent!;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (token) headers[STOREFRONT_TOKEN_HEADER] = token;

  async function attempt(operation: string, body: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
    let response: Dispatcher.ResponseData;
    let text: string;
    try {
      response = await request(url, { method: 'POST', headers, body, dispatcher, signal });
      text = await response.body.text();
    } catch (error) {
      if (signal?.aborted) throw new StorefrontError('aborted', `Storefront request cancelled (${operation})`, operation, { cause: error });
      if (isTimeout(error)) {
        throw new RetryableFailure(
          new StorefrontError(
            'timeout',
            `The Storefront API at ${url} did not answer within ${opts.timeoutMs} ms (${operation})`,
            operation,
            { cause: error },
          ),
        );
      }
      throw new RetryableFailure(
        new StorefrontError(
          'network',
          `Could not reach the Storefront API at ${url} (${operation}): ${describeNetworkError(error)}`,
          operation,
          { cause: error },
        ),
      );
    }
    const { statusCode } = response;
    if (statusCode < 200 || statusCode > 299) {
      const error = statusError(statusCode, operation);
      if (isRetryableStatus(statusCode)) throw new RetryableFailure(error, parseRetryAfter(response.headers['retry-after']));
      throw error;
    }
    const contentType = response.headers['content-type'];
    return readGraphqlBody(text, operation, Array.isArray(contentType) ? contentType[0] : contentType);
  }

  return {
    async post(operation, query, variables, signal) {
      const body = JSON.stringify({ query, variables });
      for (let tries = 0; ; tries++) {
        try {
          return await attempt(operation, body, signal);
        } catch (failure) {
          if (!(failure instanceof RetryableFailure)) throw failure;
          if (tries >= opts.retries) throw failure.error;
          const wait =
            failure.retryAfterMs !== undefined
              ? Math.min(failure.retryAfterMs, opts.maxDelayMs)
              : backoffDelay(tries, opts.baseDelayMs, opts.maxDelayMs);
          try {
            await sleep(wait, undefined, { signal });
          } catch {
            throw new StorefrontError('aborted', `Storefront request cancelled (${operation})`, operation);
          }
        }
      }
    },
    async close() {
      await ownAgent?.close();
    },
  };
}
