import { loadConfig, type Config } from '../../config/index.ts';
import type { ConceptProvider, DesignProvider, Publisher } from '../types.ts';
import type { DesignStore } from './designs/store.ts';
import { warnOnceIfUnsupported } from './shopify-admin/api-version.ts';
import type { AdminClient, AdminClientOptions } from './shopify-admin/admin-client.ts';
import { planGenerators, planPublisher, type GeneratorPlan, type PublisherTarget } from './selection.ts';

/**
 * The providers a run uses, as selection.ts decides from the configuration. Only the modules of the
 * chosen providers are loaded, when they are chosen: an offline run never loads the OpenAI SDK, and
 * a run that does not publish never loads a publisher.
 */

export interface GeneratorProviders extends GeneratorPlan {
  concepts: ConceptProvider;
  designs: DesignProvider;
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

/** Rejects with a ConfigError when the configuration is inconsistent. */
export async function selectGeneratorProviders(options: GeneratorProviderOptions): Promise<GeneratorProviders> {
  const config = options.config ?? loadConfig();
  const plan = planGenerators(config, { offline: options.offline === true });
  const print = options.print ?? true;

  if (plan.mode === 'offline') {
    const [{ createOfflineConceptProvider }, { createOfflineDesignProvider }] = await Promise.all([
      import('./offline/concepts.ts'),
      import('./designs/offline.ts'),
    ]);
    const seeded = options.seed === undefined ? {} : { seed: options.seed };
    return {
      ...plan,
      concepts: createOfflineConceptProvider(seeded),
      designs: createOfflineDesignProvider({ store: options.designStore, print, ...seeded }),
    };
  }

  const [{ createOpenAIConceptProvider }, { createOpenAIArtworkClient }, { createArtworkDesignProvider }] = await Promise.all([
    import('./openai/concepts.ts'),
    import('./openai/artwork.ts'),
    import('./designs/openai.ts'),
  ]);
  const { apiKey, baseURL, model, imageModel } = config.openai;
  // The plan chose OpenAI, so the key is set.
  const { conceptTimeoutMs, imageTimeoutMs, maxRetries } = options.openai ?? {};
  const settings = { apiKey: apiKey!, baseURL, model, imageModel, ...(maxRetries === undefined ? {} : { maxRetries }) };
  return {
    ...plan,
    concepts: createOpenAIConceptProvider({ ...settings, ...(conceptTimeoutMs === undefined ? {} : { timeoutMs: conceptTimeoutMs }) }),
    designs: createArtworkDesignProvider({
      artwork: createOpenAIArtworkClient({ ...settings, ...(imageTimeoutMs === undefined ? {} : { timeoutMs: imageTimeoutMs }) }),
      store: options.designStore,
      print,
    }),
  };
}

export interface SelectedPublisher {
  publisher: Publisher & Required<Pick<Publisher, 'remove'>> & { close(): Promise<void> };
  target: PublisherTarget;
  /** "Shopify store my-shop.myshopify.com" or "local shop in /path/.data". */
  description: string;
}

export interface SelectPublisherOptions {
  /**
   * Where the warning about a SHOPIFY_API_VERSION past Shopify's support window goes, once per
   * process, when the publisher is a Shopify store; default stderr (the CLI), false for none (the
   * server's worker thread: `npm start` says it at start-up).
   */
  warn?: ((message: string) => void) | false;
  /** Today, for the support window (tests). */
  now?: Date;
}

/** The CLI's way of saying a warning: on stderr, under its name. */
export const warnOnStderr = (message: string): void => {
  process.stderr.write(`tshirt-gen: warning: ${message}\n`);
};

/** Rejects with a ConfigError when the configuration is inconsistent. */
export async function selectPublisher(config: Config = loadConfig(), options: SelectPublisherOptions = {}): Promise<SelectedPublisher> {
  const { target, description } = planPublisher(config);
  if (target === 'shopify') {
    // The plan chose Shopify, so the token is set.
    const { createShopifyAdminPublisher } = await import('./shopify-admin/publisher.ts');
    const warn = options.warn ?? warnOnStderr;
    if (warn) warnOnceIfUnsupported(config.shopifyApiVersion, warn, options.now);
    return {
      target,
      description,
      publisher: createShopifyAdminPublisher({
        domain: config.storefront.origin,
        token: config.shopifyAdminToken!,
        apiVersion: config.shopifyApiVersion,
      }),
    };
  }
  const { createLocalShopPublisher } = await import('./local-shop-publisher.ts');
  return { target, description, publisher: createLocalShopPublisher({ dataDir: config.localShop.dataDir }) };
}

/** The Admin API client the publisher uses, for other Admin calls (webhook subscriptions); loads undici when called. */
export async function createShopifyAdminClient(options: AdminClientOptions): Promise<AdminClient> {
  const { createAdminClient } = await import('./shopify-admin/admin-client.ts');
  return createAdminClient(options);
}

export type { AdminClient, AdminClientOptions } from './shopify-admin/admin-client.ts';
export { apiVersionSupport, apiVersionWarning, warnOnceIfUnsupported } from './shopify-admin/api-version.ts';
export { PRINT_FILE_METAFIELD, printFileName } from './print-file.ts';
export {
  MetafieldDefinitionError,
  PRINT_FILE_DEFINITION,
  registerPrintFileDefinition,
  type DefinitionResult,
} from './shopify-admin/print-file-definition.ts';
export type { GeneratorPlan, ProviderMode, PublisherPlan, PublisherTarget } from './selection.ts';
export type { DesignStore, DesignToSave, SavedDesign } from './designs/store.ts';
export { createDirectoryDesignStore } from './designs/directory-store.ts';
