/** What every publisher makes of a concept alike: the shirt sizes, what each costs relative to the concept's price, and the tags. */

import { SIZE_SURCHARGE, SIZES } from '../../limits/index.ts';

// Larger sizes cost more to print: 2XL is the base price plus SIZE_SURCHARGE dollars, in every shop.
export { SIZE_SURCHARGE, SIZES };

/** The price of one size as a decimal string ("26.99"). */
export function sizePrice(base: number, size: string): string {
  return (Math.round((base + (SIZE_SURCHARGE[size] ?? 0)) * 100) / 100).toFixed(2);
}

/** Tags from the keywords: trimmed, unique, within the shops' 255-character limit. */
export function tagsOf(keywords: readonly string[]): string[] {
  return [...new Set(keywords.map((k) => k.trim()).filter((k) => k.length > 0 && k.length <= 255))];
}
