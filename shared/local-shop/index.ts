import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { DEFAULT_LOCAL_SHOP_HOST, DEFAULT_LOCAL_SHOP_PORT, type Config } from '../config/index.ts';
import { urlHost } from '../http/index.ts';
import { seedCatalogue, seedContent } from './catalogue/seed.ts';
import { createShopServer, type ShopServerOptions } from './server.ts';
import { LocalShopStore } from './store/store.ts';
import { GRAPHQL_PATH, shopUrls } from './urls.ts';
import type { ErrorKind } from '../common/index.ts';

/**
 * The embedded local shop: a Storefront API 2025-07 server over SQLite, with product images and a
 * test checkout page. `startLocalShop` is what tests, `npm start` and `tshirt-gen shop` call;
 * `LocalShopStore.open(dataDir)` is the write path for publishing from another process.
 */

export {
  LocalShopStore,
  type CreatedProduct,
  type FileMetafieldInput,
  type ProductMetafieldRecord,
  type ShopFileRecord,
} from './store/store.ts';
export { slugify } from './store/slug.ts';
export { DEFAULT_SIZES, InvalidProductError, type NewProductInput, type ProductSpecInput } from './store/product-spec.ts';
export { InvalidImageError } from './store/image-files.ts';
export { seedCatalogue, seedContent } from './catalogue/seed.ts';
export { SEED_DISCOUNT_CODE } from './catalogue/seed-content.ts';
export {
  InvalidContentError,
  type ArticleInput,
  type CollectionInput,
  type DiscountCodeInput,
  type MenuInput,
  type PageInput,
  type PolicyInput,
} from './store/content-input.ts';
export { POLICY_HANDLES, type PolicyHandle } from './store/content-records.ts';
export { fillWithFixtures } from './catalogue/fixtures.ts';
export { GRAPHQL_PATH, IMAGE_PATH_PREFIX, CHECKOUT_PATH_PREFIX } from './urls.ts';

export { DEFAULT_LOCAL_SHOP_HOST, DEFAULT_LOCAL_SHOP_PORT } from '../config/index.ts';

export interface LocalShopOptions {
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default `.data` under the working directory; the shop keeps its files in `{dataDir}/shop/`. */
  dataDir?: string;
  /** When set, GraphQL requests must carry exactly this in X-Shopify-Storefront-Access-Token. */
  token?: string;
  /** Origin that image URLs and checkout links are built on; default the listening address. */
  publicUrl?: string;
  /** The storefront site, for the checkout page's way back and Product.onlineStoreUrl. */
  storefrontUrl?: string;
  /** Write the seed catalogue if the store is empty and was never seeded (default true). */
  seed?: boolean;
  /** Progress lines and internal errors (default: errors to stderr). */
  log?: (line: string) => void;
}

export interface LocalShop {
  /** Where the server listens, e.g. `http://127.0.0.1:8787`. */
  origin: string;
  /** `{origin}/api/2025-07/graphql.json` */
  graphqlUrl: string;
  /** Origin of image and checkout URLs (publicUrl, else origin). */
  publicUrl: string;
  store: LocalShopStore;
  /** Products written by the seed on this start; 0 when the store already had a catalogue. */
  seeded: number;
  close(): Promise<void>;
}

export class LocalShopStartError extends Error {
  readonly kind: ErrorKind = 'unavailable';
  override name = 'LocalShopStartError';
}

/** The embedded shop's options from the environment (LOCAL_SHOP_HOST, _PORT, _TOKEN, _PUBLIC_URL, DATA_DIR). */
export function localShopOptionsFromConfig(config: Config): LocalShopOptions {
  return {
    host: config.localShop.host,
    port: config.localShop.port,
    dataDir: config.localShop.dataDir,
    ...(config.localShop.token ? { token: config.localShop.token } : {}),
    ...(config.localShop.publicUrl ? { publicUrl: config.localShop.publicUrl } : {}),
    storefrontUrl: config.server.siteUrl,
  };
}

function describeListenError(error: NodeJS.ErrnoException, host: string, port: number): string {
  if (error.code === 'EADDRINUSE') return `Port ${port} on ${host} is already in use; choose another with --port`;
  if (error.code === 'EACCES') return `Not allowed to listen on ${host}:${port}; choose a port above 1024`;
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') return `Cannot listen on ${host}: no such local address`;
  return `Cannot listen on ${host}:${port}: ${error.message}`;
}

export async function startLocalShop(options: LocalShopOptions = {}): Promise<LocalShop> {
  const host = options.host ?? DEFAULT_LOCAL_SHOP_HOST;
  const port = options.port ?? DEFAULT_LOCAL_SHOP_PORT;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const onInternalError = (error: unknown) => log(`local shop: internal error: ${error instanceof Error ? error.message : String(error)}`);
  // An empty token means none: no request could ever present it.
  const token = options.token || undefined;
  const store = LocalShopStore.open(options.dataDir ?? path.resolve('.data'));

  try {
    let seeded = 0;
    if (options.seed ?? true) {
      seeded = (await seedCatalogue(store, { log })) ?? 0;
      seedContent(store, { log });
    }

    // The URLs need the port, known only once listening; no request arrives before then.
    const serverOptions: ShopServerOptions = {
      store,
      urls: shopUrls(options.publicUrl ?? `http://${urlHost(host)}`, options.storefrontUrl),
      token,
      onInternalError,
    };
    const server = createShopServer(serverOptions);
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(new LocalShopStartError(describeListenError(error, host, port), { cause: error })),
      );
      server.listen(port, host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    const origin = `http://${urlHost(host)}:${address.port}`;
    const urls = shopUrls(options.publicUrl ?? origin, options.storefrontUrl);
    serverOptions.urls = urls;

    let closing: Promise<void> | undefined;
    return {
      origin,
      graphqlUrl: `${origin}${GRAPHQL_PATH}`,
      publicUrl: urls.publicUrl,
      store,
      seeded,
      close() {
        closing ??= new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }).then(() => store.close());
        return closing;
      },
    };
  } catch (error) {
    store.close();
    throw error;
  }
}
