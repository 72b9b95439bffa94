import { ShopError } from './shop-error.ts';

/**
 * Opaque cursors shaped like Shopify's: base64 of `{"last_id":…,"last_value":"…"}`. The id is the
 * item's row id, so a cursor stays valid while items are added. A cursor into a sorted or searched
 * list also carries the item's place in it (`position`), so that it still leads on when its item has
 * left the list between two pages (taken out of a collection, no longer matching a search or a
 * filter): the next page starts where that item stood, as Shopify's cursors, which carry the sort
 * value, go on past the gap.
 */

export interface Cursor {
  id: number;
  /** The item's index in the list the cursor was made for; null for lists ordered by id alone. */
  position: number | null;
}

export function encodeCursor(id: number, position?: number): string {
  const value = position === undefined ? { last_id: id, last_value: String(id) } : { last_id: id, last_value: String(id), position };
  return Buffer.from(JSON.stringify(value)).toString('base64');
}

const isIndex = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

export function decodeCursor(cursor: string, field: string): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'));
  } catch {
    value = undefined;
  }
  const fields = typeof value === 'object' && value !== null ? (value as { last_id?: unknown; position?: unknown }) : {};
  const position = fields.position === undefined ? null : fields.position;
  if (!isIndex(fields.last_id) || (position !== null && !isIndex(position))) {
    throw new ShopError(`Invalid cursor for Field '${field}': ${JSON.stringify(cursor.slice(0, 100))}`);
  }
  return { id: fields.last_id, position };
}
