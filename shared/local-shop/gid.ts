/**
 * Shopify-style global ids: `gid://shopify/{Type}/{id}`, optionally with a query (`?key=…` on carts).
 * Products, variants and images use the store's integer row ids; carts use a random token.
 */

export type GidType =
  | 'Product'
  | 'ProductVariant'
  | 'ProductImage'
  | 'ProductOption'
  | 'ProductOptionValue'
  | 'Cart'
  | 'CartLine'
  | 'Shop'
  | 'Collection'
  | 'Menu'
  | 'MenuItem'
  | 'Page'
  | 'ShopPolicy'
  | 'Blog'
  | 'Article'
  | 'Market'
  | 'DiscountCode'
  | 'MediaImage'
  | 'GenericFile';

export interface ParsedGid {
  type: string;
  id: string;
  params: URLSearchParams;
}

const GID = /^gid:\/\/shopify\/([A-Za-z]+)\/([^/?#\s]+)(?:\?([^#\s]*))?$/;

export function gid(type: GidType, id: number | string, params?: Record<string, string>): string {
  const query = params ? `?${new URLSearchParams(params).toString()}` : '';
  return `gid://shopify/${type}/${id}${query}`;
}

export function parseGid(value: string): ParsedGid | null {
  const match = GID.exec(value);
  if (!match) return null;
  return { type: match[1]!, id: match[2]!, params: new URLSearchParams(match[3] ?? '') };
}

/** The positive integer row id behind a gid of this type, or null for anything else. */
export function numericId(value: string, type: GidType): number | null {
  const parsed = parseGid(value);
  if (!parsed || parsed.type !== type || !/^[1-9]\d{0,15}$/.test(parsed.id)) return null;
  const id = Number(parsed.id);
  return Number.isSafeInteger(id) ? id : null;
}
