import { ShopError } from './shop-error.ts';

/**
 * Opaque cursors shaped like Shopify's: base64 of `{"last_id":…,"last_value":"…"}`. The id is the
 * item's row id, so a cursor stays valid while items are added.
 */

export function encodeCursor(id: number): string {
  return Buffer.from(JSON.stringify({ last_id: id, last_value: String(id) })).toString('base64');
}

export function decodeCursor(cursor: string, field: string): number {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'));
  } catch {
    value = undefined;
  }
  const id = typeof value === 'object' && value !== null ? (value as { last_id?: unknown }).last_id : undefined;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) {
    throw new ShopError(`Invalid cursor for Field '${field}': ${JSON.stringify(cursor.slice(0, 100))}`);
  }
  return id;
}
