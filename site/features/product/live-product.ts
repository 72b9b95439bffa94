import { isRecord } from '../../../shared/common/index.ts';
import type { Money } from '../../../shared/common/index.ts';

/**
 * What the product page re-reads in the browser after load: price and availability per variant.
 * A hand-written reader rather than zod, so the product page's JS stays small.
 */

export interface LiveVariant {
  id: string;
  availableForSale: boolean;
  price: Money;
}

export type LiveProduct =
  | { state: 'found'; minPrice: Money; variants: LiveVariant[] }
  /** The product was deleted (or unpublished) since the page was built. */
  | { state: 'gone' };

function readMoney(value: unknown): Money | null {
  if (!isRecord(value) || typeof value.amount !== 'string' || typeof value.currencyCode !== 'string') return null;
  return { amount: value.amount, currencyCode: value.currencyCode };
}

function readVariant(value: unknown): LiveVariant | null {
  const node = isRecord(value) ? value.node : null;
  if (!isRecord(node) || typeof node.id !== 'string' || typeof node.availableForSale !== 'boolean') return null;
  const price = readMoney(node.price);
  return price ? { id: node.id, availableForSale: node.availableForSale, price } : null;
}

/** Reads the `data` of a ProductAvailability answer; null when its shape is not the expected one. */
export function readLiveProduct(data: Record<string, unknown>): LiveProduct | null {
  const product = data.product;
  if (product === null) return { state: 'gone' };
  if (!isRecord(product)) return null;
  const minPrice = readMoney(isRecord(product.priceRange) ? product.priceRange.minVariantPrice : null);
  const edges = isRecord(product.variants) ? product.variants.edges : null;
  if (!minPrice || !Array.isArray(edges)) return null;
  const variants: LiveVariant[] = [];
  for (const edge of edges) {
    const variant = readVariant(edge);
    if (!variant) return null;
    variants.push(variant);
  }
  return { state: 'found', minPrice, variants };
}
