import { loadConfig } from '../../shared/config.ts';
import type { BrowserEndpoint } from '../../shared/storefront/browser.ts';

/**
 * What islands may know about the Storefront API: its URL and the public token, nothing else.
 * Built field by field so no other setting (admin token, API keys) can ride along into a page.
 */
export function browserEndpoint(): BrowserEndpoint {
  const { graphqlUrl, token } = loadConfig().storefront;
  return { graphqlUrl, token };
}
