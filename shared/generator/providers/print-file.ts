import { fileSlug } from './designs/directory-store.ts';

/**
 * The 4500×5400 print file on its way to the shop: both publishers keep it as a file of the shop
 * (Shopify's Files, the embedded shop's private files) linked from the product by the metafield
 * `custom.print_file` of type file_reference, which the Storefront API does not expose.
 */

export const PRINT_FILE_METAFIELD = { namespace: 'custom', key: 'print_file', type: 'file_reference' } as const;

/**
 * The print file's name in the shop: the publish key (the product's handle) when there is one, so a
 * retried publish can find the file an earlier attempt made; else the handle or the name's slug.
 */
export function printFileName(product: { publishKey?: string | undefined; name: string }, handle?: string): string {
  return `${product.publishKey ?? handle ?? fileSlug(product.name)}-print.png`;
}

export function printFileAlt(name: string): string {
  return `${name} print file (4500×5400 PNG)`.slice(0, 512);
}
