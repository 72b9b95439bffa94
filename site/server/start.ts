import { startStoreApp } from './store-app.ts';

/**
 * `npm start`: the embedded shop (unless SHOPIFY_STORE_DOMAIN is set), a production build against
 * it, and the store on PORT. Ctrl-C or SIGTERM stops it all.
 */

const verbose = process.argv.includes('--verbose');

async function main(): Promise<void> {
  console.log('Building the store...');
  const app = await startStoreApp({ onBuildLine: verbose ? (line) => console.log(line) : undefined });
  console.log(app.startedShop ? `Embedded shop: ${app.shopUrl}` : `Storefront API: ${app.shopUrl}`);
  console.log(`Store ready at ${app.siteUrl}`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Could not stop cleanly: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
