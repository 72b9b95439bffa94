import type {
  Concept,
  ConceptRequest,
  DesignRequestBody,
  DesignUrls,
  GeneratorSettings,
  PublishRequestBody,
  PublishResult,
  RunProductView,
  RunSummary,
  RunView,
} from '../../../shared/generator/browser.ts';
import { isRecord } from '../../../shared/common/index.ts';

/**
 * The /generator page's client for the server's generator API: JSON over fetch with the staff
 * session's cookie (docs/behaviour/staff-accounts.md), answers checked by hand (no validation library in the browser bundle), and failures as
 * errors carrying the server's own `{error}` message.
 */

export type { DesignUrls, GeneratorSettings, RunProductView, RunSummary, RunView };

/** A card's edit: the fields staff may change. */
export interface ProductEditBody {
  name?: string;
  quote_primary?: string;
  description?: string;
  price?: number;
  category?: string;
}

export type ProductAction = 'regenerate' | 'discard' | 'retry';

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
  listRuns(signal?: AbortSignal): Promise<{ runs: RunSummary[]; latest: string | null }>;
  startRun(settings: { count: number; theme: string; guidelines?: string }): Promise<RunView>;
  /** One run; with `after`, the server answers once the run has changed past that version. */
  readRun(id: string, options?: { after?: number; signal?: AbortSignal }): Promise<RunView>;
  stopRun(id: string): Promise<RunView>;
  publishRun(id: string, indices?: readonly number[]): Promise<RunView>;
  editProduct(id: string, index: number, edit: ProductEditBody): Promise<RunView>;
  productAction(id: string, index: number, action: ProductAction): Promise<RunView>;
  /** Whether a published product's page answers on the storefront yet. */
  pageLive(id: string, index: number, signal?: AbortSignal): Promise<boolean>;
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

function isRunView(value: unknown): value is RunView {
  return (
    isRecord(value) &&
    isText(value.id) &&
    isText(value.state) &&
    isText(value.progress) &&
    typeof value.version === 'number' &&
    Array.isArray(value.products) &&
    value.products.every((p: unknown) => isConcept(p) && isRecord(p) && typeof p.index === 'number' && isText(p.status))
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

  async function runFrom(path: string, body: Json): Promise<RunView> {
    if (!isRunView(body.run)) throw unexpected(path);
    return body.run;
  }

  const runPath = (id: string) => `/api/generator-runs/${encodeURIComponent(id)}`;

  return {
    async listRuns(signal) {
      const path = '/api/generator-runs';
      const body = await call(path, { method: 'GET', ...(signal ? { signal } : {}) });
      if (!Array.isArray(body.runs)) throw unexpected(path);
      return { runs: body.runs as RunSummary[], latest: isText(body.latest) ? body.latest : null };
    },

    async startRun(settings) {
      const path = '/api/generator-runs';
      return runFrom(path, await post(path, settings));
    },

    async readRun(id, { after, signal } = {}) {
      const path = after === undefined ? runPath(id) : `${runPath(id)}?after=${after}`;
      return runFrom(path, await call(path, { method: 'GET', ...(signal ? { signal } : {}) }));
    },

    async stopRun(id) {
      return runFrom(`${runPath(id)}/stop`, await post(`${runPath(id)}/stop`, {}));
    },

    async publishRun(id, indices) {
      const path = `${runPath(id)}/publish`;
      return runFrom(path, await post(path, indices ? { indices } : {}));
    },

    async editProduct(id, index, edit) {
      const path = `${runPath(id)}/products/${index}/edit`;
      return runFrom(path, await post(path, edit));
    },

    async productAction(id, index, action) {
      const path = `${runPath(id)}/products/${index}/${action}`;
      return runFrom(path, await post(path, {}));
    },

    async pageLive(id, index, signal) {
      const path = `${runPath(id)}/products/${index}/live`;
      const body = await call(path, { method: 'GET', ...(signal ? { signal } : {}) });
      if (typeof body.live !== 'boolean') throw unexpected(path);
      return body.live;
    },

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
