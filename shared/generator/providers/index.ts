import { ConfigError, loadConfig, type Config } from '../../config.ts';
import type { ConceptProvider, DesignProvider, Publisher } from '../types.ts';
import { createOfflineDesignProvider } from './designs/offline.ts';
import { createArtworkDesignProvider } from './designs/openai.ts';
import type { DesignStore } from './designs/store.ts';
import { createLocalShopPublisher } from './local-shop-publisher.ts';
import { createOfflineConceptProvider } from './offline/concepts.ts';
import { createOpenAIArtworkClient } from './openai/artwork.ts';
import { createOpenAIConceptProvider } from './openai/concepts.ts';
import { createShopifyAdminPublisher } from './shopify-admin/publisher.ts';

/**
 * Which providers a run uses, decided from the configuration alone:
 * - concepts and designs: OpenAI when OPENAI_API_KEY is set, offline otherwise; `offline: true`
 *   (the CLI's --offline) forces offline. A configured OpenAI is never swapped for offline behind
 *   the user's back: its failures are reported as OpenAI failures.
 * - publisher: the Shopify Admin API when SHOPIFY_STORE_DOMAIN and SHOPIFY_ADMIN_TOKEN are both set,
 *   the embedded local shop in DATA_DIR when neither is; one without the other is a configuration error.
 */

export type ProviderMode = 'openai' | 'offline';

export interface GeneratorProviders {
  concepts: ConceptProvider;
  designs: DesignProvider;
  mode: ProviderMode;
  /** One line for logs and the UI, e.g. "OpenAI (gpt-5.4-mini, images gpt-image-2.5-flare)". Never a secret. */
  description: string;
}

export interface GeneratorProviderOptions {
  /** Where designs are written and served from. */
  designStore: DesignStore;
  /** Force the offline providers even when OpenAI is configured. */
  offline?: boolean;
  /** Seed for the offline providers (concept choice, layout rotation). */
  seed?: number;
  /** Render the 4500×5400 print file (default true). */
  print?: boolean;
  openai?: { conceptTimeoutMs?: number; imageTimeoutMs?: number; maxRetries?: number };
  config?: Config;
}

export function selectGeneratorProviders(options: GeneratorProviderOptions): GeneratorProviders {
  const config = options.config ?? loadConfig();
  const { apiKey, baseURL, model, imageModel } = config.openai;
  const print = options.print ?? true;
  const seeded = options.seed === undefined ? {} : { seed: options.seed };

  if (options.offline) {
    return {
      concepts: createOfflineConceptProvider(seeded),
      designs: createOfflineDesignProvider({ store: options.designStore, print, ...seeded }),
      mode: 'offline',
      description: apiKey ? 'offline (forced; OpenAI is configured but not used for this run)' : 'offline',
    };
  }
  if (!apiKey) {
    // An OpenAI-compatible server was configured; going offline instead would hide that it is not used.
    if (baseURL) throw new ConfigError('OPENAI_BASE_URL is set but OPENAI_API_KEY is not: set a key (any value, for servers that ignore it) or run offline explicitly');
    return {
      concepts: createOfflineConceptProvider(seeded),
      designs: createOfflineDesignProvider({ store: options.designStore, print, ...seeded }),
      mode: 'offline',
      description: 'offline (no OPENAI_API_KEY)',
    };
  }

  const settings = { apiKey, baseURL, model, imageModel, ...(options.openai?.maxRetries === undefined ? {} : { maxRetries: options.openai.maxRetries }) };
  const conceptTimeout = options.openai?.conceptTimeoutMs;
  const imageTimeout = options.openai?.imageTimeoutMs;
  return {
    concepts: createOpenAIConceptProvider({ ...settings, ...(conceptTimeout === undefined ? {} : { timeoutMs: conceptTimeout }) }),
    designs: createArtworkDesignProvider({
      artwork: createOpenAIArtworkClient({ ...settings, ...(imageTimeout === undefined ? {} : { timeoutMs: imageTimeout }) }),
      store: options.designStore,
      print,
    }),
    mode: 'openai',
    description: `OpenAI (${model}, images ${imageModel}${baseURL ? `, at ${new URL(baseURL).host}` : ''})`,
  };
}

export type PublisherTarget = 'shopify' | 'local';

export interface SelectedPublisher {
  publisher: Publisher & { close(): Promise<void> };
  target: PublisherTarget;
  /** "Shopify store my-shop.myshopify.com" or "local shop in /path/.data". */
  description: string;
}

export function selectPublisher(config: Config = loadConfig()): SelectedPublisher {
  const token = config.shopifyAdminToken;
  if (!config.storefront.embedded) {
    if (!token) {
      throw new ConfigError(
        'SHOPIFY_STORE_DOMAIN is set but SHOPIFY_ADMIN_TOKEN is not: publishing to a Shopify store needs an Admin API access token (scopes write_products, write_publications, write_files)',
      );
    }
    const origin = config.storefront.origin;
    return {
      publisher: createShopifyAdminPublisher({ domain: origin, token }),
      target: 'shopify',
      description: `Shopify store ${new URL(origin).host}`,
    };
  }
  if (token) {
    throw new ConfigError('SHOPIFY_ADMIN_TOKEN is set but SHOPIFY_STORE_DOMAIN is not: set the store domain (my-shop.myshopify.com), or unset the token to publish into the local shop');
  }
  return {
    publisher: createLocalShopPublisher({ dataDir: config.localShop.dataDir }),
    target: 'local',
    description: `local shop in ${config.localShop.dataDir}`,
  };
}

export type { DesignStore, DesignToSave, SavedDesign } from './designs/store.ts';
export { createDirectoryDesignStore } from './designs/directory-store.ts';
