/** Shopify global ids: `gid://shopify/ProductVariant/123` ↔ `123` (the form URLs use). */
export function numericId(gid: string): string {
  const match = /\/(\d+)(?:[?#].*)?$/.exec(gid);
  return match ? match[1]! : gid;
}

export function variantGid(id: string): string {
  return id.startsWith('gid://') ? id : `gid://shopify/ProductVariant/${id}`;
}
