import { findCart } from '../carts.ts';
import { numericId, parseGid, type GidType } from '../gid.ts';
import type { CartRecord, ProductRecord } from '../store/records.ts';
import { CONNECTION_ARGS, paginate, readConnectionArgs, type PageSource } from './connection.ts';
import type { ShopContext } from './context.ts';
import { defineFields, plainFields, type Args, type TypeFields } from './field-map.ts';
import { ShopError } from './shop-error.ts';
import { productList } from './product-list.ts';
import { CART_MUTATIONS } from './cart-mutations.ts';
import { SITEMAP_ROOT_FIELDS } from './sitemap-fields.ts';
import { predictiveSearch, productRecommendations, search } from './discovery.ts';
import { SHOP_ROOT_FIELDS, SHOP_TYPE_FIELDS } from './shop-fields.ts';

/** QueryRoot and Mutation: products, product, cart, node(s), shop, and cartCreate. */

function productsConnection(args: Args, ctx: ShopContext) {
  const hasQuery = typeof args.query === 'string' && args.query.trim() !== '';
  if (hasQuery || (args.sortKey != null && args.sortKey !== 'ID')) {
    return productList(ctx, { base: ctx.store.catalogueIndex().products, listKey: 'all', args, field: 'products', defaultSortKey: 'ID' });
  }
  const connectionArgs = readConnectionArgs(args, 'products');
  const descending = connectionArgs.reverse;
  const source: PageSource = {
    window: (after, before, limit, fromEnd) =>
      ctx.store.productIds({ after: after?.id ?? null, before: before?.id ?? null, limit, fromEnd, descending }),
    hasBeyond: (id, direction) => ctx.store.hasProductBeyond(id, direction, descending),
  };
  return paginate(
    source,
    connectionArgs,
    (ids) => ctx.products(ids),
    (p: ProductRecord) => p.id,
  );
}

function productLookup(args: Args, ctx: ShopContext): ProductRecord | null {
  if (typeof args.id === 'string') {
    const id = numericId(args.id, 'Product');
    return id === null ? null : ctx.product(id);
  }
  if (typeof args.handle === 'string') {
    const product = ctx.store.productByHandle(args.handle);
    if (product) ctx.remember([product]);
    return product;
  }
  throw new ShopError('product requires an id or a handle');
}

function nodeLookup(id: string, ctx: ShopContext): unknown {
  const product = numericId(id, 'Product');
  if (product !== null) return ctx.product(product);
  const content = ctx.store.content;
  const lookups: [GidType, (n: number) => unknown][] = [
    ['Collection', (n) => content.collectionById(n)],
    ['Page', (n) => content.pageById(n)],
    ['Article', (n) => content.articleById(n)],
    ['Blog', (n) => content.blogById(n)],
    ['ShopPolicy', (n) => content.policyById(n)],
  ];
  for (const [type, find] of lookups) {
    const n = numericId(id, type);
    if (n !== null) return find(n);
  }
  const variant = numericId(id, 'ProductVariant');
  if (variant === null) return null;
  const found = ctx.store.variantById(variant);
  if (!found) return null;
  ctx.remember([found.product]);
  return found.variant;
}

/** A cart arrives with its lines' products loaded; the variants' `product` and `image` fields use them. */
function rememberProducts(cart: CartRecord, ctx: ShopContext): CartRecord {
  ctx.remember(cart.lines.map((line) => line.product));
  return cart;
}

function cartLookup(args: Args, ctx: ShopContext) {
  const parsed = typeof args.id === 'string' ? parseGid(args.id) : null;
  if (parsed?.type !== 'Cart') return null;
  const cart = findCart(ctx.store, parsed.id, parsed.params.get('key'));
  return cart && rememberProducts(cart, ctx);
}

export const ROOT_FIELDS: Record<string, TypeFields> = {
  QueryRoot: defineFields<unknown>({
    products: { args: [...CONNECTION_ARGS, 'sortKey', 'query'], resolve: (_root, args, ctx) => productsConnection(args, ctx) },
    product: { args: ['id', 'handle'], resolve: (_root, args, ctx) => productLookup(args, ctx) },
    productByHandle: { args: ['handle'], resolve: (_root, args, ctx) => productLookup({ handle: args.handle }, ctx) },
    node: { args: ['id'], resolve: (_root, args, ctx) => nodeLookup(String(args.id), ctx) },
    nodes: {
      args: ['ids'],
      resolve: (_root, args, ctx) => (Array.isArray(args.ids) ? args.ids.map((id) => nodeLookup(String(id), ctx)) : []),
    },
    cart: { args: ['id'], resolve: (_root, args, ctx) => cartLookup(args, ctx) },
    shop: () => ({ __typename: 'Shop' }),
    search: {
      args: [...CONNECTION_ARGS, 'query', 'prefix', 'productFilters', 'sortKey', 'types', 'unavailableProducts'],
      resolve: (_root, args, ctx) => search(args, ctx),
    },
    predictiveSearch: {
      args: ['query', 'limit', 'limitScope', 'searchableFields', 'types', 'unavailableProducts'],
      resolve: (_root, args, ctx) => predictiveSearch(args, ctx),
    },
    productRecommendations: {
      args: ['productId', 'productHandle', 'intent'],
      resolve: (_root, args, ctx) => {
        const product =
          typeof args.productId === 'string' || typeof args.productHandle === 'string'
            ? productLookup(typeof args.productId === 'string' ? { id: args.productId } : { handle: args.productHandle }, ctx)
            : null;
        if (args.productId == null && args.productHandle == null)
          throw new ShopError('productRecommendations requires a productId or a productHandle');
        return productRecommendations(product, args.intent ?? 'RELATED', ctx);
      },
    },
    ...SHOP_ROOT_FIELDS,
    ...SITEMAP_ROOT_FIELDS,
  }),
  ...SHOP_TYPE_FIELDS,
  Mutation: CART_MUTATIONS,
  Attribute: plainFields('key', 'value'),
};
