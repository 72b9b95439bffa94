import { numericId } from './gid.ts';

/**
 * Variant selection on the product page: which variant a set of chosen option values means, and
 * how each option value stands given the other choices. Pure; the island wraps it.
 */

export interface VariantLike {
  id: string;
  availableForSale: boolean;
  selectedOptions: { name: string; value: string }[];
}

export interface ProductLike<V extends VariantLike = VariantLike> {
  options: { name: string; values: string[] }[];
  variants: V[];
}

export type Selection = Record<string, string>;

/** 'available', 'sold-out' (exists, not for sale) or 'missing' (no variant has this combination). */
export type ValueState = 'available' | 'sold-out' | 'missing';

export function selectionOf(variant: VariantLike): Selection {
  return Object.fromEntries(variant.selectedOptions.map((o) => [o.name, o.value]));
}

/** The variant whose selected options match every chosen value, if any. */
export function findVariant<V extends VariantLike>(product: ProductLike<V>, selection: Selection): V | undefined {
  return product.variants.find((variant) => variant.selectedOptions.every((o) => selection[o.name] === o.value));
}

/** The variant named in the URL (`?variant=<numeric id>`), else the first variant. */
export function initialVariant<V extends VariantLike>(product: ProductLike<V>, variantParam?: string | null): V | undefined {
  if (variantParam) {
    const match = product.variants.find((v) => numericId(v.id) === variantParam || v.id === variantParam);
    if (match) return match;
  }
  return product.variants[0];
}

/** How choosing `value` for `optionName`, keeping the other choices, would turn out. */
export function valueState(product: ProductLike, selection: Selection, optionName: string, value: string): ValueState {
  const variant = findVariant(product, { ...selection, [optionName]: value });
  if (!variant) return 'missing';
  return variant.availableForSale ? 'available' : 'sold-out';
}

/** The Options section shows only when the first option has more than one value (docs/behaviour/storefront.md). */
export function showsOptions(product: ProductLike): boolean {
  return (product.options[0]?.values.length ?? 0) > 1;
}
