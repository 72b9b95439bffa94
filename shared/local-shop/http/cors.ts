import type { ServerResponse } from 'node:http';
import { STOREFRONT_TOKEN_HEADER } from '../../storefront/browser.ts';
import { BASE_HEADERS } from './responses.ts';

/**
 * The Storefront API is called from shoppers' browsers on any origin, with a public token, so any
 * origin may call it. No credentials (cookies) are involved, so `*` is safe.
 */

export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
} as const;

const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  // Shopify's own clients (storefront-api-client, hydrogen-react) name themselves in the X-SDK-* headers.
  'Access-Control-Allow-Headers': `Content-Type, Accept, ${STOREFRONT_TOKEN_HEADER}, X-SDK-Variant, X-SDK-Version, X-SDK-Variant-Source`,
  'Access-Control-Max-Age': '86400',
} as const;

export function answerPreflight(res: ServerResponse): void {
  res.writeHead(204, { ...BASE_HEADERS, ...PREFLIGHT_HEADERS, 'Cache-Control': 'no-store' });
  res.end();
}
