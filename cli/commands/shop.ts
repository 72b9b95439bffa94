import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { STORE_NAME } from '../../shared/common/index.ts';
import { listenForStopSignals } from '../signals.ts';
import { DATA_OPTION } from './common.ts';
import { registerShopContentCommands } from './shop-content.ts';

/**
 * `tshirt-gen shop`: runs the embedded Storefront API shop in the foreground until Ctrl-C or SIGTERM,
 * seeding its catalogue on first start. Flags override the environment (LOCAL_SHOP_*, DATA_DIR).
 * `--fixtures <n>` first fills the store with plain fixture tees up to n products (benchmarks, paging).
 */

interface ShopFlags {
  port?: number;
  host?: string;
  data?: string;
  publicUrl?: string;
  seed: boolean;
  fixtures?: number;
}

/** The largest fixture catalogue: enough for any benchmark, small enough to fill in seconds. */
export const MAX_FIXTURES = 100_000;

function parseFixtures(value: string): number {
  const count = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  if (!(count >= 0 && count <= MAX_FIXTURES)) throw new InvalidArgumentError(`must be a whole number from 0 to ${MAX_FIXTURES}.`);
  return count;
}

function parsePort(value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError('must be a whole number from 0 to 65535.');
  return Number(value);
}

function parseUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // Reported below.
  }
  throw new InvalidArgumentError('must be an http(s) URL such as http://127.0.0.1:8787.');
}

async function runShop(flags: ShopFlags): Promise<void> {
  // Loaded here, not at the top: `tshirt-gen --help` should not pay for SQLite, GraphQL and zod.
  const [{ loadConfig }, { fillWithFixtures, localShopOptionsFromConfig, startLocalShop }, { createLogger }] = await Promise.all([
    import('../../shared/config/index.ts'),
    import('../../shared/local-shop/index.ts'),
    import('../../shared/log/index.ts'),
  ]);
  const config = loadConfig();
  const defaults = localShopOptionsFromConfig(config);
  // Redacted, and one JSON object per line with LOG_FORMAT=json (docs/behaviour/operations.md).
  const out = createLogger({ format: config.logFormat }).line;
  // Listen for Ctrl-C/SIGTERM from the start: a signal during seeding or start-up still ends in a clean stop.
  // A second one while shutting down means "now".
  const { promise: stopped, resolve: stop } = Promise.withResolvers<NodeJS.Signals>();
  const signals = listenForStopSignals(stop);
  const shop = await startLocalShop({
    ...defaults,
    ...(flags.port !== undefined ? { port: flags.port } : {}),
    ...(flags.host !== undefined ? { host: flags.host } : {}),
    ...(flags.data !== undefined ? { dataDir: path.resolve(flags.data) } : {}),
    ...(flags.publicUrl !== undefined ? { publicUrl: flags.publicUrl } : {}),
    seed: flags.seed,
    log: out,
  });
  const missing = Math.max(0, (flags.fixtures ?? 0) - shop.store.productCount());
  if (missing > 0) {
    out(`Adding ${missing} fixture products…`);
    await fillWithFixtures(shop.store, missing);
  }
  out(`${STORE_NAME} embedded shop is running.`);
  out(`  Storefront API: ${shop.graphqlUrl}`);
  out(`  Products:       ${shop.store.productCount()}`);
  out(`  Data:           ${path.dirname(shop.store.databaseFile)}`);
  out(shop.publicUrl === shop.origin ? '  Press Ctrl-C to stop.' : `  Public URL:     ${shop.publicUrl}\n  Press Ctrl-C to stop.`);
  const signal = await stopped;
  out(`Stopping (${signal})…`);
  await shop.close();
  signals.dispose();
  out('Stopped.');
}

export function registerShopCommand(program: Command): void {
  const shop = program
    .command('shop')
    .description('Run the embedded shop (Shopify Storefront API 2025-07) in the foreground')
    .option('-p, --port <port>', 'port to listen on (default LOCAL_SHOP_PORT or 8787; 0 picks a free one)', parsePort)
    .option('--host <host>', 'address to listen on (default LOCAL_SHOP_HOST or 127.0.0.1)')
    .option(...DATA_OPTION)
    .option('--public-url <url>', 'origin for image and checkout links (default the listening address)', parseUrl)
    .option('--no-seed', 'do not write the seed catalogue into an empty store')
    .option('--fixtures <n>', 'add plain fixture tees until the store holds n products (for benchmarks)', parseFixtures)
    .action((flags: ShopFlags) => runShop(flags));
  registerShopContentCommands(shop);
}
