import { MAX_PRODUCT_COUNT, MIN_PRODUCT_COUNT } from '../messages.ts';

/** Providers accept 1–20 products per run (docs/behaviour/constants.md); anything else is a caller's mistake, said plainly. */
export function checkProductCount(count: number): number {
  if (!Number.isInteger(count) || count < MIN_PRODUCT_COUNT || count > MAX_PRODUCT_COUNT) {
    throw new RangeError(`productCount must be a whole number from ${MIN_PRODUCT_COUNT} to ${MAX_PRODUCT_COUNT} (got ${String(count)})`);
  }
  return count;
}
