import { loadConfig } from '../../shared/config.ts';
import type { LocalShop } from '../../shared/local-shop/index.ts';
import { astroBuild } from './astro-build.ts';
import { buildsRoot, newBuildDir, pruneBuilds } from './build-dirs.ts';
import { answersAt, startEmbeddedShop } from './embedded-shop.ts';
import { createPublishFollowUp } from '../features/generator/server/publish-follow-up.ts';
import { createGeneratorServices } from '../features/generator/server/services.ts';
import { startSiteServer, type SiteServer } from './site-server.ts';

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
  override name = 'StoreStartCancelled';
}

export async function startStoreApp({
  env = process.env,
  log = (line) => console.log(line),
  onBuildLine,
  signal,
}: StoreAppOptions = {}): Promise<StoreApp> {
  const config = loadConfig(env);
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

  async function close() {
    stopping.abort();
    followUp.close();
    await server?.close();
    await generator.close();
    await shop?.close();
  }

  try {
    // Listen first: a taken port fails at once, and the shop's checkout page can link back here.
    server = await startSiteServer({ host: config.server.host, port: config.server.port, log, locals: { generator } });
    const siteUrl = env.SITE_URL ? config.server.siteUrl : server.url;
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

  async function buildAndSwap(): Promise<void> {
    const dir = newBuildDir(root);
    try {
      await astroBuild({ outDir: dir, env: childEnv, onLine: onBuildLine, signal: stopping.signal });
      const before = siteServer.currentBuild();
      await siteServer.swap(dir);
      previous = before;
    } catch (error) {
      pruneBuilds(root, [siteServer.currentBuild(), previous]);
      throw error;
    }
    pruneBuilds(root, [siteServer.currentBuild(), previous]);
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
    await close();
    throw stopping.signal.aborted ? new StoreStartCancelled('Stopped before the store was ready') : error;
  }
  rebuildAfterPublish = rebuild;
  log(`Generator (${siteServer.url}/generator): ${generator.describe()}`);
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
