import type { CollectionOrder } from '../../../shared/storefront/index.ts';
import type { Collection, Product } from '../../../shared/storefront/browser.ts';
import { loading, perBuild, perBuildByKey, productsById, storefront } from '../catalogue/catalogue.ts';

/**
 * Build-time collections (docs/behaviour/collections.md): the list, and each collection's products in
 * each order, fetched once per build and shared by every page that needs them. The shop answers which
 * products a collection holds, in which order (ids only); the products themselves are the catalogue's,
 * which the build holds already, so a large collection in four orders is not four more catalogues.
 */

export interface CollectionSort {
  slug: string;
  label: string;
  order: CollectionOrder;
}

/** The orders a shopper can pick; the first is the default (no segment in the URL). */
export const COLLECTION_SORTS: readonly CollectionSort[] = [
  { slug: 'newest', label: 'Newest', order: { sortKey: 'CREATED', reverse: true } },
  { slug: 'best-selling', label: 'Best selling', order: { sortKey: 'BEST_SELLING', reverse: false } },
  { slug: 'price-ascending', label: 'Price: low to high', order: { sortKey: 'PRICE', reverse: false } },
  { slug: 'price-descending', label: 'Price: high to low', order: { sortKey: 'PRICE', reverse: true } },
];
export const DEFAULT_SORT = COLLECTION_SORTS[0]!;

/** Products on one collection page (docs/behaviour/constants.md). */
export const COLLECTION_PAGE_SIZE = 24;

/** Shopify's "Home page" collection feeds a theme's front page; it is built but not listed among the collections. */
const UNLISTED = new Set(['frontpage']);

export const allCollections: () => Promise<Collection[]> = perBuild(() => loading('the collections', () => storefront().collections()));

/**
 * The collections this build makes pages for: those the shop lists and still answers for when their
 * products are read. One deleted in between gets no pages, so no tile, menu item or sitemap entry
 * may point at it. The default order is the one the paths read anyway.
 */
export const builtCollections: () => Promise<Collection[]> = perBuild(async () => {
  const lists = await everyCollectionProducts([DEFAULT_SORT]);
  return lists.flatMap(({ collection, products }) => (products ? [collection] : []));
});

/** The collections shoppers browse: every built one but the front page's. */
export async function listedCollections(): Promise<Collection[]> {
  return (await builtCollections()).filter((c) => !UNLISTED.has(c.handle));
}

/**
 * A collection's products in one order, or null when the shop has no such collection. A product the
 * catalogue walk did not see (published since) is left out: it has no page in this build to link to.
 */
const productLists = perBuildByKey<Product[] | null>();

export function collectionProducts(handle: string, sort: CollectionSort): Promise<Product[] | null> {
  return productLists(`${handle}\n${sort.slug}`, async () => {
    const [ids, byId] = await Promise.all([
      loading(`the products of collection ${handle}`, () => storefront().collectionProductIds(handle, sort.order)),
      productsById(),
    ]);
    if (ids === null) return null;
    const list = ids.flatMap((id) => byId.get(id) ?? []);
    return sort.slug === DEFAULT_SORT.slug ? list : sameProductsAs(await collectionProducts(handle, DEFAULT_SORT), list);
  });
}

/**
 * Another order's list holding the default order's products. The other orders are read after the
 * default one, whose count made the collection's pages: a product added to the collection in
 * between is left out (as the default order has it not), and one taken out in between goes last,
 * so every order has the same products, count and pages.
 */
function sameProductsAs(base: Product[] | null, list: Product[]): Product[] {
  if (!base) return list;
  const inBase = new Set(base.map((product) => product.id));
  const kept = list.filter((product) => inBase.has(product.id));
  const inKept = new Set(kept.map((product) => product.id));
  return [...kept, ...base.filter((product) => !inKept.has(product.id))];
}

/** `/collections/{handle}`, with `/sort/{slug}` for another order and `/page/{n}` after the first page. */
export function collectionPath(handle: string, sort: CollectionSort = DEFAULT_SORT, page = 1): string {
  let path = `/collections/${encodeURIComponent(handle)}`;
  if (sort.slug !== DEFAULT_SORT.slug) path += `/sort/${sort.slug}`;
  if (page > 1) path += `/page/${page}`;
  return path;
}

/** The `[...rest]` part of a collection page's path. */
export function restOf(sort: CollectionSort, page: number): string | undefined {
  const rest = collectionPath('x', sort, page).slice('/collections/x/'.length);
  return rest || undefined;
}

// Type aliases, not interfaces: Astro's `props` must be an index-signature-compatible record.
/** What a collection page's path carries: which page of which order. */
export type CollectionRouteProps = {
  collection: Collection;
  sort: CollectionSort;
  page: number;
  pageCount: number;
};

/** What a collection page draws: its path's props, the collection's size and this page's products. */
export type CollectionPageProps = CollectionRouteProps & {
  total: number;
  products: Product[];
};

/**
 * Every collection's products in each of `sorts` (each order's cursor pages walked side by side).
 * A build asks for the default order first (it sets how many pages a collection has, which its
 * paths need) and for the others once the catalogue walk is done (content.ts), since Astro renders
 * no page before every route's paths are listed and the other orders are only needed by their pages.
 */
export async function everyCollectionProducts(
  sorts: readonly CollectionSort[] = COLLECTION_SORTS,
): Promise<{ collection: Collection; sort: CollectionSort; products: Product[] | null }[]> {
  const collections = await allCollections();
  return Promise.all(
    collections.flatMap((collection) =>
      sorts.map(async (sort) => ({ collection, sort, products: await collectionProducts(collection.handle, sort) })),
    ),
  );
}

/**
 * Every page of every collection in every order, for `getStaticPaths`. The page count is the default
 * order's; each page reads its own order's list as it renders (`collectionPageProducts`).
 */
export async function collectionPages(): Promise<{ params: { handle: string; rest: string | undefined }; props: CollectionRouteProps }[]> {
  const lists = await everyCollectionProducts([DEFAULT_SORT]);
  return lists.flatMap(({ collection, products }) => {
    if (!products) return [];
    const pageCount = Math.max(1, Math.ceil(products.length / COLLECTION_PAGE_SIZE));
    return COLLECTION_SORTS.flatMap((sort) =>
      Array.from({ length: pageCount }, (_, i) => ({
        params: { handle: collection.handle, rest: restOf(sort, i + 1) },
        props: { collection, sort, page: i + 1, pageCount },
      })),
    );
  });
}

/** A collection page's products and the collection's size, in the page's order. */
export async function collectionPageProducts({
  collection,
  sort,
  page,
}: CollectionRouteProps): Promise<{ total: number; products: Product[] }> {
  const products = (await collectionProducts(collection.handle, sort)) ?? [];
  return { total: products.length, products: products.slice((page - 1) * COLLECTION_PAGE_SIZE, page * COLLECTION_PAGE_SIZE) };
}
