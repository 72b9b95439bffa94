import {
  type BrowserEndpoint,
  browserGraphql,
  PREDICTIVE_SEARCH_QUERY,
  SEARCH_QUERY,
  StorefrontError,
} from '../../../shared/storefront/browser.ts';
import { isRecord } from '../../../shared/common/index.ts';

/**
 * Live search from the browser with the public token: the header's suggestions and the /search
 * page's results (docs/behaviour/search.md). Answers are read field by field, with no zod, so the
 * islands stay small; an answer of the wrong shape is a StorefrontError like any other.
 */

export interface SearchMoney {
  amount: string;
  currencyCode: string;
}

export interface SearchProduct {
  id: string;
  handle: string;
  title: string;
  description: string;
  price: SearchMoney;
  image: { url: string; altText: string | null } | null;
}

export interface SearchCollection {
  id: string;
  handle: string;
  title: string;
}

export interface Suggestions {
  products: SearchProduct[];
  collections: SearchCollection[];
}

export interface SearchPage {
  totalCount: number;
  products: SearchProduct[];
  endCursor: string | null;
  hasNextPage: boolean;
}

/** How many suggestions the box asks for (products and collections together). */
export const SUGGESTION_LIMIT = 8;
/** Results per /search page. */
export const RESULTS_PER_PAGE = 24;

export type SearchSort = 'relevance' | 'price-ascending' | 'price-descending';
const SORTS: Record<SearchSort, { sortKey: 'RELEVANCE' | 'PRICE'; reverse: boolean }> = {
  relevance: { sortKey: 'RELEVANCE', reverse: false },
  'price-ascending': { sortKey: 'PRICE', reverse: false },
  'price-descending': { sortKey: 'PRICE', reverse: true },
};
export const SEARCH_SORTS = Object.keys(SORTS) as SearchSort[];
export const isSearchSort = (value: string | null): value is SearchSort => value !== null && Object.hasOwn(SORTS, value);

function wrongShape(operation: string, where: string): StorefrontError {
  return new StorefrontError('invalid-response', `Unexpected response from the Storefront API (${operation}): ${where}`, operation);
}

function text(value: unknown, operation: string, where: string): string {
  if (typeof value !== 'string') throw wrongShape(operation, `${where} is not a string`);
  return value;
}

function list(value: unknown, operation: string, where: string): unknown[] {
  if (!Array.isArray(value)) throw wrongShape(operation, `${where} is not a list`);
  return value;
}

function readProduct(value: unknown, operation: string): SearchProduct {
  if (!isRecord(value)) throw wrongShape(operation, 'a product is not an object');
  const price = isRecord(value.priceRange) && isRecord(value.priceRange.minVariantPrice) ? value.priceRange.minVariantPrice : null;
  if (!price) throw wrongShape(operation, 'a product has no priceRange.minVariantPrice');
  const edges = isRecord(value.images) ? list(value.images.edges, operation, 'images.edges') : [];
  const first = edges[0];
  const image = isRecord(first) && isRecord(first.node) ? first.node : null;
  return {
    id: text(value.id, operation, 'id'),
    handle: text(value.handle, operation, 'handle'),
    title: text(value.title, operation, 'title'),
    description: typeof value.description === 'string' ? value.description : '',
    price: { amount: text(price.amount, operation, 'amount'), currencyCode: text(price.currencyCode, operation, 'currencyCode') },
    image: image
      ? { url: text(image.url, operation, 'image url'), altText: typeof image.altText === 'string' ? image.altText : null }
      : null,
  };
}

export async function fetchSuggestions(endpoint: BrowserEndpoint, query: string, signal?: AbortSignal): Promise<Suggestions> {
  const operation = 'PredictiveSearch';
  const data = await browserGraphql(endpoint, operation, PREDICTIVE_SEARCH_QUERY, { query, limit: SUGGESTION_LIMIT }, { signal });
  const result = data.predictiveSearch;
  if (result === null) return { products: [], collections: [] };
  if (!isRecord(result)) throw wrongShape(operation, 'predictiveSearch is not an object');
  return {
    products: list(result.products, operation, 'products').map((p) => readProduct(p, operation)),
    collections: list(result.collections, operation, 'collections').map((c) => {
      if (!isRecord(c)) throw wrongShape(operation, 'a collection is not an object');
      return { id: text(c.id, operation, 'id'), handle: text(c.handle, operation, 'handle'), title: text(c.title, operation, 'title') };
    }),
  };
}

export async function fetchSearchPage(
  endpoint: BrowserEndpoint,
  query: string,
  { after = null, sort = 'relevance' }: { after?: string | null; sort?: SearchSort } = {},
  signal?: AbortSignal,
): Promise<SearchPage> {
  const operation = 'Search';
  const data = await browserGraphql(
    endpoint,
    operation,
    SEARCH_QUERY,
    { query, first: RESULTS_PER_PAGE, after, ...SORTS[sort] },
    { signal },
  );
  const result = data.search;
  if (!isRecord(result)) throw wrongShape(operation, 'search is not an object');
  const pageInfo = isRecord(result.pageInfo) ? result.pageInfo : null;
  if (!pageInfo) throw wrongShape(operation, 'search has no pageInfo');
  const products = list(result.edges, operation, 'edges')
    .map((edge) => (isRecord(edge) ? edge.node : null))
    // Search may answer pages and articles too; only products are asked for, and only products are shown.
    .filter((node) => isRecord(node) && typeof node.handle === 'string' && isRecord(node.priceRange))
    .map((node) => readProduct(node, operation));
  return {
    totalCount: typeof result.totalCount === 'number' ? result.totalCount : products.length,
    products,
    endCursor: typeof pageInfo.endCursor === 'string' ? pageInfo.endCursor : null,
    hasNextPage: pageInfo.hasNextPage === true,
  };
}

/** The product page's path for a handle. */
export const productPath = (handle: string): string => `/product/${encodeURIComponent(handle)}`;
export const collectionPath = (handle: string): string => `/collections/${encodeURIComponent(handle)}`;
