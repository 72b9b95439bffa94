import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Shopify signs each webhook delivery with HMAC-SHA256 of the raw body, keyed with the app's secret,
 * sent base64-encoded in X-Shopify-Hmac-Sha256 (see docs/behaviour/webhooks.md).
 */

export const HMAC_HEADER = 'x-shopify-hmac-sha256';

export function signWebhookBody(body: Uint8Array | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/** True only for the exact signature of these bytes; compared in constant time. */
export function verifyWebhookSignature(body: Uint8Array, header: string | null | undefined, secret: string): boolean {
  if (!header || !secret) return false;
  const given = Buffer.from(header.trim(), 'base64');
  const expected = createHmac('sha256', secret).update(body).digest();
  // A wrong length is refused before the comparison (timingSafeEqual needs equal lengths); the length is no secret.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
