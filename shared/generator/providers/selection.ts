import { ConfigError, type Config } from '../../config/index.ts';

/**
 * Which providers a run uses, decided from the configuration alone, without loading any of them:
 * - concepts and designs: OpenAI when OPENAI_API_KEY is set, offline otherwise; `offline: true`
 *   (the CLI's --offline) forces offline. A configured OpenAI is never swapped for offline behind
 *   the user's back: its failures are reported as OpenAI failures.
 * - publisher: the Shopify Admin API when SHOPIFY_STORE_DOMAIN and SHOPIFY_ADMIN_TOKEN are both set,
 *   the embedded local shop in DATA_DIR when neither is; one without the other is a configuration error.
 * Both throw a ConfigError that says what is wrong.
 */

export type ProviderMode = 'openai' | 'offline';

export interface GeneratorPlan {
  mode: ProviderMode;
  /** One line for logs and the UI, e.g. "OpenAI (gpt-5.4-mini, images gpt-image-2.5-flare)". Never a secret. */
  description: string;
}

export function planGenerators(config: Config, options: { offline?: boolean } = {}): GeneratorPlan {
  const { apiKey, baseURL, model, imageModel } = config.openai;
  if (options.offline) {
    return { mode: 'offline', description: apiKey ? 'offline (forced; OpenAI is configured but not used for this run)' : 'offline' };
  }
  if (!apiKey) {
    // An OpenAI-compatible server was configured; going offline instead would hide that it is not used.
    if (baseURL)
      throw new ConfigError(
        'OPENAI_BASE_URL is set but OPENAI_API_KEY is not: set a key (any value, for servers that ignore it) or run offline explicitly',
      );
    return { mode: 'offline', description: 'offline (no OPENAI_API_KEY)' };
  }
  return { mode: 'openai', description: `OpenAI (${model}, images ${imageModel}${baseURL ? `, at ${new URL(baseURL).host}` : ''})` };
}

export type PublisherTarget = 'shopify' | 'local';

/** What both publishers call their shop in messages ("published to Shopify"): the embedded shop stands in for Shopify. */
export const SHOP_NAME = 'Shopify';

export interface PublisherPlan {
  target: PublisherTarget;
  /** "Shopify store my-shop.myshopify.com" or "local shop in /path/.data". */
  description: string;
  /** The shop's name in labels ("Publish to Shopify"). */
  shopName: string;
}

export function planPublisher(config: Config): PublisherPlan {
  const token = config.shopifyAdminToken;
  if (!config.storefront.embedded) {
    if (!token) {
      throw new ConfigError(
        'SHOPIFY_STORE_DOMAIN is set but SHOPIFY_ADMIN_TOKEN is not: publishing to a Shopify store needs an Admin API access token (scopes write_products, write_publications, write_files)',
      );
    }
    return {
      target: 'shopify',
      description: `Shopify store ${new URL(config.storefront.origin).host}`,
      shopName: SHOP_NAME,
    };
  }
  if (token) {
    throw new ConfigError(
      'SHOPIFY_ADMIN_TOKEN is set but SHOPIFY_STORE_DOMAIN is not: set the store domain (my-shop.myshopify.com), or unset the token to publish into the local shop',
    );
  }
  return { target: 'local', description: `local shop in ${config.localShop.dataDir}`, shopName: SHOP_NAME };
}
