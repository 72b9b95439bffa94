/** The shirt sizes every publisher creates, and what each costs relative to the concept's price. */

export const SIZES = ['S', 'M', 'L', 'XL', '2XL'] as const;

/** Larger sizes cost more to print: 2XL is the base price plus this many dollars, in every shop. */
export const SIZE_SURCHARGE: Readonly<Record<string, number>> = { '2XL': 2 };

/** The price of one size as a decimal string ("26.99"). */
export function sizePrice(base: number, size: string): string {
  return (Math.round((base + (SIZE_SURCHARGE[size] ?? 0)) * 100) / 100).toFixed(2);
}
