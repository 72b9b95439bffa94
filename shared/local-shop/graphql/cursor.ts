import { ShopError } from './shop-error.ts';

/**
 * Opaque cursors shaped like Shopify's: base64 of `{"last_id":…,"last_value":"…"}`. The id is the
 * item's row id, so a cursor stays valid while items are added. A cursor into a sorted, searched or
 * collection list also carries its place there, as Shopify's carry the sort value beside the id:
 * `order` names the list's order (PRICE, TITLE, a collection's own order, a search's), `values` are
 * the item's sort values in it (its price, its title, its relevance to the query, its place among
 * the products placed by hand…), and `position` is its index in the list. The next page starts right
 * after where those values and the id put the item in the list's order, whatever has changed since:
 * the item left the list (taken out of a collection, no longer matching a search or a filter), other
 * items before it left or came in, or it moved. Places among products placed by hand move when
 * products are placed among them, so in a collection's own order a cursor whose item is still in the
 * list goes on from that item, and uses its values only once the item has left. A cursor without
 * values for the list's order (made before cursors carried them, or from a list in another order)
 * goes on from its item while that item is in the list, else from `position`, which is right only
 * when that item is the one change before it.
 */

/** A sort value a cursor carries: a number (price in cents, relevance, place) or a text (title, date). */
export type SortValue = string | number;

/** The order a cursor was made in, and its item's sort values there (the id breaks ties). */
export interface CursorSort {
  order: string;
  values: SortValue[];
}

export interface Cursor {
  id: number;
  /** The item's index in the list the cursor was made for; null for lists ordered by id alone. */
  position: number | null;
  /** Null for lists ordered by id alone and for cursors made before cursors carried sort values. */
  sort: CursorSort | null;
}

/** Where an item stands in a list that is not ordered by id alone. */
export interface CursorPlace {
  position: number;
  sort?: CursorSort;
}

// No list order has more sort values than this; a cursor carrying more is not one of ours.
const MAX_SORT_VALUES = 8;

export function encodeCursor(id: number, place?: CursorPlace): string {
  const value = {
    last_id: id,
    last_value: String(id),
    ...(place && { position: place.position }),
    ...(place?.sort && { order: place.sort.order, values: place.sort.values }),
  };
  return Buffer.from(JSON.stringify(value)).toString('base64');
}

const isIndex = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

const isSortValue = (value: unknown): value is SortValue =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/** The order and values a cursor carries; null when it carries none, undefined when what it carries is malformed. */
function readSort(order: unknown, values: unknown): CursorSort | null | undefined {
  if (order === undefined && values === undefined) return null;
  if (typeof order !== 'string' || !Array.isArray(values) || values.length > MAX_SORT_VALUES || !values.every(isSortValue)) {
    return undefined;
  }
  return { order, values };
}

export function decodeCursor(cursor: string, field: string): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'));
  } catch {
    value = undefined;
  }
  const fields =
    typeof value === 'object' && value !== null
      ? (value as { last_id?: unknown; position?: unknown; order?: unknown; values?: unknown })
      : {};
  const position = fields.position === undefined ? null : fields.position;
  const sort = readSort(fields.order, fields.values);
  if (!isIndex(fields.last_id) || (position !== null && !isIndex(position)) || sort === undefined) {
    throw new ShopError(`Invalid cursor for Field '${field}': ${JSON.stringify(cursor.slice(0, 100))}`);
  }
  return { id: fields.last_id, position, sort };
}
