import { DEFAULT_PRODUCT_COUNT } from '../../../shared/limits/index.ts';

/** The count typed into 'Number of Products': a whole number as typed, or 6 when it is not a number. */
export function productCountFrom(text: string): number {
  const count = Number.parseInt(text.trim(), 10);
  return Number.isNaN(count) ? DEFAULT_PRODUCT_COUNT : count;
}
