import { escapeHtml } from '../../common/index.ts';
import type { CatalogueIndex, ProductSummary } from '../store/catalogue-index.ts';
import type { ArticleRecord, CollectionRecord, PageRecord } from '../store/content-records.ts';
import type { ProductRecord } from '../store/records.ts';
import { connectionFromIds, readConnectionArgs, type ListOrder } from './connection.ts';
import type { SortValue } from './cursor.ts';
import { plainText } from './content-fields.ts';
import type { ShopContext } from './context.ts';
import type { Args } from './field-map.ts';
import { filterGroups, passes, readFilters } from './product-list.ts';
import { matchesQuery, parseProductQuery, relevance, textMatchesQuery, type ParsedQuery } from './product-search.ts';
import { ShopError } from './shop-error.ts';

/**
 * `search`, `predictiveSearch` and `productRecommendations`. Results carry `trackingParameters` the
 * way Shopify's do (`_pos`, `_psq`, `_ss`, `_v`; `pr_*` for recommendations), so a storefront's links
 * look the same against the embedded shop.
 */

/** Search results mix products, pages and articles: their ids are kept apart by these offsets in cursors. */
const PAGE_OFFSET = 1_000_000_000;
const ARTICLE_OFFSET = 2_000_000_000;
const [PRODUCT_KIND, PAGE_KIND, ARTICLE_KIND] = [0, 1, 2];
const kindOf = (id: number) => (id < PAGE_OFFSET ? PRODUCT_KIND : id < ARTICLE_OFFSET ? PAGE_KIND : ARTICLE_KIND);

type Tracked<T> = T & { trackingParameters: string };

function track<T extends object>(item: T, params: string): Tracked<T> {
  return { ...item, trackingParameters: params };
}

function searchTracking(position: number, query: string): string {
  return new URLSearchParams({ _pos: String(position), _psq: query, _ss: 'e', _v: '1.0' }).toString();
}

function availabilityOrder(products: ProductSummary[], mode: unknown): ProductSummary[] {
  if (mode === 'HIDE') return products.filter((p) => p.available);
  if (mode === 'SHOW') return products;
  // LAST (Shopify's default): sold-out products after the rest, each part in its own order.
  return [...products.filter((p) => p.available), ...products.filter((p) => !p.available)];
}

function requiredQuery(args: Args, field: string): string {
  const query = typeof args.query === 'string' ? args.query.trim() : '';
  if (!query) throw new ShopError(`Argument 'query' on Field '${field}' must not be empty`);
  return query;
}

export function search(args: Args, ctx: ShopContext) {
  const queryText = requiredQuery(args, 'search');
  const connectionArgs = readConnectionArgs(args, 'search');
  const query = parseProductQuery(queryText, args.prefix === 'LAST');
  const types = Array.isArray(args.types) && args.types.length ? new Set(args.types as string[]) : new Set(['PRODUCT', 'PAGE', 'ARTICLE']);
  const filters = readFilters(args.productFilters);

  // Words the query parser keeps none of (only brackets, say) find nothing, not everything.
  const found = types.has('PRODUCT') && query.length > 0 ? ctx.store.catalogueIndex().products.filter((p) => matchesQuery(p, query)) : [];
  const mode = typeof args.unavailableProducts === 'string' ? args.unavailableProducts : 'LAST';
  const shown = found.filter((p) => passes(p, filters) && (mode !== 'HIDE' || p.available));
  const pages = types.has('PAGE')
    ? ctx.store.content.pages().filter((p) => textMatchesQuery(`${p.title} ${plainText(p.body)}`, query))
    : [];
  const articles = types.has('ARTICLE')
    ? ctx.store.content.articles().filter((a) => textMatchesQuery(`${a.title} ${plainText(a.body)} ${a.tags.join(' ')}`, query))
    : [];

  // Each result's sort values: its kind (products, then pages, then articles); for a product, whether
  // it comes last for being sold out (LAST), then its price or relevance. `reverse` turns the price or
  // relevance and the id, not the kinds nor where sold-out products go.
  const byPrice = args.sortKey === 'PRICE';
  const turn = connectionArgs.reverse ? -1 : 1;
  const results = [
    ...shown.map((p) => ({
      id: p.id,
      values: [PRODUCT_KIND, mode === 'LAST' && !p.available ? 1 : 0, byPrice ? p.minPriceCents : relevance(p, query)],
    })),
    ...pages.map((p) => ({ id: p.id + PAGE_OFFSET, values: [PAGE_KIND, 0, 0] })),
    ...articles.map((a) => ({ id: a.id + ARTICLE_OFFSET, values: [ARTICLE_KIND, 0, 0] })),
  ];
  const compare = (a: readonly SortValue[], aId: number, b: readonly SortValue[], bId: number) => {
    const [aKind, aLast, aValue] = a as number[];
    const [bKind, bLast, bValue] = b as number[];
    return aKind! - bKind! || aLast! - bLast! || turn * (byPrice ? aValue! - bValue! : bValue! - aValue!) || turn * (aId - bId);
  };
  results.sort((a, b) => compare(a.values, a.id, b.values, b.id));
  const order: ListOrder = {
    name: `search ${byPrice ? 'PRICE' : 'RELEVANCE'} ${mode}`,
    valuesAt: (at) => results[at]!.values,
    fits: (values, id) => values.length === 3 && values.every((v) => typeof v === 'number') && values[0] === kindOf(id),
    compareAt: (values, id, at) => compare(values, id, results[at]!.values, results[at]!.id),
  };

  const ids = results.map((r) => r.id);
  const pagesById = new Map(pages.map((p) => [p.id + PAGE_OFFSET, p]));
  const articlesById = new Map(articles.map((a) => [a.id + ARTICLE_OFFSET, a]));
  const positions = new Map(ids.map((id, i) => [id, i]));
  type Item = { key: number; node: Tracked<ProductRecord | PageRecord | ArticleRecord> };
  const connection = connectionFromIds(
    ids,
    { ...connectionArgs, reverse: false },
    'search',
    (pageIds): Item[] => {
      const loaded = new Map(ctx.products(pageIds.filter((id) => id < PAGE_OFFSET)).map((p) => [p.id, p]));
      return pageIds.flatMap((id) => {
        const node = id < PAGE_OFFSET ? loaded.get(id) : (pagesById.get(id) ?? articlesById.get(id));
        return node ? [{ key: id, node: track(node, searchTracking(positions.get(id)! + 1, queryText)) }] : [];
      });
    },
    (item) => item.key,
    { positions, order },
  );
  return {
    edges: connection.edges.map((edge) => ({ cursor: edge.cursor, node: edge.node.node })),
    nodes: connection.nodes.map((item) => item.node),
    pageInfo: connection.pageInfo,
    totalCount: ids.length,
    productFilters: () => filterGroups(found, filters),
  };
}

