import { descriptionHtml } from '../../common/index.ts';
import { gid } from '../gid.ts';
import { money } from '../money.ts';
import type { ImageRecord, ProductRecord, SelectedOption, VariantRecord } from '../store/records.ts';
import type { ImageTransform } from '../urls.ts';
import { CONNECTION_ARGS, connectionFromList, readConnectionArgs } from './connection.ts';
import { connectionTypes, defineFields, plainFields, type Args, type TypeFields } from './field-map.ts';
import { ShopError } from './shop-error.ts';
import { adjacentVariants, encodeVariants, firstSelectableVariant } from './variant-encoding.ts';
import { seoDescriptionOf } from './content-fields.ts';

/** Product, ProductVariant, Image, ProductOption and their value types. */

const MATCH_ARGS = ['selectedOptions', 'ignoreUnknownOptions', 'caseInsensitiveMatch'] as const;

interface OptionSource {
  productId: number;
  position: number;
  name: string;
  values: string[];
}

interface OptionValueSource {
  product: ProductRecord;
  position: number;
  index: number;
  name: string;
}

interface MediaImageSource {
  readonly __typename: 'MediaImage';
  image: ImageRecord;
}

/** Colours of the option values this shop sells, as swatches. */
const SWATCH_COLORS: Readonly<Record<string, string>> = { black: '#111111', white: '#f4f4f2', orange: '#fe972e' };

const emptyConnection = {
  edges: [],
  nodes: [],
  pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
};

function priceRange(product: ProductRecord) {
  const cents = product.variants.map((v) => v.priceCents);
  const currency = product.variants[0]?.currencyCode;
  return {
    minVariantPrice: money(cents.length ? Math.min(...cents) : 0, currency),
    maxVariantPrice: money(cents.length ? Math.max(...cents) : 0, currency),
  };
}

function truncate(text: string, at: unknown): string {
  if (typeof at !== 'number' || at < 0 || text.length <= at) return text;
  return `${text.slice(0, at).trimEnd()}…`;
}

/** Shopify's variant matching for `variantBySelectedOptions` and `selectedOrFirstAvailableVariant`. */
function matchVariant(product: ProductRecord, args: Args): VariantRecord | null {
  const wanted = Array.isArray(args.selectedOptions) ? (args.selectedOptions as SelectedOption[]) : [];
  const fold = args.caseInsensitiveMatch === true ? (s: string) => s.toLowerCase() : (s: string) => s;
  const known = new Set(product.options.map((o) => fold(o.name)));
  const relevant = wanted.filter((w) => known.has(fold(w.name)));
  if (relevant.length < wanted.length && args.ignoreUnknownOptions !== true) return null;
  if (relevant.length === 0) return null;
  return (
    product.variants.find((variant) =>
      relevant.every((w) => variant.selectedOptions.some((s) => fold(s.name) === fold(w.name) && fold(s.value) === fold(w.value))),
    ) ?? null
  );
}

function imageTransform(args: Args): ImageTransform {
  const transform = args.transform;
  if (transform === undefined || transform === null) return {};
  const t = transform as Readonly<Record<string, unknown>>;
  const out: ImageTransform = {};
  if (t.crop != null) out.crop = String(t.crop).toLowerCase() as ImageTransform['crop'];
  const side = (value: unknown, name: string) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value !== 'number' || value < 1 || value > 5760) throw new ShopError(`transform.${name} must be from 1 to 5760`);
    return value;
  };
  const scale = t.scale == null ? 1 : t.scale;
  if (scale !== 1 && scale !== 2 && scale !== 3) throw new ShopError('transform.scale must be 1, 2 or 3');
  const width = side(t.maxWidth, 'maxWidth');
  const height = side(t.maxHeight, 'maxHeight');
  if (width) out.width = Math.min(width * (scale as number), 5760);
  if (height) out.height = Math.min(height * (scale as number), 5760);
  const type = t.preferredContentType;
  if (type === 'WEBP') out.format = 'webp';
  else if (type === 'PNG') out.format = 'png';
  else if (type === 'JPG') out.format = 'jpg';
  return out;
}

