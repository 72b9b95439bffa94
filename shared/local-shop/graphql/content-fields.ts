import { descriptionHtml, metaDescription } from '../../common/index.ts';
import { gid, type GidType } from '../gid.ts';
import type {
  ArticleRecord,
  BlogRecord,
  CollectionRecord,
  MenuItemSpec,
  MenuRecord,
  PageRecord,
  PolicyRecord,
} from '../store/content-records.ts';
import { CONNECTION_ARGS, connectionFromList, readConnectionArgs } from './connection.ts';
import type { ShopContext } from './context.ts';
import { connectionTypes, defineFields, plainFields, type Args, type TypeFields } from './field-map.ts';
import { collectionBase, productList } from './product-list.ts';

/**
 * Collections, menus, pages, policies, blogs and articles. Bodies are stored as plain text and served
 * as HTML (`descriptionHtml`), so stored content cannot carry markup of its own.
 */

/** Where each kind of content lives on the storefront, as on a Shopify online store (products use the site's own route). */
export const STOREFRONT_PATHS = {
  product: (handle: string) => `/product/${encodeURIComponent(handle)}`,
  collection: (handle: string) => `/collections/${encodeURIComponent(handle)}`,
  collections: () => '/collections',
  catalog: () => '/collections/all',
  page: (handle: string) => `/pages/${encodeURIComponent(handle)}`,
  policy: (handle: string) => `/policies/${encodeURIComponent(handle)}`,
  blog: (handle: string) => `/blogs/${encodeURIComponent(handle)}`,
  article: (blog: string, handle: string) => `/blogs/${encodeURIComponent(blog)}/${encodeURIComponent(handle)}`,
  search: () => '/search',
  home: () => '/',
} as const;

export function truncateText(text: string, at: unknown): string {
  if (typeof at !== 'number' || at < 0 || text.length <= at) return text;
  return `${text.slice(0, at).trimEnd()}…`;
}

/** The SEO description filled in from a body when the merchant left it empty, or null for an empty body. */
export function seoDescriptionOf(body: string): string | null {
  return metaDescription(body) || null;
}

/** Plain text of a stored body, paragraphs joined by spaces (Shopify's `description`, `content`, `bodySummary`). */
export function plainText(body: string): string {
  return body.replace(/\s+/g, ' ').trim();
}

const SUMMARY_LENGTH = 150;

/** Null for each identifier: the embedded shop defines no metafields, which is what Shopify answers for unset ones. */
const metafieldFields = {
  metafield: { args: ['key', 'namespace'], resolve: () => null },
  metafields: {
    args: ['identifiers'],
    resolve: (_s: unknown, args: Args) => (Array.isArray(args.identifiers) ? args.identifiers.map(() => null) : []),
  },
};

interface MenuItemSource {
  menuId: number;
  path: string;
  item: MenuItemSpec;
}

function menuItemUrl(item: MenuItemSpec, ctx: ShopContext): string | null {
  const h = item.handle ?? '';
  switch (item.type) {
    case 'HTTP':
      return item.url ?? null;
    case 'FRONTPAGE':
      return ctx.urls.onDomain(STOREFRONT_PATHS.home());
    case 'COLLECTIONS':
      return ctx.urls.onDomain(STOREFRONT_PATHS.collections());
    case 'CATALOG':
      return ctx.urls.onDomain(STOREFRONT_PATHS.catalog());
    case 'SEARCH':
      return ctx.urls.onDomain(STOREFRONT_PATHS.search());
    case 'COLLECTION':
      return ctx.urls.onDomain(STOREFRONT_PATHS.collection(h));
    case 'PRODUCT':
      return ctx.urls.onDomain(STOREFRONT_PATHS.product(h));
    case 'PAGE':
      return ctx.urls.onDomain(STOREFRONT_PATHS.page(h));
    case 'BLOG':
      return ctx.urls.onDomain(STOREFRONT_PATHS.blog(h));
    case 'SHOP_POLICY':
      return ctx.urls.onDomain(STOREFRONT_PATHS.policy(h));
    default:
      return null;
  }
}

