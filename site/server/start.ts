import { startStoreApp, StoreStartCancelled, type StoreApp } from './store-app.ts';

/**
 * `npm start`: the embedded shop (unless SHOPIFY_STORE_DOMAIN is set), a production build against
 * it, and the store on PORT. Ctrl-C or SIGTERM stops it all, even in the middle of the first build.
 */

const verbose = process.argv.includes('--verbose');
const starting = new AbortController();
let app: StoreApp | undefined;
let stopping = false;

function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping...`);
  if (!app) {
    starting.abort(); // main() closes what had started, then exits
    return;
  }
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`Could not stop cleanly: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}

async function main(): Promise<void> {
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log('Building the store...');
  app = await startStoreApp({ onBuildLine: verbose ? (line) => console.log(line) : undefined, signal: starting.signal });
  console.log(app.startedShop ? `Embedded shop: ${app.shopUrl}` : `Storefront API: ${app.shopUrl}`);
  console.log(`Store ready at ${app.siteUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof StoreStartCancelled) process.exit(0);
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
