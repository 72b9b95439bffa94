import { loadConfig } from '../../shared/config/index.ts';
import type { LocalShop } from '../../shared/local-shop/index.ts';
import { astroBuild } from './astro-build.ts';
import { buildsRoot, newBuildDir, pruneBuilds } from './build-dirs.ts';
import { answersAt, startEmbeddedShop } from './embedded-shop.ts';
import { createPublishFollowUp } from '../features/generator/server/publish-follow-up.ts';
import { createGeneratorServices } from '../features/generator/server/services.ts';
import { openStaffAccounts } from '../features/staff/server/staff-services.ts';
import type { Staff } from '../../shared/staff/index.ts';
import { startSiteServer, type SiteServer } from './site-server.ts';
import { parseTrustProxy } from './http/trusted-proxy.ts';
import { openDeliveryLog } from '../../shared/webhooks/index.ts';
import { createWebhookReceiver } from '../features/webhooks/server/receiver.ts';
import type { ErrorKind } from '../../shared/common/index.ts';

/**
 * What `npm start` runs: the embedded shop (unless a real store is configured), a production build
 * of the site against it, and the server for that build. `rebuild()` makes a fresh build in its
 * own directory and swaps it in while the old one keeps serving until then. The generator API's
 * services reach every build's endpoints through Astro's `locals`; a publish leads to a rebuild.
 */

