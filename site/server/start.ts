import { loadConfig, type Config } from '../../shared/config/index.ts';
import { pruneDesignFiles, RunStore, scheduleDesignPruning, warnOnceIfUnsupported } from '../../shared/generator/index.ts';
import { createLogger } from '../../shared/log/index.ts';
import { startStoreApp, StoreStartCancelled, type StoreApp } from './store-app.ts';

/**
 * `npm start`: the embedded shop (unless SHOPIFY_STORE_DOMAIN is set), a production build against
 * it, and the store on PORT. Ctrl-C or SIGTERM stops it all at any point of the start (exit code 0,
 * as any stop), the first build included. Lines go through the redacting logger (LOG_FORMAT=json
 * for one JSON object per line). Once the store is up, disk clean-up of the generator's designs
 * runs now and every six hours.
 */

const verbose = process.argv.includes('--verbose');
const starting = new AbortController();
let app: StoreApp | undefined;
let pruning: { close(): Promise<void> } | undefined;
let stopping = false;
const logger = createLogger({ format: process.env.LOG_FORMAT === 'json' ? 'json' : 'text' });

function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: stopping...`, { signal });
  if (app) shutDown(app);
  else starting.abort(); // startStoreApp closes what had started and throws StoreStartCancelled; main() exits
}

function shutDown(running: StoreApp): void {
  running
    .close()
    .then(() => pruning?.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error(`Could not stop cleanly: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
}

/**
 * Disk hygiene (docs/behaviour/generator.md, "Disk hygiene"): the designs of discarded products and
 * of runs older than DESIGN_RETENTION_DAYS go, at start-up and every six hours, one log line each time.
 */
function startDesignPruning(config: Config): { close(): Promise<void> } | undefined {
  let store: RunStore;
  try {
    store = RunStore.open(config.localShop.dataDir);
  } catch (error) {
    logger.warn(`Design clean-up is off: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  const schedule = scheduleDesignPruning({
    prune: () => pruneDesignFiles({ store, designsDir: config.generator.designsDir, retentionDays: config.generator.designRetentionDays }),
    log: (line) => logger.info(line),
  });
  return {
    async close() {
      schedule.stop();
      await schedule.settled();
      store.close();
    },
  };
}

async function main(): Promise<void> {
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // A bad setting is reported by loadConfig as one line; checked here so it goes through the logger too.
  const config = loadConfig();
  // Publishing to a Shopify store: said once, at start-up, when SHOPIFY_API_VERSION is past Shopify's support window.
  if (!config.storefront.embedded && config.shopifyAdminToken) warnOnceIfUnsupported(config.shopifyApiVersion, (m) => logger.warn(m));
  app = await startStoreApp({
    log: logger.line,
    onBuildLine: verbose ? logger.line : undefined,
    signal: starting.signal,
    // Said once the store has its builds folder to itself and listens; a refused start prints only why.
    onListening: () => logger.info('Building the store...'),
  });
  // A stop that came just as the start returned: the store stops instead of announcing itself.
  if (stopping) return shutDown(app);
  logger.info(app.startedShop ? `Embedded shop: ${app.shopUrl}` : `Storefront API: ${app.shopUrl}`);
  logger.info(`Store ready at ${app.siteUrl}`);
  pruning = startDesignPruning(config);
}

main().catch((error: unknown) => {
  if (error instanceof StoreStartCancelled) process.exit(0);
  logger.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
