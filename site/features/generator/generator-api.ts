import type {
  Concept,
  ConceptRequest,
  DesignRequestBody,
  DesignUrls,
  GeneratorSettings,
  PublishRequestBody,
  PublishResult,
} from '../../../shared/generator/browser.ts';
import { isRecord } from '../../../shared/common/index.ts';

/**
 * The /generator page's client for the server's generator API: JSON over fetch with the staff
 * session's cookie (docs/behaviour/staff-accounts.md), answers checked by hand (no validation library in the browser bundle), and failures as
 * errors carrying the server's own `{error}` message.
 */

export type { DesignUrls, GeneratorSettings };

export class GeneratorApiError extends Error {
  override name = 'GeneratorApiError';
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export interface GeneratorApiOptions {
  /** A 401: the session ended (signed out elsewhere, revoked, expired). */
  onUnauthorized?(message: string): void;
  fetch?: typeof fetch;
}

export interface GeneratorApi {
  settings(signal?: AbortSignal): Promise<GeneratorSettings>;
  concepts(request: ConceptRequest, signal?: AbortSignal): Promise<Concept[]>;
  design(request: DesignRequestBody, signal?: AbortSignal): Promise<DesignUrls>;
  publish(product: PublishRequestBody, signal?: AbortSignal): Promise<PublishResult>;
}

type Json = Record<string, unknown>;

const isText = (value: unknown): value is string => typeof value === 'string';

function isConcept(value: unknown): value is Concept {
  return (
    isRecord(value) &&
    isText(value.name) &&
    isText(value.description) &&
    typeof value.price === 'number' &&
    isText(value.category) &&
    isText(value.quote_primary) &&
    Array.isArray(value.keywords) &&
    value.keywords.every(isText)
  );
}

function unexpected(path: string): GeneratorApiError {
  return new GeneratorApiError(502, `Unexpected answer from ${path}`);
}

export function createGeneratorApi(options: GeneratorApiOptions): GeneratorApi {
  const fetcher = options.fetch ?? ((input, init) => fetch(input, init));

  async function call(path: string, init: RequestInit): Promise<Json> {
    const headers = new Headers(init.headers);
    headers.set('Accept', 'application/json');
    let response: Response;
    try {
      response = await fetcher(path, { ...init, headers, cache: 'no-store', credentials: 'same-origin' });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new GeneratorApiError(0, 'Could not reach the server; check the connection and try again');
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const message = isRecord(body) && isText(body.error) && body.error ? body.error : `HTTP error! status: ${response.status}`;
      if (response.status === 401) options.onUnauthorized?.(message);
      throw new GeneratorApiError(response.status, message);
    }
    if (!isRecord(body)) throw unexpected(path);
    return body;
  }

  const post = (path: string, body: unknown, signal?: AbortSignal) =>
    call(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });

  return {
    async settings(signal) {
      const path = '/api/generator-settings';
      const body = await call(path, { method: 'GET', ...(signal ? { signal } : {}) });
      if (typeof body.delayMs !== 'number' || !isText(body.shopName) || !isText(body.generators) || !isText(body.publishTo))
        throw unexpected(path);
      return { delayMs: body.delayMs, shopName: body.shopName, generators: body.generators, publishTo: body.publishTo };
    },

    async concepts(request, signal) {
      const path = '/api/generate-product-concepts';
      const body = await post(path, request, signal);
      if (!Array.isArray(body.products) || !body.products.every(isConcept)) throw unexpected(path);
      return body.products;
    },

    async design(request, signal) {
      const path = '/api/generate-product-design';
      const body = await post(path, request, signal);
      if (!isText(body.imageUrl)) throw unexpected(path);
      return { imageUrl: body.imageUrl, ...(isText(body.printUrl) ? { printUrl: body.printUrl } : {}) };
    },

    async publish(product, signal) {
      const path = '/api/publish-to-shopify';
      const body = await post(path, { product }, signal);
      if (!isText(body.productId)) throw unexpected(path);
      return { productId: body.productId, ...(isText(body.handle) ? { handle: body.handle } : {}) };
    },
  };
}