export interface StoreApp {
  /** The store's address, e.g. `http://127.0.0.1:4321`. */
  siteUrl: string;
  /** The Storefront API origin the site was built against. */
  shopUrl: string;
  /** True when this process started the embedded shop. */
  startedShop: boolean;
  /** Builds again (one build at a time; calls made meanwhile share the next build) and swaps it in. */
  rebuild(): Promise<void>;
  /** Resolves once no rebuild after a publish is waiting or running. */
  publishesSettled(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreAppOptions {
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** Every line of `astro build` output (default: dropped; failures are reported either way). */
  onBuildLine?: (line: string) => void;
  /** Aborting it while the store starts stops whatever has started (the build is killed). */
  signal?: AbortSignal;
  /** Called once the server listens, before the first build (its /readyz answers 503 until then). */
  onListening?: (url: string) => void;
}

/**
 * The environment of the build: the shop's real port when the system picked it (port 0), and the
 * site's real address for canonical URLs when SITE_URL is not set.
 */
function buildEnv(env: NodeJS.ProcessEnv, siteUrl: string, shop: LocalShop | undefined): NodeJS.ProcessEnv {
  const withSite = env.SITE_URL ? env : { ...env, SITE_URL: siteUrl };
  return shop ? { ...withSite, LOCAL_SHOP_PORT: new URL(shop.origin).port } : withSite;
}

export class StoreStartCancelled extends Error {
  readonly kind: ErrorKind = 'cancelled';
  override name = 'StoreStartCancelled';
}

export async function startStoreApp({
  env = process.env,
  log = (line) => console.log(line),
  onBuildLine,
  signal,
  onListening,
}: StoreAppOptions = {}): Promise<StoreApp> {
  const config = loadConfig(env);
  // A bad TRUST_PROXY stops the start with its message, before anything listens.
  const trustProxy = parseTrustProxy(config.server.trustProxy);

  const root = buildsRoot(env);
  const stopping = new AbortController();
  signal?.addEventListener('abort', () => stopping.abort(), { once: true });
  let shop: LocalShop | undefined;
  let server: SiteServer | undefined;
  // Bound once the first build is in: a publish can only happen through a served build.
  let rebuildAfterPublish: (() => Promise<void>) | undefined;
  const followUp = createPublishFollowUp({
    rebuild: () => rebuildAfterPublish?.() ?? Promise.resolve(),
    // A hosting platform's build could not reach the embedded shop, so the hook is for a real store.
    ...(config.storefront.embedded ? {} : { deployHookUrl: config.generator.deployHookUrl }),
    log,
  });
  const generator = createGeneratorServices({ config, log, onPublished: () => followUp.published() });
  // Shopify's deliveries (docs/behaviour/webhooks.md): a change in the shop leads to the same rebuild as a publish.
  const webhooks = createWebhookReceiver({
    secret: config.webhookSecret,
    deliveries: openDeliveryLog(config.localShop.dataDir),
    onChange: () => followUp.storeChanged(),
    log,
  });

  // Filled in once the server listens (the staff service needs the site's real address); routes read it per request.
  const locals: { generator: typeof generator; webhooks: typeof webhooks; staff?: Staff; siteUrl?: string } = { generator, webhooks };

  let closing: Promise<void> | undefined;
  function close(): Promise<void> {
    closing ??= (async () => {
      stopping.abort();
      followUp.close();
      if (server && config.server.shutdownDrainMs > 0) {
        // /readyz answers 503 first, so a load balancer stops sending traffic before the port closes.
        server.drain();
        await new Promise((resolve) => setTimeout(resolve, config.server.shutdownDrainMs));
      }
      await server?.close();
      await generator.close();
      webhooks.close();
      locals.staff?.close();
      await shop?.close();
    })();
    return closing;
  }

  /** What /readyz needs besides a build: the databases this process holds open. */
  function notReady(): string | undefined {
    if (!webhooks.ready()) return 'the webhook delivery log is closed';
    if (shop && !shop.store.isOpen()) return 'the embedded shop database is closed';
    return undefined;
  }

  try {
    // Listen first: a taken port fails at once, and the shop's checkout page can link back here.
    server = await startSiteServer({
      host: config.server.host,
      port: config.server.port,
      log,
      locals,
      notReady,
      trustProxy,
      siteUrl: config.server.siteUrl,
    });
    onListening?.(server.url);
    locals.siteUrl = server.url;
    const siteUrl = env.SITE_URL ? config.server.siteUrl : server.url;
    locals.staff = await openStaffAccounts({ config, siteUrl, serverUrl: server.url, log });
    if (config.storefront.embedded) {
      if (await answersAt(config.storefront.origin)) {
        log(`Using the shop already running at ${config.storefront.origin}`);
      } else {
        shop = await startEmbeddedShop({ ...config, server: { ...config.server, siteUrl } }, log);
      }
    }
  } catch (error) {
    await close();
    throw error;
  }

  const childEnv = buildEnv(env, server.url, shop);
  const siteServer = server;
  let previous: string | undefined;

  // Deleting old builds is awaited before the next build starts (it runs off the event loop, so
  // requests are answered meanwhile): a build directory made while a clean-up was listing the
  // folder must never be taken for an old one.
  async function buildAndSwap(): Promise<void> {
    const dir = newBuildDir(root);
    try {
      await astroBuild({ outDir: dir, env: childEnv, onLine: onBuildLine, signal: stopping.signal });
      const before = siteServer.currentBuild();
      await siteServer.swap(dir);
      previous = before;
    } finally {
      await pruneBuilds(root, [siteServer.currentBuild(), previous]);
    }
  }

  // One build at a time; requests that arrive during a build are served by the next one.
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  function rebuild(): Promise<void> {
    if (!running) {
      running = buildAndSwap().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return rebuild();
      });
    return queued;
  }

  try {
    if (stopping.signal.aborted) throw new StoreStartCancelled('Stopped before the store was ready');
    await rebuild();
  } catch (error) {
    // Read before close(), which aborts too: a build that failed on its own must say why.
    const cancelled = stopping.signal.aborted;
    await close();
    throw cancelled ? new StoreStartCancelled('Stopped before the store was ready') : error;
  }
  rebuildAfterPublish = rebuild;
  log(`Generator (${siteServer.url}/generator): ${generator.describe()}`);
  const setupLink = locals.staff?.createSetupLink();
  if (setupLink) log(`No staff account yet. Create the first owner within 24 hours (the link works once): ${setupLink}`);
  if (env.GENERATOR_TOKEN)
    log('GENERATOR_TOKEN is no longer read: give each script its own API key (tshirt-gen staff key create <email> --name ci).');
  if (config.generator.deployHookUrl && config.storefront.embedded)
    log('DEPLOY_HOOK_URL is ignored: publishing goes to the embedded shop, which a hosting platform cannot reach.');

  return {
    siteUrl: siteServer.url,
    shopUrl: shop?.origin ?? config.storefront.origin,
    startedShop: shop !== undefined,
    rebuild,
    publishesSettled: () => followUp.settled(),
    close,
  };
}