function menuItemResource(item: MenuItemSpec, ctx: ShopContext): unknown {
  const h = item.handle;
  if (!h) return null;
  switch (item.type) {
    case 'COLLECTION':
      return ctx.store.content.collectionByHandle(h);
    case 'PRODUCT': {
      const product = ctx.store.productByHandle(h);
      if (product) ctx.remember([product]);
      return product;
    }
    case 'PAGE':
      return ctx.store.content.pageByHandle(h);
    case 'BLOG':
      return ctx.store.content.blogByHandle(h);
    case 'SHOP_POLICY':
      return ctx.store.content.policy(h as PolicyRecord['handle']);
    default:
      return null;
  }
}

function resourceGid(resource: unknown): string | null {
  if (!resource || typeof resource !== 'object') return null;
  const r = resource as { __typename: string; id: number };
  const types: Record<string, GidType> = {
    Page: 'Page',
    Blog: 'Blog',
    Collection: 'Collection',
    Product: 'Product',
    ShopPolicy: 'ShopPolicy',
  };
  const type = types[r.__typename];
  return type ? gid(type, r.id) : null;
}

function countItems(items: readonly MenuItemSpec[]): number {
  return items.reduce((n, item) => n + 1 + countItems(item.items ?? []), 0);
}

const seo = (title: string | null, description: string | null) => ({ title, description });

