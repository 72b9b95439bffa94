// The Storefront module's browser-safe door: the fetch client, documents, constants, messages and the
// answer types (types only: the zod schemas stay on the server). No zod, undici or graphql behind it.
export { browserGraphql, type BrowserEndpoint, type BrowserRequestOptions } from './fetch.ts';
export { ShortLinesError, browserCartCreate, type BrowserCheckout, type ShortLine } from './browser-checkout.ts';
export { withCheckoutChannel } from './checkout-url.ts';
export * from './constants.ts';
export * from './documents/index.ts';
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
