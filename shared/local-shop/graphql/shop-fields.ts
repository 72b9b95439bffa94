import { BRAND, STORE_NAME } from '../../common/index.ts';
import { DEFAULT_CURRENCY } from '../../common/index.ts';
import { gid, numericId, type GidType } from '../gid.ts';
import type { PolicyHandle } from '../store/content-records.ts';
import { CONNECTION_ARGS, connectionFromList, readConnectionArgs } from './connection.ts';
import type { ShopContext } from './context.ts';
import { defineFields, plainFields, type Args, type TypeFields } from './field-map.ts';
import { parseProductQuery, textMatchesQuery } from './product-search.ts';
import { ShopError, notImplemented } from './shop-error.ts';

/** The shop itself (policies, brand, domain, localization) and the root lookups of content: collections, menus, pages, blogs. */

export const SHOP_DESCRIPTION = 'Funny AI-themed t-shirts for people who run the business and let the robots do the paperwork.';
const SLOGAN = 'Wear Your Intelligence';

/** `collection(handle:)`, `page(id:)`…: Shopify takes one of the two. */
function byHandleOrId<T>(
  args: Args,
  type: GidType,
  field: string,
  byHandle: (h: string) => T | null,
  byId: (id: number) => T | null,
): T | null {
  if (typeof args.id === 'string') {
    const id = numericId(args.id, type);
    return id === null ? null : byId(id);
  }
  if (typeof args.handle === 'string') return byHandle(args.handle);
  throw new ShopError(`${field} requires an id or a handle`);
}

/** `collections`/`pages`/`blogs` with `query` (title words) and the TITLE/UPDATED_AT/ID sort keys. */
function contentList<T extends { id: number; title: string; updatedAt?: string }>(items: T[], args: Args, field: string) {
  const query = typeof args.query === 'string' && args.query.trim() ? parseProductQuery(args.query) : null;
  let list = query ? items.filter((item) => textMatchesQuery(item.title, query)) : items;
  if (args.sortKey === 'TITLE')
    list = [...list].sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || a.id - b.id);
  if (args.sortKey === 'UPDATED_AT') list = [...list].sort((a, b) => (a.updatedAt ?? '').localeCompare(b.updatedAt ?? '') || a.id - b.id);
  return connectionFromList(list, (item) => item.id, readConnectionArgs(args, field), field);
}

const LIST_ARGS = [...CONNECTION_ARGS, 'query', 'sortKey'];

const ENGLISH = { isoCode: 'EN', name: 'English', endonymName: 'English' };
const MARKET = { id: gid('Market', 1), handle: 'us' };
const UNITED_STATES = {
  isoCode: 'US',
  name: 'United States',
  currency: { isoCode: DEFAULT_CURRENCY, name: 'United States Dollar', symbol: '$' },
  unitSystem: 'IMPERIAL_SYSTEM',
  availableLanguages: [ENGLISH],
  defaultLanguage: ENGLISH,
  market: MARKET,
};

function policy(handle: PolicyHandle) {
  return (_s: unknown, _a: Args, ctx: ShopContext) => ctx.store.content.policy(handle);
}

interface ContentLookups<T> {
  byHandle(ctx: ShopContext, handle: string): T | null;
  byId(ctx: ShopContext, id: number): T | null;
  all(ctx: ShopContext): T[];
}

/** `collection(id:|handle:)`, `collectionByHandle(handle:)` and `collections(…)`; the same for pages and blogs. */
function contentRootFields<T extends { id: number; title: string; updatedAt?: string }>(
  type: GidType,
  field: string,
  { byHandle, byId, all }: ContentLookups<T>,
) {
  const list = `${field}s`;
  return {
    [field]: {
      args: ['id', 'handle'],
      resolve: (_r: unknown, args: Args, ctx: ShopContext) =>
        byHandleOrId(
          args,
          type,
          field,
          (h) => byHandle(ctx, h),
          (id) => byId(ctx, id),
        ),
    },
    [`${field}ByHandle`]: { args: ['handle'], resolve: (_r: unknown, args: Args, ctx: ShopContext) => byHandle(ctx, String(args.handle)) },
    [list]: { args: LIST_ARGS, resolve: (_r: unknown, args: Args, ctx: ShopContext) => contentList(all(ctx), args, list) },
  };
}