const PREDICTIVE_DEFAULT_LIMIT = 10;

function suggestions(index: ProductSummary[], query: ParsedQuery, queryText: string): { text: string; styledText: string }[] {
  if (query.length === 0) return [];
  const last = queryText.toLowerCase().split(/\s+/).pop() ?? '';
  const before = queryText.toLowerCase().slice(0, queryText.length - last.length);
  const seen = new Set<string>();
  const out: { text: string; styledText: string }[] = [];
  const candidates = index.filter((p) => matchesQuery(p, query)).flatMap((p) => [...p.tags, p.title.toLowerCase()]);
  for (const candidate of candidates) {
    const words = candidate.toLowerCase().split(/\s+/);
    const word = words.find((w) => w.startsWith(last) && w.length > last.length);
    if (!word) continue;
    const text = `${before}${word}`.trim();
    if (seen.has(text)) continue;
    seen.add(text);
    // Shopify marks the part the suggestion adds to what was typed.
    out.push({ text, styledText: `${escapeHtml(`${before}${last}`)}<mark>${escapeHtml(word.slice(last.length))}</mark>` });
  }
  return out;
}

export function predictiveSearch(args: Args, ctx: ShopContext) {
  const queryText = requiredQuery(args, 'predictiveSearch');
  const limit = typeof args.limit === 'number' ? args.limit : PREDICTIVE_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > 10)
    throw new ShopError("Argument 'limit' on Field 'predictiveSearch' must be from 1 to 10");
  const types =
    Array.isArray(args.types) && args.types.length
      ? new Set(args.types as string[])
      : new Set(['PRODUCT', 'COLLECTION', 'PAGE', 'ARTICLE', 'QUERY']);
  const fields =
    Array.isArray(args.searchableFields) && args.searchableFields.length
      ? new Set(args.searchableFields as string[])
      : new Set(['TITLE', 'PRODUCT_TYPE', 'VARIANTS_TITLE', 'VENDOR']);
  const query = parseProductQuery(queryText, true);
  const index = ctx.store.catalogueIndex().products;

  const fieldText = (p: ProductSummary) =>
    [
      fields.has('TITLE') ? p.title : '',
      fields.has('PRODUCT_TYPE') ? p.productType : '',
      fields.has('VENDOR') ? p.vendor : '',
      fields.has('TAG') ? p.tags.join(' ') : '',
      fields.has('BODY') ? p.description : '',
      fields.has('VARIANTS_TITLE') ? p.variants.map((v) => v.title).join(' ') : '',
      fields.has('VARIANTS_SKU') ? p.variants.map((v) => v.sku ?? '').join(' ') : '',
    ].join(' ');
  const ranked = index
    .filter((p) => textMatchesQuery(fieldText(p), query))
    .sort((a, b) => relevance(b, query) - relevance(a, query) || a.id - b.id);
  const products = availabilityOrder(ranked, args.unavailableProducts);

  let budget = limit;
  const take = <T>(items: T[]): T[] => {
    if (args.limitScope === 'EACH') return items.slice(0, limit);
    const taken = items.slice(0, budget);
    budget -= taken.length;
    return taken;
  };
  const productRecords = types.has('PRODUCT') ? ctx.products(take(products.map((p) => p.id))) : [];
  const collections: CollectionRecord[] = types.has('COLLECTION')
    ? take(ctx.store.content.collections().filter((c) => textMatchesQuery(c.title, query)))
    : [];
  const pages: PageRecord[] = types.has('PAGE') ? take(ctx.store.content.pages().filter((p) => textMatchesQuery(p.title, query))) : [];
  const articles: ArticleRecord[] = types.has('ARTICLE')
    ? take(ctx.store.content.articles().filter((a) => textMatchesQuery(a.title, query)))
    : [];
  const queries = types.has('QUERY') ? take(suggestions(index, query, queryText)) : [];
  const tracked = <T extends object>(items: T[]) => items.map((item, i) => track(item, searchTracking(i + 1, queryText)));
  return {
    products: tracked(productRecords),
    collections: tracked(collections),
    pages: tracked(pages),
    articles: tracked(articles),
    queries: tracked(queries),
  };
}

