import type { CatalogueIndex, ProductSummary } from '../store/catalogue-index.ts';
import type { ProductRecord } from '../store/records.ts';
import { connectionFromIds, readConnectionArgs, type Connection, type ListOrder } from './connection.ts';
import type { SortValue } from './cursor.ts';
import type { ShopContext } from './context.ts';
import type { Args } from './field-map.ts';
import { matchesQuery, parseProductQuery, relevance, type ParsedQuery } from './product-search.ts';
import { ShopError, notImplemented } from './shop-error.ts';

/**
 * Lists of products in memory: sorted by any of Shopify's sort keys, narrowed by a search query and
 * by `ProductFilter`s, with the filter groups (`ProductConnection.filters`) and their counts. The
 * embedded shop takes no orders, so BEST_SELLING keeps the order products were created in.
 */

export interface FilterValue {
  id: string;
  label: string;
  count: number;
  input: string;
  image: null;
  swatch: null;
}

export interface FilterGroup {
  id: string;
  label: string;
  type: 'LIST' | 'PRICE_RANGE' | 'BOOLEAN';
  presentation: 'TEXT' | null;
  values: FilterValue[];
}

/** `filters` is computed only when a document selects it. */
export type ProductConnection = Connection<ProductRecord> & { filters: () => FilterGroup[] };

interface ParsedFilter {
  kind: string;
  test: (p: ProductSummary) => boolean;
}

function readFilters(raw: unknown): ParsedFilter[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((filter: Readonly<Record<string, unknown>>): ParsedFilter => {
    const given = Object.entries(filter).filter(([, v]) => v !== null && v !== undefined);
    if (given.length !== 1) throw new ShopError('Each ProductFilter must set exactly one of its fields');
    const [name, value] = given[0]!;
    switch (name) {
      case 'available':
        return { kind: 'available', test: (p) => p.available === value };
      case 'price': {
        const range = value as { min?: number | null; max?: number | null };
        const min = range.min == null ? -Infinity : Math.round(range.min * 100);
        const max = range.max == null ? Infinity : Math.round(range.max * 100);
        return { kind: 'price', test: (p) => p.variants.some((v) => v.priceCents >= min && v.priceCents <= max) };
      }
      case 'productType':
        return { kind: 'productType', test: (p) => p.productType.toLowerCase() === String(value).toLowerCase() };
      case 'productVendor':
        return { kind: 'productVendor', test: (p) => p.vendor.toLowerCase() === String(value).toLowerCase() };
      case 'tag':
        return { kind: 'tag', test: (p) => p.tags.some((t) => t.toLowerCase() === String(value).toLowerCase()) };
      case 'variantOption': {
        const option = value as { name: string; value: string };
        const optionName = option.name.toLowerCase();
        const optionValue = option.value.toLowerCase();
        return {
          kind: `option:${optionName}`,
          test: (p) =>
            p.variants.some((v) =>
              v.selectedOptions.some((o) => o.name.toLowerCase() === optionName && o.value.toLowerCase() === optionValue),
            ),
        };
      }
      default:
        throw notImplemented(`Filter '${name}' (the embedded shop has no metafields or taxonomy)`);
    }
  });
}

/** Filters of one kind are alternatives (Size S or M); different kinds must all hold. */
function passes(product: ProductSummary, filters: readonly ParsedFilter[], skipKind?: string): boolean {
  const byKind = new Map<string, ParsedFilter[]>();
  for (const f of filters) if (f.kind !== skipKind) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f]);
  for (const group of byKind.values()) if (!group.some((f) => f.test(product))) return false;
  return true;
}

const formatAmount = (cents: number) => String(Number((cents / 100).toFixed(2)));

function optionKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** The filter groups Shopify's Search & Discovery defaults give: availability, price, product type, each option. */
export function filterGroups(base: readonly ProductSummary[], filters: readonly ParsedFilter[]): FilterGroup[] {
  const count = (kind: string, test: (p: ProductSummary) => boolean) => base.filter((p) => passes(p, filters, kind) && test(p)).length;
  const groups: FilterGroup[] = [
    {
      id: 'filter.v.availability',
      label: 'Availability',
      type: 'LIST',
      presentation: 'TEXT',
      values: [true, false].map((available) => ({
        id: `filter.v.availability.${available ? 1 : 0}`,
        label: available ? 'In stock' : 'Out of stock',
        count: count('available', (p) => p.available === available),
        input: JSON.stringify({ available }),
        image: null,
        swatch: null,
      })),
    },
  ];
  const prices = base.flatMap((p) => p.variants.map((v) => v.priceCents));
  groups.push({
    id: 'filter.v.price',
    label: 'Price',
    type: 'PRICE_RANGE',
    presentation: null,
    values: [
      {
        id: 'filter.v.price',
        label: 'Price',
        count: 0,
        input: JSON.stringify({ price: { min: 0, max: Number(formatAmount(prices.length ? Math.max(...prices) : 0)) } }),
        image: null,
        swatch: null,
      },
    ],
  });
  const types = [...new Set(base.map((p) => p.productType).filter(Boolean))].sort();
  if (types.length) {
    groups.push({
      id: 'filter.p.product_type',
      label: 'Product type',
      type: 'LIST',
      presentation: 'TEXT',
      values: types.map((type) => ({
        id: `filter.p.product_type.${optionKey(type)}`,
        label: type,
        count: count('productType', (p) => p.productType === type),
        input: JSON.stringify({ productType: type }),
        image: null,
        swatch: null,
      })),
    });
  }
  const options = new Map<string, { name: string; values: string[] }>();
  for (const product of base) {
    for (const variant of product.variants) {
      for (const o of variant.selectedOptions) {
        if (o.name === 'Title' && o.value === 'Default Title') continue;
        const entry = options.get(o.name.toLowerCase()) ?? { name: o.name, values: [] };
        if (!entry.values.includes(o.value)) entry.values.push(o.value);
        options.set(o.name.toLowerCase(), entry);
      }
    }
  }
  for (const [key, option] of options) {
    groups.push({
      id: `filter.v.option.${optionKey(key)}`,
      label: option.name,
      type: 'LIST',
      presentation: 'TEXT',
      values: option.values.map((value) => ({
        id: `filter.v.option.${optionKey(key)}.${optionKey(value)}`,
        label: value,
        count: count(`option:${key}`, (p) =>
          p.variants.some((v) => v.selectedOptions.some((s) => s.name === option.name && s.value === value)),
        ),
        input: JSON.stringify({ variantOption: { name: option.name, value } }),
        image: null,
        swatch: null,
      })),
    });
  }
  return groups;
}

/**
 * An order of products: the values each is sorted by (what its cursors carry), compared in turn, and
 * then the id. Lists are sorted by these same values, so a cursor's values find their place by a
 * binary search.
 */
interface Ordering {
  /** Names the order in cursors: sort keys that order alike share a name. */
  name: string;
  values(p: ProductSummary): SortValue[];
  compare(a: readonly SortValue[], b: readonly SortValue[]): number;
  /** Whether a cursor's values have the shape of this order's. */
  fits(values: readonly SortValue[]): boolean;
  byPlace?: boolean;
}

// One collator each, as `localeCompare` with these arguments would make one per call.
const textCollator = new Intl.Collator('en', { sensitivity: 'base' });
const dateCollator = new Intl.Collator();

const byId: Ordering = { name: 'ID', values: () => [], compare: () => 0, fits: (values) => values.length === 0 };

function byNumber(name: string, pick: (p: ProductSummary) => number, descending = false): Ordering {
  const turn = descending ? -1 : 1;
  return {
    name,
    values: (p) => [pick(p)],
    compare: (a, b) => turn * ((a[0] as number) - (b[0] as number)),
    fits: (values) => values.length === 1 && typeof values[0] === 'number',
  };
}

function byText(name: string, pick: (p: ProductSummary) => string, collator: Intl.Collator): Ordering {
  return {
    name,
    values: (p) => [pick(p)],
    compare: (a, b) => collator.compare(a[0] as string, b[0] as string),
    fits: (values) => values.length === 1 && typeof values[0] === 'string',
  };
}

/**
 * A collection's own order: the products placed by hand by their places (kept when others are taken
 * out), then the rest by id.
 */
function byPlace(placed: ReadonlyMap<number, number>): Ordering {
  return {
    name: 'COLLECTION_DEFAULT',
    values: (p) => {
      const place = placed.get(p.id);
      return place === undefined ? [1, 0] : [0, place];
    },
    compare: (a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number),
    fits: (values) => values.length === 2 && values.every((v) => typeof v === 'number'),
    byPlace: true,
  };
}

/**
 * Sort keys of `products` (ProductSortKeys) and of `Collection.products` (ProductCollectionSortKeys).
 * `placed` is a collection's products placed by hand, for its own order; a list without one (every
 * product) has the order of ids as its own.
 */
function ordering(sortKey: string, query: ParsedQuery | null, placed: ReadonlyMap<number, number> | undefined): Ordering {
  const ownOrder = placed ? byPlace(placed) : byId;
  switch (sortKey) {
    case 'ID':
    case 'BEST_SELLING':
      return byId;
    case 'CREATED_AT':
    case 'CREATED':
      return byText('CREATED_AT', (p) => p.createdAt, dateCollator);
    case 'UPDATED_AT':
      return byText('UPDATED_AT', (p) => p.updatedAt, dateCollator);
    case 'PRICE':
      return byNumber('PRICE', (p) => p.minPriceCents);
    case 'TITLE':
      return byText('TITLE', (p) => p.title, textCollator);
    case 'PRODUCT_TYPE':
      return byText('PRODUCT_TYPE', (p) => p.productType, textCollator);
    case 'VENDOR':
      return byText('VENDOR', (p) => p.vendor, textCollator);
    case 'RELEVANCE':
      if (!query || query.length === 0) return ownOrder;
      return byNumber('RELEVANCE', (p) => relevance(p, query), true);
    default:
      // COLLECTION_DEFAULT and MANUAL: the collection's own order.
      return ownOrder;
  }
}

