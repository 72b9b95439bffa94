// The Storefront module's door for servers: the browser-safe part, plus the undici client with
// retries, the zod schemas of the answers and Shopify's schema file.
export * from './browser.ts';
export {
  createStorefrontClient,
  RECOMMENDATION_BATCH,
  RECOMMENDATION_CONCURRENCY,
  type CollectionOrder,
  type StorefrontClient,
} from './client.ts';
export { checkCartPayload, isRetryableStatus, readGraphqlBody, statusError } from './errors.ts';
export { STOREFRONT_SCHEMA_FILE } from './schema-file.ts';
export * from './schemas.ts';
export {
  TRANSPORT_DEFAULTS,
  backoffDelay,
  createTransport,
  parseRetryAfter,
  type GraphqlTransport,
  type TransportOptions,
} from './transport.ts';