const RECOMMENDATION_LIMIT = 10;

/** Available products grouped by what the score reads (collections, product type, tags); ids ascending in each group. */
interface RecommendationGroup {
  collections: number[];
  productType: string;
  tags: string[];
  ids: number[];
}
interface RecommendationIndex {
  memberOf: Map<number, number[]>;
  groups: RecommendationGroup[];
}

// Built once per catalogue index (so once per change of the catalogue), not once per request: a build
// asks for every product's recommendations, and scoring every product each time is quadratic.
const recommendationIndexes = new WeakMap<CatalogueIndex, RecommendationIndex>();

function recommendationIndex(index: CatalogueIndex): RecommendationIndex {
  const cached = recommendationIndexes.get(index);
  if (cached) return cached;
  const memberOf = new Map<number, number[]>();
  for (const [collectionId, ids] of index.collections) {
    for (const id of new Set(ids)) {
      const list = memberOf.get(id) ?? [];
      list.push(collectionId);
      memberOf.set(id, list);
    }
  }
  const groups = new Map<string, RecommendationGroup>();
  for (const p of index.products) {
    if (!p.available) continue;
    const collections = [...(memberOf.get(p.id) ?? [])].sort((a, b) => a - b);
    const tags = p.tags.map((t) => t.toLowerCase());
    const key = JSON.stringify([collections, p.productType, tags]);
    const group = groups.get(key) ?? { collections, productType: p.productType, tags, ids: [] };
    groups.set(key, group);
    group.ids.push(p.id);
  }
  for (const group of groups.values()) group.ids.sort((a, b) => a - b);
  const built = { memberOf, groups: [...groups.values()] };
  recommendationIndexes.set(index, built);
  return built;
}

/**
 * Related products, best first: 3 per shared collection, 1 for the same product type, 2 per shared
 * tag; ties by id. Products with the same collections, type and tags score alike, so only the first
 * few ids of each such group can make the list.
 */
export function rankRecommendations(index: CatalogueIndex, self: ProductSummary): { p: ProductSummary; s: number }[] {
  const { memberOf, groups } = recommendationIndex(index);
  const own = new Set(memberOf.get(self.id) ?? []);
  const tags = new Set(self.tags.map((t) => t.toLowerCase()));
  const candidates: { p: ProductSummary; s: number }[] = [];
  for (const group of groups) {
    const s =
      3 * group.collections.filter((id) => own.has(id)).length +
      (group.productType === self.productType ? 1 : 0) +
      group.tags.filter((t) => tags.has(t)).length * 2;
    if (s <= 0) continue;
    let taken = 0;
    for (const id of group.ids) {
      if (id === self.id) continue;
      candidates.push({ p: index.byId.get(id)!, s });
      if (++taken === RECOMMENDATION_LIMIT) break;
    }
  }
  return candidates.sort((a, b) => b.s - a.s || a.p.id - b.p.id).slice(0, RECOMMENDATION_LIMIT);
}

export function productRecommendations(product: ProductRecord | null, intent: unknown, ctx: ShopContext): ProductRecord[] | null {
  if (!product) return null;
  // Complementary products are chosen by hand on Shopify; the embedded shop has none configured.
  if (intent === 'COMPLEMENTARY') return [];
  const index = ctx.store.catalogueIndex();
  const self = index.byId.get(product.id);
  if (!self) return [];
  const ranked = rankRecommendations(index, self);
  return ctx.products(ranked.map((x) => x.p.id)).map((p, i) =>
    track(
      p,
      new URLSearchParams({
        pr_prod_strat: 'collection',
        pr_rec_id: `${self.id.toString(16)}${p.id.toString(16)}`,
        pr_rec_pid: String(p.id),
        pr_ref_pid: String(self.id),
        pr_seq: 'uniform',
        _pos: String(i + 1),
      }).toString(),
    ),
  );
}
