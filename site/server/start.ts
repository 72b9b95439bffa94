import { loadConfig } from '../../shared/config/index.ts';
import { warnOnceIfUnsupported } from '../../shared/generator/index.ts';
import { createLogger } from '../../shared/log/index.ts';
import { startStoreApp, StoreStartCancelled, type StoreApp } from './store-app.ts';

/**
 * `npm start`: the embedded shop (unless SHOPIFY_STORE_DOMAIN is set), a production build against
 * it, and the store on PORT. Ctrl-C or SIGTERM stops it all, even in the middle of the first build.
 * Lines go through the redacting logger (LOG_FORMAT=json for one JSON object per line).
 */

const verbose = process.argv.includes('--verbose');
const starting = new AbortController();
let app: StoreApp | undefined;
let stopping = false;
const logger = createLogger({ format: process.env.LOG_FORMAT === 'json' ? 'json' : 'text' });

function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: stopping...`, { signal });
  if (!app) {
    starting.abort(); // main() closes what had started, then exits
    return;
  }
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      logger.error(`Could not stop cleanly: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}

async function main(): Promise<void> {
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // A bad setting is reported by loadConfig as one line; checked here so it goes through the logger too.
  const config = loadConfig();
  // Publishing to a Shopify store: said once, at start-up, when SHOPIFY_API_VERSION is past Shopify's support window.
  if (!config.storefront.embedded && config.shopifyAdminToken) warnOnceIfUnsupported(config.shopifyApiVersion, (m) => logger.warn(m));
  logger.info('Building the store...');
  app = await startStoreApp({ log: logger.line, onBuildLine: verbose ? logger.line : undefined, signal: starting.signal });
  logger.info(app.startedShop ? `Embedded shop: ${app.shopUrl}` : `Storefront API: ${app.shopUrl}`);
  logger.info(`Store ready at ${app.siteUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof StoreStartCancelled) process.exit(0);
  logger.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
