import { MAX_PAGE_SIZE } from '../../storefront/browser.ts';
import { type Cursor, type CursorPlace, type SortValue, decodeCursor, encodeCursor } from './cursor.ts';
import type { Args } from './field-map.ts';
import { ShopError } from './shop-error.ts';

/**
 * Relay connections as Shopify serves them: `first`/`last` required (at most 250), `after`/`before`
 * cursors, `reverse`, and a `pageInfo` whose hasNextPage/hasPreviousPage say whether anything lies
 * beyond the page in either direction.
 */

/** The arguments every connection field takes. */
export const CONNECTION_ARGS = ['first', 'after', 'last', 'before', 'reverse'] as const;

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  nodes: T[];
  pageInfo: PageInfo;
}

export interface ConnectionArgs {
  first: number | null;
  last: number | null;
  after: Cursor | null;
  before: Cursor | null;
  reverse: boolean;
}

/** An ordered list the connection pages over, addressed by item ids. */
export interface PageSource {
  /** Ids strictly between `after` and `before` (null: unbounded), `limit` of them from the start or the end, in list order. */
  window(after: Cursor | null, before: Cursor | null, limit: number, fromEnd: boolean): number[];
  hasBeyond(id: number, direction: 'before' | 'after'): boolean;
  /** Where an item stands, for lists whose cursors carry it (any list not ordered by id alone). */
  placeOf?(id: number): CursorPlace | undefined;
}

/**
 * How a list of ids is ordered, so that a cursor finds its place again by its item's sort values and
 * id (as Shopify's cursors do) when that item has left the list or others before it have. The list
 * must be sorted by `compareAt`: each item after every item it compares after.
 */
export interface ListOrder {
  /** Names the order; a cursor's values are read only by a list in the order they were made in. */
  name: string;
  /** The sort values of the list's item at `at` (an index into the ids as given, before `reverse`). */
  valuesAt(at: number): SortValue[];
  /** Whether a cursor's values have the shape this order's values have for an item with that id. */
  fits(values: readonly SortValue[], id: number): boolean;
  /** Negative when an item with `values` and `id` comes before the list's item at `at`, positive after it, 0 for that item. */
  compareAt(values: readonly SortValue[], id: number, at: number): number;
  /**
   * The values are places that shift as the list is edited (a collection's products placed by hand),
   * not sort values of the item's own: a cursor whose item is in the list goes on from that item.
   */
  byPlace?: boolean;
}

