import { rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../shared/config/index.ts';
import type { LocalShop } from '../../shared/local-shop/index.ts';
import { astroBuild, SiteBuildError } from './astro-build.ts';
import {
  buildsRoot,
  finishedBuilds,
  lockBuilds,
  markFinished,
  newBuildDir,
  pruneBuilds,
  timeToTheSecond,
  type FinishedBuild,
} from './build-dirs.ts';
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
 * The builds root is locked to this process while it runs (docs/behaviour/operations.md). When the
 * first build fails, the newest finished build of an earlier run is served instead, and the build
 * is tried again in the background until one succeeds.
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
  /** How long the rebuild after a publish or a change in Shopify waits for more of them (default 2 s). */
  publishQuietMs?: number;
  /**
   * While an earlier run's build is served because the first build failed: the wait before the
   * next try, doubled after each failure up to `max` (default 5 s, up to 5 min).
   */
  retryDelayMs?: { first: number; max: number };
}

const RETRY_DELAY_MS = { first: 5_000, max: 300_000 };

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

/** Why a build failed, without the "The site build failed: " every build error starts with. */
function whyBuildFailed(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/^The site build failed: /, '');
}

export async function startStoreApp({
  env = process.env,
  log = (line) => console.log(line),
  onBuildLine,
  signal,
  onListening,
  publishQuietMs,
  retryDelayMs = RETRY_DELAY_MS,
}: StoreAppOptions = {}): Promise<StoreApp> {
  const config = loadConfig(env);
  // A bad TRUST_PROXY stops the start with its message, before anything listens.
  const trustProxy = parseTrustProxy(config.server.trustProxy);

  const root = buildsRoot(env);
  // Before anything else: another store on this root would delete the builds this one serves.
  const lock = lockBuilds(root);
  // Released however the process ends; a crash that skips even this leaves a lock the next start takes over.
  const releaseOnExit = () => lock.release();
  process.once('exit', releaseOnExit);
  if (lock.tookOverFrom) log(`The builds in ${root} were locked by ${lock.tookOverFrom}, which is no longer running: taken over.`);
  const stopping = new AbortController();
  signal?.addEventListener('abort', () => stopping.abort(), { once: true });
  let shop: LocalShop | undefined;
  let server: SiteServer | undefined;
  // Bound before the first build starts: a change that arrives during any build, the first one
  // included, gets the next build.
  let rebuildSite: (() => Promise<void>) | undefined;
  let followUp: ReturnType<typeof createPublishFollowUp>;
  let generator: ReturnType<typeof createGeneratorServices>;
  let webhooks: ReturnType<typeof createWebhookReceiver>;
  try {
    followUp = createPublishFollowUp({
      rebuild: () => (rebuildSite ? rebuildSite() : Promise.reject(new Error('the store has not started building yet'))),
      // A hosting platform's build could not reach the embedded shop, so the hook is for a real store.
      ...(config.storefront.embedded ? {} : { deployHookUrl: config.generator.deployHookUrl }),
      log,
      ...(publishQuietMs === undefined ? {} : { quietMs: publishQuietMs }),
    });
    const published = followUp;
    generator = createGeneratorServices({ config, log, onPublished: () => published.published() });
    // Shopify's deliveries (docs/behaviour/webhooks.md): a change in the shop leads to the same rebuild as a publish.
    webhooks = createWebhookReceiver({
      secret: config.webhookSecret,
      deliveries: openDeliveryLog(config.localShop.dataDir),
      onChange: () => published.storeChanged(),
      log,
    });
  } catch (error) {
    process.off('exit', releaseOnExit);
    lock.release();
    throw error;
  }

  // Filled in once the server listens (the staff service needs the site's real address); routes read it per request.
  const locals: { generator: typeof generator; webhooks: typeof webhooks; staff?: Staff; siteUrl?: string } = { generator, webhooks };

  let closing: Promise<void> | undefined;
  function close(): Promise<void> {
    closing ??= (async () => {
      try {
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
      } finally {
        process.off('exit', releaseOnExit);
        lock.release();
      }
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
  // While an earlier run's build is served because this run's builds failed: when that build was made.
  let servingEarlier: string | undefined;

  // Deleting old builds is awaited before the next build starts (it runs off the event loop, so
  // requests are answered meanwhile): a build directory made while a clean-up was listing the
  // folder must never be taken for an old one.
  async function buildAndSwap(): Promise<void> {
    const dir = newBuildDir(root);
    try {
      await astroBuild({ outDir: dir, env: childEnv, onLine: onBuildLine, signal: stopping.signal });
      await markFinished(dir);
      const before = siteServer.currentBuild();
      await siteServer.swap(dir);
      previous = before;
      if (servingEarlier) log(`The site build succeeded: a fresh build replaces the one of ${servingEarlier}.`);
      servingEarlier = undefined;
    } catch (error) {
      // What a failed build wrote is of no use; it goes even while nothing is served.
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
      throw error;
    } finally {
      // Never while nothing is served: the builds of earlier runs are then all there is to fall back on.
      const current = siteServer.currentBuild();
      if (current) await pruneBuilds(root, [current, previous]);
    }
  }

  // One build at a time; requests that arrive during a build are served by the next one.
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  function rebuild(): Promise<void> {
    if (stopping.signal.aborted) return Promise.reject(new SiteBuildError('The site build was cancelled'));
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

  rebuildSite = rebuild;

  /**
   * Waits for `work` while the store starts, but no longer than until it is stopped: what `work`
   * still had to do (deleting the builds of earlier runs) is left, and cut short with the process.
   */
  function unlessStopped<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const stopped = () => reject(new StoreStartCancelled('Stopped before the store was ready'));
      // Observed whatever happens, so a failure after the stop is never an unhandled rejection.
      void work.then(resolve, reject).finally(() => stopping.signal.removeEventListener('abort', stopped));
      if (stopping.signal.aborted) stopped();
      else stopping.signal.addEventListener('abort', stopped, { once: true });
    });
  }

  /** The newest finished build of an earlier run that loads, swapped in; undefined when there is none. */
  async function serveEarlierBuild(): Promise<FinishedBuild | undefined> {
    for (const build of await finishedBuilds(root)) {
      try {
        await siteServer.swap(build.dir);
        return build;
      } catch (error) {
        log(
          `The build of ${timeToTheSecond(build.finishedAt)} cannot be served: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return undefined;
  }

  /** Builds again, with a growing pause between tries, until a build is swapped in or the store stops. */
  async function retryUntilBuilt(): Promise<void> {
    let delay = retryDelayMs.first;
    while (servingEarlier) {
      try {
        await sleep(delay, undefined, { signal: stopping.signal });
      } catch {
        return; // stopped
      }
      if (!servingEarlier) return; // a build after a publish or a change in Shopify succeeded meanwhile
      if (running) {
        // One is under way already (a publish's or a change's): its outcome counts as this try's.
        await running.catch(() => undefined);
        continue;
      }
      try {
        await rebuild();
      } catch (error) {
        if (stopping.signal.aborted || !servingEarlier) return;
        delay = Math.min(delay * 2, retryDelayMs.max);
        log(
          `The site build failed again (${whyBuildFailed(error)}); still serving the build of ${servingEarlier}, next try in ${delay / 1000} s.`,
        );
      }
    }
  }

  try {
    await unlessStopped(rebuild()).catch(async (error: unknown) => {
      if (stopping.signal.aborted) throw error;
      const earlier = await unlessStopped(serveEarlierBuild());
      if (!earlier) throw error;
      servingEarlier = timeToTheSecond(earlier.finishedAt);
      log(`The site build failed (${whyBuildFailed(error)}); serving the build of ${servingEarlier} until a rebuild succeeds.`);
    });
    // A stop that came as the first build finished ends the start here, whatever that build still had to do.
    if (stopping.signal.aborted) throw new StoreStartCancelled('Stopped before the store was ready');
  } catch (error) {
    // Read before close(), which aborts too: a build that failed on its own must say why.
    const cancelled = stopping.signal.aborted;
    await close();
    throw cancelled ? new StoreStartCancelled('Stopped before the store was ready') : error;
  }
  if (servingEarlier)
    void retryUntilBuilt().catch((error: unknown) => log(`The site build is no longer retried: ${whyBuildFailed(error)}`));
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
