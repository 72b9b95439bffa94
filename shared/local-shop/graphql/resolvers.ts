import type { GraphQLFieldResolver } from 'graphql';
import { CART_FIELDS } from './cart-fields.ts';
import type { ShopContext } from './context.ts';
import type { Args, FieldMap } from './field-map.ts';
import { PRODUCT_FIELDS } from './product-fields.ts';
import { ROOT_FIELDS } from './root-fields.ts';
import { CONTENT_FIELDS } from './content-fields.ts';
import { SITEMAP_FIELDS } from './sitemap-fields.ts';
import { notImplemented } from './shop-error.ts';

/** Everything the embedded shop implements, by type and field. */
export const IMPLEMENTED_FIELDS: FieldMap = { ...ROOT_FIELDS, ...PRODUCT_FIELDS, ...CART_FIELDS, ...CONTENT_FIELDS, ...SITEMAP_FIELDS };

/**
 * The concrete types the shop actually returns where the schema has an interface or union, so a
 * field selected on the abstract type is checked against those alone.
 */
export const RETURNED_TYPES: Readonly<Record<string, readonly string[]>> = {
  Node: ['Product', 'ProductVariant', 'Collection', 'Page', 'Blog', 'Article', 'Menu', 'MenuItem', 'ShopPolicy', 'MediaImage'],
  Merchandise: ['ProductVariant'],
  BaseCartLine: ['CartLine'],
  CartDiscountAllocation: ['CartCodeDiscountAllocation'],
  PricingValue: ['PricingPercentageValue', 'MoneyV2'],
  Media: ['MediaImage'],
  MenuItemResource: ['Collection', 'Product', 'Page', 'Blog', 'ShopPolicy'],
  SearchResultItem: ['Product', 'Page', 'Article'],
  SitemapResourceInterface: ['SitemapResource'],
};

/** The one resolver graphql-js calls for every schema field: dispatch through the map, or refuse by name. */
export const dispatchField: GraphQLFieldResolver<unknown, ShopContext, Args> = (source, args, context, info) => {
  const spec = IMPLEMENTED_FIELDS[info.parentType.name]?.[info.fieldName];
  if (!spec) throw notImplemented(`Field '${info.parentType.name}.${info.fieldName}'`);
  return spec.resolve(source as never, args, context, info);
};