/** Sorted by the order's values, each product's worked out once. */
function sortedBy(products: readonly ProductSummary[], order: Ordering): ProductSummary[] {
  const keyed = products.map((p) => ({ p, values: order.values(p) }));
  keyed.sort((a, b) => order.compare(a.values, b.values) || a.p.id - b.p.id);
  return keyed.map((k) => k.p);
}

/** The order as the connection reads it, over products sorted by it. */
function listOrder(order: Ordering, sorted: readonly ProductSummary[]): ListOrder {
  return {
    name: order.name,
    byPlace: order.byPlace,
    valuesAt: (at) => order.values(sorted[at]!),
    fits: (values) => order.fits(values),
    compareAt: (values, id, at) => {
      const item = sorted[at]!;
      return order.compare(values, order.values(item)) || id - item.id;
    },
  };
}

export interface ProductListRequest {
  /** The list before sorting and filtering, in its own order (every product by id, or a collection's). */
  base: readonly ProductSummary[];
  /** A collection's products placed by hand and their places, which give its own order before the rest by id. */
  placed?: ReadonlyMap<number, number>;
  /**
   * Names `base` within the catalogue index it came from ("all", "collection:7"), so its sorted orders
   * are kept with that index: a client walking a large collection's cursor pages sorts it once, not
   * once per page.
   */
  listKey?: string;
  args: Args;
  field: string;
  defaultSortKey: string;
}

interface KeptOrder {
  products: readonly ProductSummary[];
  ids: readonly number[];
  /** Each id's place in `ids`, for finding a cursor. */
  positions: ReadonlyMap<number, number>;
}

// Sorted lists by catalogue index (so dropped when the catalogue changes), then list and sort key.
const keptOrders = new WeakMap<CatalogueIndex, Map<string, KeptOrder>>();

function keptOrder(index: CatalogueIndex, key: string, sort: () => ProductSummary[]): KeptOrder {
  let orders = keptOrders.get(index);
  if (!orders) {
    orders = new Map();
    keptOrders.set(index, orders);
  }
  let kept = orders.get(key);
  if (!kept) {
    const products = sort();
    const ids = products.map((p) => p.id);
    kept = { products, ids, positions: new Map(ids.map((id, i) => [id, i])) };
    orders.set(key, kept);
  }
  return kept;
}

export function productList(ctx: ShopContext, request: ProductListRequest): ProductConnection {
  const connectionArgs = readConnectionArgs(request.args, request.field);
  const query = typeof request.args.query === 'string' && request.args.query.trim() ? parseProductQuery(request.args.query) : null;
  const filters = readFilters(request.args.filters);
  const searched = query ? request.base.filter((p) => matchesQuery(p, query)) : request.base;
  const sortKey = typeof request.args.sortKey === 'string' ? request.args.sortKey : request.defaultSortKey;
  const order = ordering(sortKey, query, request.placed);
  const sorted = () => sortedBy(filters.length ? searched.filter((p) => passes(p, filters)) : searched, order);
  // Unsearched, unfiltered lists are the same for every request until the catalogue changes.
  const kept =
    request.listKey && !query && filters.length === 0
      ? keptOrder(ctx.store.catalogueIndex(), `${request.listKey}\n${sortKey}`, sorted)
      : undefined;
  const products = kept?.products ?? sorted();
  const connection = connectionFromIds(
    kept?.ids ?? products.map((p) => p.id),
    connectionArgs,
    request.field,
    (ids) => ctx.products(ids),
    (p: ProductRecord) => p.id,
    { positions: kept?.positions, order: listOrder(order, products) },
  );
  return { ...connection, filters: () => filterGroups(searched, filters) };
}

export { readFilters, passes, type ParsedFilter };

const collectionBases = new WeakMap<CatalogueIndex, Map<number, readonly ProductSummary[]>>();

/** A collection's products in its own order (kept with the catalogue index, like the sorted orders). */
export function collectionBase(index: CatalogueIndex, collectionId: number): readonly ProductSummary[] {
  let bases = collectionBases.get(index);
  if (!bases) {
    bases = new Map();
    collectionBases.set(index, bases);
  }
  let base = bases.get(collectionId);
  if (!base) {
    base = (index.collections.get(collectionId) ?? []).flatMap((id) => index.byId.get(id) ?? []);
    bases.set(collectionId, base);
  }
  return base;
}
