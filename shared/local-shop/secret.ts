import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares a secret the shop holds (the Storefront token, a cart's key) with what a request sent, in
 * constant time. Hashing both first makes the comparison length-independent, so the length of the
 * secret does not leak either. Anything but a string (a missing or repeated header) never matches.
 */
export function secretMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}
