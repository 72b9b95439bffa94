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
/** How much of a refused value a message repeats: enough to recognise it, never a whole pasted document. */
export const MAX_QUOTED_CHARS = 40;
/** Pause after each design (GENERATOR_DELAY_MS, tshirt-gen --delay); an hour is far beyond any sensible pause. */
export const DEFAULT_DESIGN_DELAY_MS = 1000;
export const MAX_DESIGN_DELAY_MS = 3_600_000;
/** How long a run's designs are kept on disk unless published (DESIGN_RETENTION_DAYS); at most a century. */
export const DEFAULT_DESIGN_RETENTION_DAYS = 30;
export const MIN_DESIGN_RETENTION_DAYS = 1;
export const MAX_DESIGN_RETENTION_DAYS = 36_500;

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

/**
 * The length of a text in characters as a person counts them: Unicode code points, so an emoji or a
 * CJK character outside the Basic Multilingual Plane is one, where String#length counts its two UTF-16
 * units. (Not grapheme clusters: one of those can carry any number of combining marks, so a limit in
 * clusters would not bound the text.)
 */
export function textLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/** The first `max` characters of `text` (whole code points), and "…" when there were more. */
export function excerpt(text: string, max = MAX_QUOTED_CHARS): string {
  let head = '';
  let length = 0;
  for (const char of text) {
    if (length === max) return `${head}…`;
    head += char;
    length++;
  }
  return text;
}

export function isProductCount(count: unknown): count is number {
  return Number.isInteger(count) && (count as number) >= MIN_PRODUCT_COUNT && (count as number) <= MAX_PRODUCT_COUNT;
}

/** A refused value as a message shows it: a number as it is, anything else as JSON, a long text cut (excerpt). */
function shown(got: unknown): string {
  if (typeof got === 'number') return String(got);
  if (typeof got === 'string') return JSON.stringify(excerpt(got));
  return excerpt(JSON.stringify(got) ?? String(got));
}

/**
 * The one message of the product-count rule, wherever a count comes from (a flag, a request body, a
 * provider call); `field` names it as the caller sent it (the runs API's body calls it `count`).
 */
export function productCountMessage(got: unknown, field = 'productCount'): string {
  return `${field} must be a whole number from ${MIN_PRODUCT_COUNT} to ${MAX_PRODUCT_COUNT} (got ${shown(got)})`;
}

export function checkProductCount(count: unknown): number {
  if (!isProductCount(count)) throw new LimitError(productCountMessage(count));
  return count;
}
