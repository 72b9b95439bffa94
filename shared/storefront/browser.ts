// The Storefront module's browser-safe door: the fetch client, documents, constants, messages and the
// answer types (types only: the zod schemas stay on the server). No zod, undici or graphql behind it.
export {
  browserCartCreate,
  browserGraphql,
  type BrowserCheckout,
  type BrowserEndpoint,
  type BrowserRequestOptions,
} from './fetch.ts';
export { withCheckoutChannel } from './checkout-url.ts';
export * from './constants.ts';
export * from './documents.ts';
export { STOREFRONT_MESSAGES, StorefrontError, type StorefrontErrorKind } from './errors.ts';
export type {
  CartLine,
  CartLineInput,
  Collection,
  ContentPage,
  MenuItem,
  Policy,
  Recommendation,
  Seo,
  Money,
  Product,
  ProductImage,
  ProductOption,
  ProductVariant,
  RemoteCart,
  SelectedOption,
} from './schemas.ts';
