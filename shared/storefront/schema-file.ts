/** Shopify's Storefront API 2025-07 introspection, vendored beside this file (cli/build.ts copies it into lib/). */
export const STOREFRONT_SCHEMA_FILE = new URL('./storefront.schema.json', import.meta.url);
