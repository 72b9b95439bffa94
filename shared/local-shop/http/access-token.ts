import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares the request's Storefront token with the configured one in constant time. Hashing both
 * first makes the comparison length-independent, so the length of the secret does not leak either.
 */
export function tokenMatches(expected: string, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}
