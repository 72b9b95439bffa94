import { errorMessage } from '../../../../shared/generator/browser.ts';
import { postDeployHook } from './deploy-hook.ts';

/**
 * What follows a publish: the site is static, so new products need a new build. Publishes close
 * together (Publish All Ready) are gathered into one follow-up: a rebuild of the site this server
 * serves, and, with a real Shopify store, the hosting platform's deploy hook. Failures are logged;
 * they never fail the publish, which has already happened.
 */

export interface PublishFollowUp {
  /** A product was published; the follow-up runs once publishes have been quiet for a moment. */
  published(): void;
  /** The shop changed under the site (a Shopify webhook); gathered with publishes into the same follow-up. */
  storeChanged(): void;
  /** Resolves when nothing is waiting or running (for tests and shutdown). */
  settled(): Promise<void>;
  close(): void;
}

export interface PublishFollowUpOptions {
  /** Builds the site again and swaps it in (the store app's `rebuild`). */
  rebuild?: () => Promise<void>;
  /** POSTed with each follow-up (DEPLOY_HOOK_URL; the store app passes it with a real Shopify store only). */
  deployHookUrl?: string;
  log: (line: string) => void;
  /** Wait this long after the last publish before following up (default 2 s). */
  quietMs?: number;
  /** But never longer than this after the first one (default 10 s). */
  maxWaitMs?: number;
  postHook?: (url: string) => Promise<void>;
}

const plural = (n: number) => `${n} new product${n === 1 ? '' : 's'}`;
const changes = (n: number) => `${n} change${n === 1 ? '' : 's'} in Shopify`;

function what(products: number, changed: number): string {
  if (changed === 0) return plural(products);
  return products === 0 ? changes(changed) : `${plural(products)} and ${changes(changed)}`;
}

export function createPublishFollowUp({
  rebuild,
  deployHookUrl,
  log,
  quietMs = 2000,
  maxWaitMs = 10_000,
  postHook = postDeployHook,
}: PublishFollowUpOptions): PublishFollowUp {
  let timer: NodeJS.Timeout | undefined;
  let firstAt = 0;
  let count = 0;
  let changed = 0;
  let closed = false;
  const running = new Set<Promise<void>>();

  async function rebuildSite(products: number, storeChanges: number): Promise<void> {
    if (!rebuild) return;
    const started = performance.now();
    log(`Rebuilding the store for ${what(products, storeChanges)}...`);
    try {
      await rebuild();
      const live = storeChanges === 0 ? 'the new products are live' : 'the changes are live';
      log(`Store rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s: ${live}.`);
    } catch (error) {
      const after = storeChanges === 0 ? 'after publishing' : 'after a change in Shopify';
      const next = storeChanges === 0 ? 'the next publish' : 'the next change';
      log(`The store could not be rebuilt ${after} (${errorMessage(error)}); the current build keeps serving, and ${next} tries again.`);
    }
  }

  async function callHook(url: string): Promise<void> {
    try {
      await postHook(url);
      log('Deploy hook called (DEPLOY_HOOK_URL): the hosting platform is rebuilding the site.');
    } catch (error) {
      log(`The deploy hook (DEPLOY_HOOK_URL) failed: ${errorMessage(error)}. The products are published; rebuild the site by hand.`);
    }
  }

  function fire(): void {
    timer = undefined;
    const products = count;
    const storeChanges = changed;
    count = 0;
    changed = 0;
    const work = Promise.all([rebuildSite(products, storeChanges), deployHookUrl ? callHook(deployHookUrl) : undefined]).then(
      () => undefined,
    );
    running.add(work);
    void work.finally(() => running.delete(work));
  }

  function schedule(): void {
    const now = performance.now();
    if (count + changed === 1) firstAt = now;
    clearTimeout(timer);
    timer = setTimeout(fire, Math.max(0, Math.min(quietMs, firstAt + maxWaitMs - now)));
  }

  return {
    published() {
      if (closed) return;
      count++;
      schedule();
    },
    storeChanged() {
      if (closed) return;
      changed++;
      schedule();
    },
    async settled() {
      while (timer || running.size > 0) {
        if (running.size > 0) await Promise.all(running);
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