export const CONTENT_FIELDS: Record<string, TypeFields> = {
  Collection: defineFields<CollectionRecord>({
    id: (c) => gid('Collection', c.id),
    handle: (c) => c.handle,
    title: (c) => c.title,
    description: { args: ['truncateAt'], resolve: (c, args) => truncateText(plainText(c.description), args.truncateAt) },
    descriptionHtml: (c) => descriptionHtml(c.description),
    updatedAt: (c) => c.updatedAt,
    image: () => null,
    onlineStoreUrl: (c, _args, ctx) => ctx.urls.onSite(STOREFRONT_PATHS.collection(c.handle)),
    seo: (c) => seo(c.seoTitle ?? c.title, c.seoDescription ?? seoDescriptionOf(c.description)),
    trackingParameters: (c) => (c as { trackingParameters?: string }).trackingParameters ?? null,
    products: {
      args: [...CONNECTION_ARGS, 'sortKey', 'filters'],
      resolve: (c, args, ctx) => {
        const index = ctx.store.catalogueIndex();
        return productList(ctx, {
          base: collectionBase(index, c.id),
          placed: index.placed.get(c.id) ?? new Map<number, number>(),
          listKey: `collection:${c.id}`,
          args,
          field: 'products',
          defaultSortKey: 'COLLECTION_DEFAULT',
        });
      },
    },
    ...metafieldFields,
  }),

  Menu: defineFields<MenuRecord>({
    id: (m) => gid('Menu', m.id),
    handle: (m) => m.handle,
    title: (m) => m.title,
    items: (m): MenuItemSource[] => m.items.map((item, i) => ({ menuId: m.id, path: String(i + 1), item })),
    itemsCount: (m) => countItems(m.items),
  }),

  MenuItem: defineFields<MenuItemSource>({
    id: (s) => gid('MenuItem', `${s.menuId}-${s.path}`),
    title: (s) => s.item.title,
    type: (s) => s.item.type,
    url: (s, _args, ctx) => menuItemUrl(s.item, ctx),
    tags: () => [],
    resource: (s, _args, ctx) => menuItemResource(s.item, ctx),
    resourceId: (s, _args, ctx) => resourceGid(menuItemResource(s.item, ctx)),
    items: (s): MenuItemSource[] => (s.item.items ?? []).map((item, i) => ({ menuId: s.menuId, path: `${s.path}-${i + 1}`, item })),
  }),

  Page: defineFields<PageRecord>({
    id: (p) => gid('Page', p.id),
    handle: (p) => p.handle,
    title: (p) => p.title,
    body: (p) => descriptionHtml(p.body),
    bodySummary: (p) => truncateText(plainText(p.body), SUMMARY_LENGTH),
    createdAt: (p) => p.createdAt,
    updatedAt: (p) => p.updatedAt,
    onlineStoreUrl: (p, _args, ctx) => ctx.urls.onSite(STOREFRONT_PATHS.page(p.handle)),
    seo: (p) => seo(p.seoTitle ?? p.title, p.seoDescription ?? seoDescriptionOf(p.body)),
    trackingParameters: (p) => (p as { trackingParameters?: string }).trackingParameters ?? null,
    ...metafieldFields,
  }),

  ShopPolicy: defineFields<PolicyRecord>({
    id: (p) => gid('ShopPolicy', p.id),
    handle: (p) => p.handle,
    title: (p) => p.title,
    body: (p) => descriptionHtml(p.body),
    url: (p, _args, ctx) => ctx.urls.onDomain(STOREFRONT_PATHS.policy(p.handle)),
  }),

  Blog: defineFields<BlogRecord>({
    id: (b) => gid('Blog', b.id),
    handle: (b) => b.handle,
    title: (b) => b.title,
    onlineStoreUrl: (b, _args, ctx) => ctx.urls.onSite(STOREFRONT_PATHS.blog(b.handle)),
    seo: (b) => seo(b.title, null),
    authors: (b, _args, ctx) => {
      const names = [...new Set(ctx.store.content.articles(b.id).map((a) => a.author))];
      return names.map(author);
    },
    articleByHandle: {
      args: ['handle'],
      resolve: (b, args, ctx) => ctx.store.content.articles(b.id).find((a) => a.handle === args.handle) ?? null,
    },
    articles: {
      args: [...CONNECTION_ARGS],
      resolve: (b, args, ctx) =>
        connectionFromList(ctx.store.content.articles(b.id), (a) => a.id, readConnectionArgs(args, 'articles'), 'articles'),
    },
    ...metafieldFields,
  }),

  Article: defineFields<ArticleRecord>({
    id: (a) => gid('Article', a.id),
    handle: (a) => a.handle,
    title: (a) => a.title,
    content: { args: ['truncateAt'], resolve: (a, args) => truncateText(plainText(a.body), args.truncateAt) },
    contentHtml: (a) => descriptionHtml(a.body),
    excerpt: { args: ['truncateAt'], resolve: (a, args) => (a.excerpt === null ? null : truncateText(a.excerpt, args.truncateAt)) },
    excerptHtml: (a) => (a.excerpt === null ? null : descriptionHtml(a.excerpt)),
    publishedAt: (a) => a.publishedAt,
    tags: (a) => a.tags,
    image: () => null,
    author: (a) => author(a.author),
    authorV2: (a) => author(a.author),
    blog: (a, _args, ctx) => ctx.store.content.blogByHandle(a.blogHandle),
    onlineStoreUrl: (a, _args, ctx) => ctx.urls.onSite(STOREFRONT_PATHS.article(a.blogHandle, a.handle)),
    seo: (a) => seo(a.title, a.excerpt ?? seoDescriptionOf(a.body)),
    trackingParameters: (a) => (a as { trackingParameters?: string }).trackingParameters ?? null,
    ...metafieldFields,
  }),

  ArticleAuthor: plainFields('name', 'firstName', 'lastName', 'email', 'bio'),
  SEO: plainFields('title', 'description'),
  Filter: plainFields('id', 'label', 'type', 'presentation', 'values'),
  FilterValue: plainFields('id', 'label', 'count', 'input', 'image', 'swatch'),
  ...connectionTypes('CollectionConnection', 'CollectionEdge'),
  ...connectionTypes('PageConnection', 'PageEdge'),
  ...connectionTypes('BlogConnection', 'BlogEdge'),
  ...connectionTypes('ArticleConnection', 'ArticleEdge'),
};

function author(name: string) {
  const [firstName = name, ...rest] = name.split(' ');
  return { name, firstName, lastName: rest.join(' '), email: '', bio: null };
}