function pageSize(args: Args, name: 'first' | 'last', field: string): number | null {
  const value = args[name];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_PAGE_SIZE) {
    throw new ShopError(
      `Argument '${name}' on Field '${field}' must be a page size from 0 to ${MAX_PAGE_SIZE}, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

export function readConnectionArgs(args: Args, field: string): ConnectionArgs {
  const first = pageSize(args, 'first', field);
  const last = pageSize(args, 'last', field);
  if (first === null && last === null) throw new ShopError('you must provide one of first or last');
  const cursor = (name: 'after' | 'before') => {
    const value = args[name];
    return typeof value === 'string' ? decodeCursor(value, field) : null;
  };
  return { first, last, after: cursor('after'), before: cursor('before'), reverse: args.reverse === true };
}

/** Relay's algorithm: window by cursors, then take `first` from the start, then `last` from the end. */
export function paginate<T>(
  source: PageSource,
  args: ConnectionArgs,
  load: (ids: number[]) => T[],
  idOf: (node: T) => number,
): Connection<T> {
  let ids =
    args.first !== null
      ? source.window(args.after, args.before, args.first, false)
      : source.window(args.after, args.before, args.last!, true);
  if (args.first !== null && args.last !== null) ids = ids.slice(Math.max(0, ids.length - args.last));
  const nodes = load(ids);
  const edges = nodes.map((node) => {
    const id = idOf(node);
    return { cursor: encodeCursor(id, source.placeOf?.(id)), node };
  });
  const firstId = nodes.length ? idOf(nodes[0]!) : null;
  const lastId = nodes.length ? idOf(nodes[nodes.length - 1]!) : null;
  return {
    edges,
    nodes,
    pageInfo: {
      hasNextPage: lastId !== null && source.hasBeyond(lastId, 'after'),
      hasPreviousPage: firstId !== null && source.hasBeyond(firstId, 'before'),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

/** A connection over a list already in memory (a product's images and variants, a cart's lines). */
export function connectionFromList<T>(items: readonly T[], idOf: (item: T) => number, args: ConnectionArgs, field: string): Connection<T> {
  return connectionFromIds(
    items.map(idOf),
    args,
    field,
    (ids) => {
      const byId = new Map(items.map((item) => [idOf(item), item]));
      return ids.map((id) => byId.get(id)!);
    },
    idOf,
  );
}

/** Options of a list kept between requests, or ordered by sort values. */
export interface ListOptions {
  /** Each id's index in `ids`, when the list comes with it. */
  positions?: ReadonlyMap<number, number>;
  /** The list's order, for cursors that carry their item's sort values. */
  order?: ListOrder;
}

/**
 * A connection over ids in their list order (sorted, filtered or searched products), loading only the
 * page's nodes. A page costs a few lookups and, for a cursor whose values are read, a binary search:
 * `reverse` reads the list from its end rather than copying it.
 */
export function connectionFromIds<T>(
  ids: readonly number[],
  args: ConnectionArgs,
  field: string,
  load: (ids: number[]) => T[],
  idOf: (node: T) => number,
  { positions, order }: ListOptions = {},
): Connection<T> {
  const count = ids.length;
  const reverse = args.reverse;
  const forward = positions ?? new Map(ids.map((id, i) => [id, i]));
  // `i` counts in the order the connection pages (turned by `reverse`); `at` indexes `ids`.
  const atOf = (i: number) => (reverse ? count - 1 - i : i);
  const indexOf = (id: number): number | undefined => {
    const at = forward.get(id);
    return at === undefined ? undefined : atOf(at);
  };
  // The first index at which `comesAfter` holds; it holds from some index to the end of the list.
  const firstWhere = (comesAfter: (i: number) => boolean) => {
    let low = 0;
    let high = count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (comesAfter(middle)) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  // Where an item with these sort values and id stands, or would stand: the index of the first item
  // after it ('after'), or of the first item not before it ('before').
  const byValues = (listOrder: ListOrder, values: readonly SortValue[], id: number, side: 'after' | 'before') => {
    const turn = reverse ? -1 : 1;
    const relation = (i: number) => turn * listOrder.compareAt(values, id, atOf(i));
    return firstWhere(side === 'after' ? (i) => relation(i) < 0 : (i) => relation(i) <= 0);
  };
  // Where the list goes on past a cursor: by its item's sort values and id when it carries them for
  // this order, so right after (or before) where that item stood, whatever changed since. Otherwise
  // after its item, or, when that item has left the list since (taken out of a collection, no longer
  // matching a search or a filter), at the index it held.
  const boundary = (cursor: Cursor, side: 'after' | 'before') => {
    const sort = cursor.sort;
    const values = order && sort?.order === order.name && order.fits(sort.values, cursor.id) ? sort.values : null;
    if (order && values && !order.byPlace) return byValues(order, values, cursor.id, side);
    const at = indexOf(cursor.id);
    if (at !== undefined) return side === 'after' ? at + 1 : at;
    if (order && values) return byValues(order, values, cursor.id, side);
    if (cursor.position === null) throw new ShopError(`Invalid cursor for Field '${field}': it points at no item of this list`);
    return Math.min(cursor.position, count);
  };
  const source: PageSource = {
    window(after, before, limit, fromEnd) {
      const start = after === null ? 0 : boundary(after, 'after');
      const end = Math.max(start, before === null ? count : boundary(before, 'before'));
      const from = fromEnd ? Math.max(start, end - limit) : start;
      const to = fromEnd ? end : Math.min(end, start + limit);
      const taken: number[] = [];
      for (let i = from; i < to; i++) taken.push(ids[atOf(i)]!);
      return taken;
    },
    hasBeyond(id, direction) {
      const at = indexOf(id)!;
      return direction === 'after' ? at < count - 1 : at > 0;
    },
    placeOf(id) {
      const at = indexOf(id);
      if (at === undefined) return undefined;
      return order ? { position: at, sort: { order: order.name, values: order.valuesAt(atOf(at)) } } : { position: at };
    },
  };
  return paginate(source, args, load, idOf);
}
