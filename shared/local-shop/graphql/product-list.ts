import type { CatalogueIndex, ProductSummary } from '../store/catalogue-index.ts';
import type { ProductRecord } from '../store/records.ts';
import { connectionFromIds, readConnectionArgs, type Connection } from './connection.ts';
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

type Comparator = (a: ProductSummary, b: ProductSummary) => number;

const byText =
  (pick: (p: ProductSummary) => string): Comparator =>
  (a, b) =>
    pick(a).localeCompare(pick(b), 'en', { sensitivity: 'base' });

/** Sort keys of `products` (ProductSortKeys) and of `Collection.products` (ProductCollectionSortKeys). */
function comparator(sortKey: string, query: ParsedQuery | null): Comparator | 'list-order' {
  switch (sortKey) {
    case 'ID':
    case 'BEST_SELLING':
      return (a, b) => a.id - b.id;
    case 'CREATED_AT':
    case 'CREATED':
      return (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id;
    case 'UPDATED_AT':
      return (a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.id - b.id;
    case 'PRICE':
      return (a, b) => a.minPriceCents - b.minPriceCents || a.id - b.id;
    case 'TITLE':
      return (a, b) => byText((p) => p.title)(a, b) || a.id - b.id;
    case 'PRODUCT_TYPE':
      return (a, b) => byText((p) => p.productType)(a, b) || a.id - b.id;
    case 'VENDOR':
      return (a, b) => byText((p) => p.vendor)(a, b) || a.id - b.id;
    case 'RELEVANCE':
      if (!query || query.length === 0) return 'list-order';
      return (a, b) => relevance(b, query) - relevance(a, query) || a.id - b.id;
    default:
      // COLLECTION_DEFAULT and MANUAL: the collection's own order.
      return 'list-order';
  }
}

export interface ProductListRequest {
  /** The list before sorting and filtering, in its own order (every product by id, or a collection's). */
  base: readonly ProductSummary[];
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
  ids: readonly number[];
  /** Each id's place in `ids`, for finding a cursor. */
  positions: ReadonlyMap<number, number>;
}

// Sorted id lists by catalogue index (so dropped when the catalogue changes), then list and sort key.
const keptOrders = new WeakMap<CatalogueIndex, Map<string, KeptOrder>>();

function keptOrder(index: CatalogueIndex, key: string, sort: () => number[]): KeptOrder {
  let orders = keptOrders.get(index);
  if (!orders) {
    orders = new Map();
    keptOrders.set(index, orders);
  }
  let kept = orders.get(key);
  if (!kept) {
    const ids = sort();
    kept = { ids, positions: new Map(ids.map((id, i) => [id, i])) };
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
  const compare = comparator(sortKey, query);
  const sortedIds = () => {
    const filtered = searched.filter((p) => passes(p, filters));
    return (compare === 'list-order' ? filtered : filtered.sort(compare)).map((p) => p.id);
  };
  // Unsearched, unfiltered lists are the same for every request until the catalogue changes.
  const kept =
    request.listKey && !query && filters.length === 0
      ? keptOrder(ctx.store.catalogueIndex(), `${request.listKey}\n${sortKey}`, sortedIds)
      : undefined;
  const connection = connectionFromIds(
    kept?.ids ?? sortedIds(),
    connectionArgs,
    request.field,
    (ids) => ctx.products(ids),
    (p: ProductRecord) => p.id,
    kept?.positions,
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
