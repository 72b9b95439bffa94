import { DEFAULT_CURRENCY, type Money } from '../common/index.ts';

/**
 * Prices are whole cents in storage and Shopify `Decimal` strings on the wire. Shopify prints decimals
 * the way Ruby's BigDecimal does: no trailing zeros but at least one fractional digit, so 24.99 →
 * "24.99", 24.90 → "24.9", 25.00 → "25.0". The embedded shop prints them the same way.
 */

export function formatDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not a whole, non-negative number of cents: ${cents}`);
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100)
    .padStart(2, '0')
    .replace(/0$/, '');
  return `${whole}.${fraction === '' ? '0' : fraction}`;
}

/** A MoneyV2 value. */
export function money(cents: number, currencyCode: string = DEFAULT_CURRENCY): Money {
  return { amount: formatDecimal(cents), currencyCode };
}

/** "24.99", "25", "25.0", 24.99 → 2499. Null for anything that is not a non-negative amount with at most 2 decimals. */
export function parseCents(value: string | number): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const cents = Math.round(value * 100);
    return Math.abs(cents - value * 100) < 1e-6 && Number.isSafeInteger(cents) ? cents : null;
  }
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
