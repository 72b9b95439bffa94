/** Money as the Storefront API gives it: a decimal string and an ISO currency code. */
export interface Money {
  amount: string;
  currencyCode: string;
}

export const DEFAULT_CURRENCY = 'USD';

/** Price display (docs/behaviour/constants.md): currency code, then '$', then the amount with 2 decimals: "USD $24.99". */
export function formatPrice(money: Money): string {
  return `${money.currencyCode} $${formatAmount(money.amount)}`;
}

/** "24.9" → "24.90"; unreadable amounts show as "0.00" rather than "NaN". */
export function formatAmount(amount: string | number): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(value) ? value.toFixed(2) : '0.00';
}

/** Whole cents, so sums of many lines never drift (0.1 + 0.2). */
export function toCents(amount: string | number): number {
  const value = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

export function fromCents(cents: number): string {
  return (cents / 100).toFixed(2);
}
