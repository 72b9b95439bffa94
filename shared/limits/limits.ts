import type { ErrorKind } from '../common/index.ts';

/**
 * The limits and defaults of a generator run, in one place (docs/behaviour/constants.md), read by
 * the CLI, the generator API, the /generator page and the pipeline. Each rule has one message.
 */

export const MIN_PRODUCT_COUNT = 1;
export const MAX_PRODUCT_COUNT = 20;
export const DEFAULT_PRODUCT_COUNT = 6;
export const DEFAULT_THEME = 'AI quotes for entrepreneurs and small business owners';
// Longest theme and brand guidelines a run accepts (they go into the concept prompt verbatim).
export const MAX_THEME_CHARS = 500;
export const MAX_GUIDELINES_CHARS = 2000;
/** Pause after each design (GENERATOR_DELAY_MS, tshirt-gen --delay); an hour is far beyond any sensible pause. */
export const DEFAULT_DESIGN_DELAY_MS = 1000;
export const MAX_DESIGN_DELAY_MS = 3_600_000;

/** The text lengths and price bound of a product concept, checked on model output and API bodies. */
export const CONCEPT_LIMITS = {
  name: 80,
  description: 600,
  category: 40,
  quoteMin: 3,
  quoteMax: 200,
  keywordsMax: 10,
  keyword: 40,
  priceMax: 1000,
} as const;

/** The sizes every published shirt comes in, and what each adds to the concept's price (USD). */
export const SIZES = ['S', 'M', 'L', 'XL', '2XL'] as const;
export const SIZE_SURCHARGE: Readonly<Record<string, number>> = { '2XL': 2 };

/** A value outside one of these limits; the request cannot be done as asked. */
export class LimitError extends RangeError {
  readonly kind: ErrorKind = 'unprocessable';
  override name = 'LimitError';
}

export function isProductCount(count: unknown): count is number {
  return Number.isInteger(count) && (count as number) >= MIN_PRODUCT_COUNT && (count as number) <= MAX_PRODUCT_COUNT;
}

/**
 * The one message of the product-count rule, wherever a count comes from (a flag, a request body, a
 * provider call); `field` names it as the caller sent it (the runs API's body calls it `count`).
 */
export function productCountMessage(got: unknown, field = 'productCount'): string {
  return `${field} must be a whole number from ${MIN_PRODUCT_COUNT} to ${MAX_PRODUCT_COUNT} (got ${typeof got === 'number' ? String(got) : (JSON.stringify(got) ?? String(got))})`;
}

export function checkProductCount(count: unknown): number {
  if (!isProductCount(count)) throw new LimitError(productCountMessage(count));
  return count;
}
