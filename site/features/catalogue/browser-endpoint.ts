import { loadConfig } from '../../../shared/config/index.ts';
import type { BrowserEndpoint } from '../../../shared/storefront/browser.ts';

let endpoint: BrowserEndpoint | undefined;

/**
 * What islands may know about the Storefront API: its URL and the public token, nothing else.
 * Built field by field so no other setting (admin token, API keys) can ride along into a page.
 * Read once: the configuration does not change while a build runs, and every page's header asks
 * (a product page twice).
 */
export function browserEndpoint(): BrowserEndpoint {
  if (!endpoint) {
    const { graphqlUrl, token } = loadConfig().storefront;
    endpoint = Object.freeze({ graphqlUrl, token });
  }
  return endpoint;
}
