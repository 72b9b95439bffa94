/**
 * A generator API failure with the HTTP status it deserves and a message for staff. The endpoints
 * (bundled separately from this module) recognise it by its `status` and `message` alone.
 */
export class GeneratorServiceError extends Error {
  override name = 'GeneratorServiceError';
  readonly status: number;
  constructor(status: number, message: string, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
  }
}

/** The request itself cannot be done as asked (a quote too long to set, a theme with no ideas left). */
const UNPROCESSABLE = new Set(['DesignInputError', 'TextFitError', 'OfflineConceptsExhausted', 'RangeError']);
/** A service we call failed or answered nonsense (OpenAI, the Shopify Admin API). */
const UPSTREAM = new Set(['OpenAIProviderError', 'ShopifyPublishError', 'ConceptValidationError', 'StorefrontError']);

/** A provider's failure as a service error: the provider's own message, a status by the kind of failure. */
export function serviceErrorFrom(error: unknown): GeneratorServiceError {
  if (error instanceof GeneratorServiceError) return error;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error && error.message ? error.message : 'The generator failed without saying why';
  if (name === 'AbortError') return new GeneratorServiceError(499, 'The request was cancelled', { cause: error });
  if (UNPROCESSABLE.has(name)) return new GeneratorServiceError(422, message, { cause: error });
  if (UPSTREAM.has(name)) return new GeneratorServiceError(502, message, { cause: error });
  return new GeneratorServiceError(500, message, { cause: error });
}
