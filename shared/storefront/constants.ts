/** Storefront API facts shared by the server client, the browser path and the embedded shop. */
export const STOREFRONT_API_VERSION = '2025-07';
/** Where a shop answers the Storefront API, under its origin. */
export const STOREFRONT_GRAPHQL_PATH = `/api/${STOREFRONT_API_VERSION}/graphql.json`;
export const STOREFRONT_TOKEN_HEADER = 'X-Shopify-Storefront-Access-Token';

/** Limits (docs/behaviour/constants.md): the home page asks for 20 products; products carry 5 images and 10 variants; carts 100 lines. */
export const PRODUCT_LIST_SIZE = 20;
export const PRODUCT_IMAGES = 5;
export const PRODUCT_VARIANTS = 10;
export const CART_LINES = 100;
/** Shopify refuses `first` above 250 on a connection. */
export const MAX_PAGE_SIZE = 250;

export const CHECKOUT_CHANNEL = 'online_store';
