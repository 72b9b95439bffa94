import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  ContentFilterFinishReasonError,
  LengthFinishReasonError,
} from 'openai/core/error';
import { z } from 'zod';
import { describeIssues } from '../../concept-schema.ts';
import type { ErrorKind } from '../../../common/index.ts';

/**
 * Every OpenAI failure as one readable line that starts with "OpenAI", so a staff member knows which
 * service failed and what to do. No stack, no request body, and never the API key (it is scrubbed
 * from anything the service sends back).
 */

/** The ways OpenAI fails, each a row of the kinds table (shared/common/error-kinds.ts). */
export type OpenAIFailureKind = Extract<
  ErrorKind,
  'rate-limit' | 'quota' | 'server' | 'timeout' | 'network' | 'auth' | 'model' | 'request' | 'refusal' | 'invalid-output'
>;

export class OpenAIProviderError extends Error {
  override name = 'OpenAIProviderError';
  readonly kind: OpenAIFailureKind;
  readonly status: number | undefined;

  constructor(kind: OpenAIFailureKind, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.status = options.status;
  }
}

export interface FailureContext {
  /** What was being asked for, e.g. "product concepts", "design artwork". */
  task: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  /** Scrubbed from any text the service returns. */
  apiKey?: string | undefined;
}

const MAX_DETAIL = 200;

/** Removes secrets and noise from text that came back from the service. */
export function scrub(text: string, apiKey?: string): string {
  let out = text;
  if (apiKey) out = out.split(apiKey).join('[redacted]');
  out = out
    .replace(/\bsk-[A-Za-z0-9_*-]{6,}/g, '[redacted]')
    .replace(/\s+/g, ' ')
    .trim();
  return out.length > MAX_DETAIL ? `${out.slice(0, MAX_DETAIL - 1)}…` : out;
}

function afterRetries(maxRetries: number): string {
  if (maxRetries <= 0) return '';
  return ` and still failed after ${maxRetries === 1 ? '1 retry' : `${maxRetries} retries`}`;
}

/** The first system error code down a cause chain (fetch wraps ECONNREFUSED in "fetch failed"). */
function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code) return code;
    current = current.cause;
  }
  return undefined;
}

/**
 * The readable error for anything an OpenAI call threw. Cancellation (APIUserAbortError) is returned
 * untouched, so whoever cancelled sees their own abort rather than a failure.
 */
export function toOpenAIError(error: unknown, ctx: FailureContext): Error {
  if (error instanceof OpenAIProviderError || error instanceof APIUserAbortError) return error;
  const seconds = Math.round(ctx.timeoutMs / 100) / 10;

  if (error instanceof APIConnectionTimeoutError) {
    return new OpenAIProviderError(
      'timeout',
      `OpenAI timed out: no answer for ${ctx.task} within ${seconds} s${afterRetries(ctx.maxRetries)}; try again, ask for fewer products, or raise the timeout`,
      { cause: error },
    );
  }
  if (error instanceof APIConnectionError) {
    const cause = scrub(networkCode(error.cause) ?? '', ctx.apiKey);
    return new OpenAIProviderError(
      'network',
      `OpenAI could not be reached${cause ? ` (${cause})` : ''}${afterRetries(ctx.maxRetries)}; check the network and OPENAI_BASE_URL`,
      { cause: error },
    );
  }
  if (error instanceof APIError) {
    const status = typeof error.status === 'number' ? error.status : undefined;
    const detail = scrub(readApiMessage(error), ctx.apiKey);
    const suffix = detail ? `: ${detail}` : '';
    if (status === 429 && error.code === 'insufficient_quota') {
      return new OpenAIProviderError(
        'quota',
        `OpenAI refused the request: the account has no quota left (429 insufficient_quota); check the plan and billing`,
        { status, cause: error },
      );
    }
    if (status === 429) {
      return new OpenAIProviderError(
        'rate-limit',
        `OpenAI rate limited the request (429)${afterRetries(ctx.maxRetries)}; wait a minute and try again`,
        { status, cause: error },
      );
    }
    if (status !== undefined && status >= 500) {
      return new OpenAIProviderError('server', `OpenAI had a server error (${status})${afterRetries(ctx.maxRetries)}; try again later`, {
        status,
        cause: error,
      });
    }
    if (status === 401) {
      return new OpenAIProviderError('auth', 'OpenAI rejected the API key (401); check OPENAI_API_KEY', { status, cause: error });
    }
    if (status === 403) {
      return new OpenAIProviderError('auth', `OpenAI refused access (403)${suffix}; check the key's project and permissions`, {
        status,
        cause: error,
      });
    }
    if (status === 404) {
      return new OpenAIProviderError(
        'model',
        `OpenAI does not offer the model "${ctx.model}" here (404)${suffix}; check the model setting`,
        { status, cause: error },
      );
    }
    return new OpenAIProviderError('request', `OpenAI rejected the request for ${ctx.task} (${status ?? 'no status'})${suffix}`, {
      status,
      cause: error,
    });
  }
  if (error instanceof LengthFinishReasonError) {
    return new OpenAIProviderError(
      'invalid-output',
      `OpenAI's answer for ${ctx.task} was cut off at its length limit before it was complete`,
      { cause: error },
    );
  }
  if (error instanceof ContentFilterFinishReasonError) {
    return new OpenAIProviderError(
      'refusal',
      `OpenAI's content filter stopped the answer for ${ctx.task}; rephrase the theme or guidelines`,
      { cause: error },
    );
  }
  if (error instanceof z.ZodError) {
    return new OpenAIProviderError('invalid-output', `OpenAI's answer did not match the expected format: ${describeIssues(error)}`, {
      cause: error,
    });
  }
  if (error instanceof SyntaxError) {
    return new OpenAIProviderError('invalid-output', `OpenAI's answer for ${ctx.task} was not valid JSON`, { cause: error });
  }
  const message = error instanceof Error ? scrub(error.message, ctx.apiKey) : '';
  return new OpenAIProviderError('request', `OpenAI request for ${ctx.task} failed${message ? `: ${message}` : ''}`, { cause: error });
}

/** The service's own explanation from an error body, without the SDK's "400 " prefix. */
function readApiMessage(error: APIError): string {
  const body = error.error;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return '';
}