export const SHOP_ROOT_FIELDS = {
  ...contentRootFields('Collection', 'collection', {
    byHandle: (ctx, h) => ctx.store.content.collectionByHandle(h),
    byId: (ctx, id) => ctx.store.content.collectionById(id),
    all: (ctx) => ctx.store.content.collections(),
  }),
  menu: { args: ['handle'], resolve: (_r: unknown, args: Args, ctx: ShopContext) => ctx.store.content.menuByHandle(String(args.handle)) },
  ...contentRootFields('Page', 'page', {
    byHandle: (ctx, h) => ctx.store.content.pageByHandle(h),
    byId: (ctx, id) => ctx.store.content.pageById(id),
    all: (ctx) => ctx.store.content.pages(),
  }),
  ...contentRootFields('Blog', 'blog', {
    byHandle: (ctx, h) => ctx.store.content.blogByHandle(h),
    byId: (ctx, id) => ctx.store.content.blogById(id),
    all: (ctx) => ctx.store.content.blogs(),
  }),
  article: {
    args: ['id'],
    resolve: (_r: unknown, args: Args, ctx: ShopContext) => {
      const id = numericId(String(args.id), 'Article');
      return id === null ? null : ctx.store.content.articleById(id);
    },
  },
  articles: {
    args: LIST_ARGS,
    resolve: (_r: unknown, args: Args, ctx: ShopContext) => {
      if (args.sortKey != null && !['ID', 'TITLE', 'UPDATED_AT', 'PUBLISHED_AT'].includes(String(args.sortKey)))
        throw notImplemented(`Argument 'sortKey: ${String(args.sortKey)}' on Field 'articles'`);
      const articles = ctx.store.content.articles();
      const sorted =
        args.sortKey === 'PUBLISHED_AT'
          ? [...articles].sort((a, b) => a.publishedAt.localeCompare(b.publishedAt) || a.id - b.id)
          : articles;
      return contentList(
        sorted.map((a) => ({ ...a, updatedAt: a.publishedAt })),
        { ...args, sortKey: args.sortKey === 'PUBLISHED_AT' ? null : args.sortKey },
        'articles',
      );
    },
  },
  localization: () => ({
    availableCountries: [UNITED_STATES],
    availableLanguages: [ENGLISH],
    country: UNITED_STATES,
    language: ENGLISH,
    market: MARKET,
  }),
};

export const SHOP_TYPE_FIELDS: Record<string, TypeFields> = {
  Shop: defineFields<unknown>({
    id: () => gid('Shop', 1),
    name: () => STORE_NAME,
    description: () => SHOP_DESCRIPTION,
    // Shopify's own format string, placeholder and all.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a Liquid placeholder, not a template literal
    moneyFormat: () => '${{amount}}',
    primaryDomain: (_s, _a, ctx) => {
      const url = new URL(ctx.urls.domain);
      return { host: url.host, url: ctx.urls.domain, sslEnabled: url.protocol === 'https:' };
    },
    brand: () => ({
      slogan: SLOGAN,
      shortDescription: SHOP_DESCRIPTION,
      logo: null,
      squareLogo: null,
      coverImage: null,
      colors: {
        primary: [{ background: BRAND.colors[1], foreground: BRAND.colors[0] }],
        secondary: [{ background: BRAND.colors[0], foreground: BRAND.colors[3] }],
      },
    }),
    privacyPolicy: policy('privacy-policy'),
    refundPolicy: policy('refund-policy'),
    shippingPolicy: policy('shipping-policy'),
    termsOfService: policy('terms-of-service'),
    subscriptionPolicy: () => null,
    shipsToCountries: () => ['US'],
    customerAccountUrl: () => null,
    paymentSettings: (_s, _a, ctx) => ({
      acceptedCardBrands: ['VISA', 'MASTERCARD', 'AMERICAN_EXPRESS', 'DISCOVER'],
      cardVaultUrl: `${ctx.urls.publicUrl}/checkout/vault`,
      countryCode: 'US',
      currencyCode: DEFAULT_CURRENCY,
      enabledPresentmentCurrencies: [DEFAULT_CURRENCY],
      shopifyPaymentsAccountId: null,
      supportedDigitalWallets: [],
    }),
    metafield: { args: ['key', 'namespace'], resolve: () => null },
    metafields: { args: ['identifiers'], resolve: (_s, args) => (Array.isArray(args.identifiers) ? args.identifiers.map(() => null) : []) },
  }),
  Domain: plainFields('host', 'url', 'sslEnabled'),
  Brand: plainFields('slogan', 'shortDescription', 'logo', 'squareLogo', 'coverImage', 'colors'),
  BrandColors: plainFields('primary', 'secondary'),
  BrandColorGroup: plainFields('background', 'foreground'),
  PaymentSettings: plainFields(
    'acceptedCardBrands',
    'cardVaultUrl',
    'countryCode',
    'currencyCode',
    'enabledPresentmentCurrencies',
    'shopifyPaymentsAccountId',
    'supportedDigitalWallets',
  ),
  Localization: plainFields('availableCountries', 'availableLanguages', 'country', 'language', 'market'),
  Country: plainFields('isoCode', 'name', 'currency', 'unitSystem', 'availableLanguages', 'defaultLanguage', 'market'),
  Language: plainFields('isoCode', 'name', 'endonymName'),
  Currency: plainFields('isoCode', 'name', 'symbol'),
  Market: plainFields('id', 'handle'),
  PredictiveSearchResult: plainFields('products', 'collections', 'pages', 'articles', 'queries'),
  SearchQuerySuggestion: plainFields('text', 'styledText', 'trackingParameters'),
  SearchResultItemConnection: {
    ...plainFields('edges', 'nodes', 'pageInfo', 'totalCount'),
    productFilters: { args: [], resolve: (s: { productFilters: () => unknown }) => s.productFilters() },
  },
  SearchResultItemEdge: plainFields('cursor', 'node'),
};
