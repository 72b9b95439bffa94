import type { ShopContext } from './context.ts';
import { defineFields, plainFields, type Args, type TypeFields } from './field-map.ts';
import { ShopError } from './shop-error.ts';

/**
 * `sitemap(type:)`: Shopify's paged list of what a storefront's sitemap.xml lists, 250 per page
 * from page 1. Articles' handles are `{blog}/{article}`, as their storefront paths need both.
 */

const SITEMAP_PAGE_SIZE = 250;
const EPOCH = '1970-01-01T00:00:00.000Z';

interface SitemapItem {
  readonly __typename: 'SitemapResource';
  handle: string;
  title: string | null;
  updatedAt: string;
  image: { alt: string | null; filepath: string; updatedAt: string } | null;
}

function items(type: string, ctx: ShopContext): SitemapItem[] {
  const item = (handle: string, title: string, updatedAt: string, image: SitemapItem['image'] = null): SitemapItem => ({
    __typename: 'SitemapResource',
    handle,
    title,
    updatedAt,
    image,
  });
  switch (type) {
    case 'PRODUCT': {
      const summaries = ctx.store.catalogueIndex().products;
      const records = new Map(ctx.products(summaries.map((p) => p.id)).map((p) => [p.id, p]));
      return summaries.map((p) => {
        const picture = records.get(p.id)?.images[0];
        return item(
          p.handle,
          p.title,
          p.updatedAt,
          picture ? { alt: picture.altText, filepath: ctx.urls.image(picture.file), updatedAt: p.updatedAt } : null,
        );
      });
    }
    case 'COLLECTION':
      return ctx.store.content.collections().map((c) => item(c.handle, c.title, c.updatedAt));
    case 'PAGE':
      return ctx.store.content.pages().map((p) => item(p.handle, p.title, p.updatedAt));
    case 'BLOG':
      return ctx.store.content.blogs().map((b) => {
        // ISO times sort as text; a blog without articles reads as the epoch.
        const latest = [EPOCH, ...ctx.store.content.articles(b.id).map((a) => a.publishedAt)].sort().at(-1)!;
        return item(b.handle, b.title, latest);
      });
    case 'ARTICLE':
      return ctx.store.content.articles().map((a) => item(`${a.blogHandle}/${a.handle}`, a.title, a.publishedAt));
    default:
      // METAOBJECT: the embedded shop has no metaobjects.
      return [];
  }
}

export const SITEMAP_ROOT_FIELDS = {
  sitemap: { args: ['type'], resolve: (_r: unknown, args: Args) => ({ type: String(args.type) }) },
};

export const SITEMAP_FIELDS: Record<string, TypeFields> = {
  Sitemap: defineFields<{ type: string }>({
    pagesCount: (s, _args, ctx) => ({ count: Math.max(1, Math.ceil(items(s.type, ctx).length / SITEMAP_PAGE_SIZE)), precision: 'EXACT' }),
    resources: {
      args: ['page'],
      resolve: (s, args, ctx) => {
        const page = Number(args.page);
        if (!Number.isInteger(page) || page < 1) throw new ShopError("Argument 'page' on Field 'Sitemap.resources' must be 1 or more");
        const all = items(s.type, ctx);
        return {
          items: all.slice((page - 1) * SITEMAP_PAGE_SIZE, page * SITEMAP_PAGE_SIZE),
          hasNextPage: all.length > page * SITEMAP_PAGE_SIZE,
        };
      },
    },
  }),
  PaginatedSitemapResources: plainFields('items', 'hasNextPage'),
  SitemapResource: plainFields('handle', 'title', 'updatedAt', 'image'),
  SitemapImage: plainFields('alt', 'filepath', 'updatedAt'),
};
