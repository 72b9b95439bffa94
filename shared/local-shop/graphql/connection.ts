import { MAX_PAGE_SIZE } from '../../storefront/browser.ts';
import { type Cursor, decodeCursor, encodeCursor } from './cursor.ts';
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
  /** An id's index in the list, for lists whose cursors carry it (sorted and searched lists). */
  positionOf?(id: number): number | undefined;
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
    return { cursor: encodeCursor(id, source.positionOf?.(id)), node };
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

/**
 * A connection over ids in their list order (sorted, filtered or searched products), loading only the
 * page's nodes. `positions` (each id's place in `ids`) may come with a list that is kept between requests.
 */
export function connectionFromIds<T>(
  ids: readonly number[],
  args: ConnectionArgs,
  field: string,
  load: (ids: number[]) => T[],
  idOf: (node: T) => number,
  positions?: ReadonlyMap<number, number>,
): Connection<T> {
  const ordered = args.reverse ? [...ids].reverse() : ids;
  const index = positions && !args.reverse ? positions : new Map(ordered.map((id, i) => [id, i]));
  // Where the list goes on past a cursor: after its item, or, when that item has left the list since
  // (taken out of a collection, no longer matching a search or a filter), at the place it held,
  // which the next item now holds.
  const boundary = (cursor: Cursor, side: 'after' | 'before') => {
    const at = index.get(cursor.id);
    if (at !== undefined) return side === 'after' ? at + 1 : at;
    if (cursor.position === null) throw new ShopError(`Invalid cursor for Field '${field}': it points at no item of this list`);
    return Math.min(cursor.position, ordered.length);
  };
  const source: PageSource = {
    window(after, before, limit, fromEnd) {
      const start = after === null ? 0 : boundary(after, 'after');
      const end = before === null ? ordered.length : boundary(before, 'before');
      const slice = ordered.slice(start, Math.max(start, end));
      const taken = fromEnd ? slice.slice(Math.max(0, slice.length - limit)) : slice.slice(0, limit);
      return [...taken];
    },
    hasBeyond(id, direction) {
      const at = index.get(id)!;
      return direction === 'after' ? at < ordered.length - 1 : at > 0;
    },
    positionOf: (id) => index.get(id),
  };
  return paginate(source, args, load, idOf);
}
