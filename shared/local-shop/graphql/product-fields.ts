import { descriptionHtml } from '../../common/index.ts';
import { gid } from '../gid.ts';
import { money } from '../money.ts';
import type { ImageRecord, ProductRecord, SelectedOption, VariantRecord } from '../store/records.ts';
import type { ImageTransform } from '../urls.ts';
import { CONNECTION_ARGS, connectionFromList, readConnectionArgs } from './connection.ts';
import { connectionTypes, defineFields, plainFields, type Args, type TypeFields } from './field-map.ts';
import { ShopError, notImplemented } from './shop-error.ts';

/** Product, ProductVariant, Image, ProductOption and their value types. */

const MATCH_ARGS = ['selectedOptions', 'ignoreUnknownOptions', 'caseInsensitiveMatch'] as const;

interface OptionSource {
  productId: number;
  position: number;
  name: string;
  values: string[];
}

interface OptionValueSource {
  productId: number;
  position: number;
  index: number;
  name: string;
}

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
  if (t.crop != null) throw notImplemented("Argument 'transform.crop' on Field 'Image.url'");
  if (t.scale != null && t.scale !== 1) throw notImplemented("Argument 'transform.scale' on Field 'Image.url'");
  const out: ImageTransform = {};
  const side = (value: unknown, name: string) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value !== 'number' || value < 1 || value > 5760) throw new ShopError(`transform.${name} must be from 1 to 5760`);
    return value;
  };
  const width = side(t.maxWidth, 'maxWidth');
  const height = side(t.maxHeight, 'maxHeight');
  if (width) out.width = width;
  if (height) out.height = height;
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
    image: (v, _args, ctx) => {
      const images = ctx.product(v.productId)?.images ?? [];
      return images.find((i) => i.id === v.imageId) ?? null;
    },
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
    optionValues: (o): OptionValueSource[] =>
      o.values.map((name, index) => ({ productId: o.productId, position: o.position, index: index + 1, name })),
  }),

  ProductOptionValue: defineFields<OptionValueSource>({
    id: (v) => gid('ProductOptionValue', `${v.productId}-${v.position}-${v.index}`),
    name: (v) => v.name,
    swatch: () => null,
  }),

  SelectedOption: plainFields('name', 'value'),
  MoneyV2: plainFields('amount', 'currencyCode'),
  ProductPriceRange: plainFields('minVariantPrice', 'maxVariantPrice'),
  Count: plainFields('count', 'precision'),
  PageInfo: plainFields('hasNextPage', 'hasPreviousPage', 'startCursor', 'endCursor'),
  ...connectionTypes('ProductConnection', 'ProductEdge'),
  ...connectionTypes('ImageConnection', 'ImageEdge'),
  ...connectionTypes('ProductVariantConnection', 'ProductVariantEdge'),
};