export const PRODUCT_FIELDS: Record<string, TypeFields> = {
  Product: defineFields<ProductRecord>({
    id: (p) => gid('Product', p.id),
    handle: (p) => p.handle,
    title: (p) => p.title,
    description: { args: ['truncateAt'], resolve: (p, args) => truncate(p.description, args.truncateAt) },
    descriptionHtml: (p) => descriptionHtml(p.description),
    vendor: (p) => p.vendor,
    productType: (p) => p.productType,
    tags: (p) => p.tags,
    createdAt: (p) => p.createdAt,
    updatedAt: (p) => p.updatedAt,
    publishedAt: (p) => p.createdAt,
    availableForSale: (p) => p.variants.some((v) => v.availableForSale),
    isGiftCard: () => false,
    requiresSellingPlan: () => false,
    onlineStoreUrl: (p, _args, ctx) => ctx.urls.product(p.handle),
    priceRange,
    compareAtPriceRange: (p) => ({
      minVariantPrice: money(0, p.variants[0]?.currencyCode),
      maxVariantPrice: money(0, p.variants[0]?.currencyCode),
    }),
    featuredImage: (p) => p.images[0] ?? null,
    images: {
      args: CONNECTION_ARGS,
      resolve: (p, args) => connectionFromList(p.images, (i) => i.id, readConnectionArgs(args, 'images'), 'images'),
    },
    variants: {
      args: CONNECTION_ARGS,
      resolve: (p, args) => connectionFromList(p.variants, (v) => v.id, readConnectionArgs(args, 'variants'), 'variants'),
    },
    variantsCount: (p) => ({ count: p.variants.length, precision: 'EXACT' }),
    options: {
      args: ['first'],
      resolve: (p, args): OptionSource[] => {
        const all = p.options.map((o, position) => ({ productId: p.id, position: position + 1, name: o.name, values: o.values }));
        return typeof args.first === 'number' ? all.slice(0, Math.max(0, args.first)) : all;
      },
    },
    variantBySelectedOptions: { args: MATCH_ARGS, resolve: (p, args) => matchVariant(p, args) },
    selectedOrFirstAvailableVariant: {
      args: MATCH_ARGS,
      resolve: (p, args) => matchVariant(p, args) ?? p.variants.find((v) => v.availableForSale) ?? p.variants[0] ?? null,
    },
    adjacentVariants: {
      args: MATCH_ARGS,
      resolve: (p, args) =>
        adjacentVariants(p, matchVariant(p, args) ?? p.variants.find((v) => v.availableForSale) ?? p.variants[0] ?? null),
    },
    encodedVariantExistence: (p) => encodeVariants(p, p.variants),
    encodedVariantAvailability: (p) =>
      encodeVariants(
        p,
        p.variants.filter((v) => v.availableForSale),
      ),
    seo: (p) => ({
      title: p.seoTitle ?? p.title,
      description: p.seoDescription ?? seoDescriptionOf(p.description),
    }),
    trackingParameters: (p) => (p as { trackingParameters?: string }).trackingParameters ?? null,
    totalInventory: (p) => {
      const tracked = p.variants.filter((v) => v.quantityAvailable !== null);
      return tracked.length ? tracked.reduce((n, v) => n + v.quantityAvailable!, 0) : null;
    },
    collections: {
      args: CONNECTION_ARGS,
      resolve: (p, args, ctx) => {
        const index = ctx.store.catalogueIndex();
        const mine = ctx.store.content.collections().filter((c) => index.collections.get(c.id)?.includes(p.id));
        return connectionFromList(mine, (c) => c.id, readConnectionArgs(args, 'collections'), 'collections');
      },
    },
    media: {
      args: CONNECTION_ARGS,
      resolve: (p, args) =>
        connectionFromList(
          p.images.map((image): MediaImageSource => ({ __typename: 'MediaImage', image })),
          (m) => m.image.id,
          readConnectionArgs(args, 'media'),
          'media',
        ),
    },
    sellingPlanGroups: { args: CONNECTION_ARGS, resolve: () => emptyConnection },
    category: () => null,
    metafield: { args: ['key', 'namespace'], resolve: () => null },
    metafields: { args: ['identifiers'], resolve: (_p, args) => (Array.isArray(args.identifiers) ? args.identifiers.map(() => null) : []) },
  }),

  MediaImage: defineFields<MediaImageSource>({
    id: (m) => gid('MediaImage', m.image.id),
    alt: (m) => m.image.altText,
    image: (m) => m.image,
    previewImage: (m) => m.image,
    mediaContentType: () => 'IMAGE',
    presentation: () => null,
  }),

  ProductVariant: defineFields<VariantRecord>({
    id: (v) => gid('ProductVariant', v.id),
    title: (v) => v.title,
    sku: (v) => v.sku,
    availableForSale: (v) => v.availableForSale,
    currentlyNotInStock: () => false,
    requiresShipping: () => true,
    taxable: () => true,
    price: (v) => money(v.priceCents, v.currencyCode),
    compareAtPrice: () => null,
    unitPrice: () => null,
    selectedOptions: (v) => v.selectedOptions,
    product: (v, _args, ctx) => ctx.product(v.productId),
    // Shopify falls back to the product's featured image when the variant has none of its own.
    image: (v, _args, ctx) => {
      const images = ctx.product(v.productId)?.images ?? [];
      return images.find((i) => i.id === v.imageId) ?? images[0] ?? null;
    },
    quantityAvailable: (v) => v.quantityAvailable,
    barcode: () => null,
    weight: () => 0.4,
    weightUnit: () => 'POUNDS',
    requiresComponents: () => false,
    quantityRule: () => ({ minimum: 1, maximum: null, increment: 1 }),
    sellingPlanAllocations: { args: CONNECTION_ARGS, resolve: () => emptyConnection },
    shopPayInstallmentsPricing: () => null,
    metafield: { args: ['key', 'namespace'], resolve: () => null },
    metafields: { args: ['identifiers'], resolve: (_v, args) => (Array.isArray(args.identifiers) ? args.identifiers.map(() => null) : []) },
  }),

  Image: defineFields<ImageRecord>({
    id: (i) => gid('ProductImage', i.id),
    url: { args: ['transform'], resolve: (i, args, ctx) => ctx.urls.image(i.file, imageTransform(args)) },
    altText: (i) => i.altText,
    width: (i) => i.width,
    height: (i) => i.height,
  }),

  ProductOption: defineFields<OptionSource>({
    id: (o) => gid('ProductOption', `${o.productId}-${o.position}`),
    name: (o) => o.name,
    values: (o) => o.values,
    optionValues: (o, _args, ctx): OptionValueSource[] => {
      const product = ctx.product(o.productId)!;
      return o.values.map((name, index) => ({ product, position: o.position, index: index + 1, name }));
    },
  }),

  ProductOptionValue: defineFields<OptionValueSource>({
    id: (v) => gid('ProductOptionValue', `${v.product.id}-${v.position}-${v.index}`),
    name: (v) => v.name,
    swatch: (v) => {
      const color = SWATCH_COLORS[v.name.toLowerCase()];
      return color && v.product.options[v.position - 1]?.name.toLowerCase() === 'color' ? { color, image: null } : null;
    },
    firstSelectableVariant: (v) => firstSelectableVariant(v.product, v.position - 1, v.name),
  }),

  ProductOptionValueSwatch: plainFields('color', 'image'),
  QuantityRule: plainFields('minimum', 'maximum', 'increment'),
  ...connectionTypes('MediaConnection', 'MediaEdge'),
  ...connectionTypes('SellingPlanGroupConnection', 'SellingPlanGroupEdge'),
  ...connectionTypes('SellingPlanAllocationConnection', 'SellingPlanAllocationEdge'),

  SelectedOption: plainFields('name', 'value'),
  MoneyV2: plainFields('amount', 'currencyCode'),
  ProductPriceRange: plainFields('minVariantPrice', 'maxVariantPrice'),
  Count: plainFields('count', 'precision'),
  PageInfo: plainFields('hasNextPage', 'hasPreviousPage', 'startCursor', 'endCursor'),
  ProductConnection: {
    ...plainFields('edges', 'nodes', 'pageInfo'),
    // The root product list has no filter groups; collections and search compute theirs on demand.
    filters: { args: [], resolve: (c: { filters?: () => unknown }) => c.filters?.() ?? [] },
  },
  ProductEdge: plainFields('cursor', 'node'),
  ...connectionTypes('ImageConnection', 'ImageEdge'),
  ...connectionTypes('ProductVariantConnection', 'ProductVariantEdge'),
};
