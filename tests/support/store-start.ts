import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { signWebhookBody } from '../../shared/webhooks/index.ts';
import { isolatedEnv, REPO_ROOT } from './child-process.ts';
import { startScriptedServer, type ScriptedAnswer, type ScriptedServer } from './scripted-server.ts';
import { cataloguePage, emptyContent, productsRequest, type ProductsRequest } from './scripted-store.ts';

/**
 * For the tests of how `npm start` starts and stops: a scripted Storefront API whose catalogue a
 * test changes at will, `npm start`'s script as a child process against it on a given data and
 * builds folder (every line it prints kept, its exit awaited), and an old build slow to delete,
 * which keeps the first build's clean-up busy for a while.
 */

/** Something a test starts and must stop: `npm start` (killed) or an app or server (closed). */
export type Stoppable = { kill(): Promise<void> } | { close(): Promise<void> };

export interface TestCleanup<T extends Record<string, Stoppable>> {
  /** What the running test started, by name: stopped after the test in the order the names were given, each slot then emptied. */
  live: Partial<T>;
  /** A new temporary folder named from `prefix`, removed after all the tests of the file. */
  tempDir(prefix: string): string;
}

/**
 * The clean-up of a test file: after each test, the processes, apps and servers in `live` are
 * stopped, one after the other in the order of `order`; after all of them, the temporary folders
 * (`maxRetries` as for rmSync).
 */
export function cleanUpAfterTests<T extends Record<string, Stoppable>>(
  order: readonly (keyof T)[],
  { maxRetries = 0 }: { maxRetries?: number } = {},
): TestCleanup<T> {
  const live: Partial<T> = {};
  const dirs: string[] = [];
  afterEach(async () => {
    for (const name of order) {
      const started = live[name];
      if (started) await ('kill' in started ? started.kill() : started.close());
      live[name] = undefined;
    }
  });
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries });
  });
  return {
    live,
    tempDir(prefix) {
      const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
  };
}

export interface ScriptedCatalogue {
  server: ScriptedServer;
  /** The Storefront origin, for SHOPIFY_STORE_DOMAIN. */
  origin: string;
  /** How many products the catalogue has (changed between builds). */
  products: number;
  /** When set, every Products request gets this instead. */
  failure: ScriptedAnswer | undefined;
  /** Products requests received so far. */
  productRequests: ProductsRequest[];
  close(): Promise<void>;
}

/** A Storefront API with `products` products and no other content; `failure` makes every Products request fail. */
export async function startScriptedCatalogue(products: number): Promise<ScriptedCatalogue> {
  const catalogue = { products, failure: undefined, productRequests: [] } as unknown as ScriptedCatalogue;
  catalogue.server = await startScriptedServer((recorded) => {
    const other = emptyContent(recorded);
    if (other) return other;
    const request = productsRequest(recorded);
    catalogue.productRequests.push(request);
    return catalogue.failure ?? cataloguePage(request, catalogue.products);
  });
  catalogue.origin = new URL(catalogue.server.url).origin;
  catalogue.close = () => catalogue.server.close();
  return catalogue;
}

/** A page that is not JSON: a build fails on it at once, without retries. */
export const MAINTENANCE_PAGE: ScriptedAnswer = { status: 200, body: '<html>Down for maintenance</html>' };

/**
 * A build directory from an earlier run that takes a second or more to delete: a chain of `depth`
 * nested folders, each removed only after everything under it, and each found again through all
 * those above it. Unlike many files in one folder, its deletion never floods the thread pool, so
 * the server keeps answering meanwhile (a real catalogue's old build is deleted that way too, just
 * less slowly).
 */
export function oldBuildSlowToDelete(buildsDir: string, depth = 1200, name = 'build-20200101-000000-aaaaaa'): string {
  const dir = path.join(buildsDir, name);
  mkdirSync(path.join(dir, ...Array.from({ length: depth }, () => 'd')), { recursive: true });
  writeFileSync(path.join(dir, 'old.html'), 'old');
  return dir;
}

export interface StartedProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first match in what the process printed (stdout and stderr); rejects when it exits first or after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code once the process has exited (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Resolves with the exit code, or 'running' when the process is still running after `ms`. */
  exitWithin(ms: number): Promise<number | null | 'running'>;
  /** SIGKILL when still running. */
  kill(): Promise<void>;
}

/** `npm start`'s script on `dataDir` and `buildsDir` against `storefrontOrigin`, listening on `port` (0: any). */
export function spawnStore({
  dataDir,
  buildsDir,
  storefrontOrigin,
  port = 0,
  env = {},
}: {
  dataDir: string;
  buildsDir: string;
  storefrontOrigin: string;
  port?: number;
  env?: NodeJS.ProcessEnv;
}): StartedProcess {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'site', 'server', 'start.ts')], {
    cwd: REPO_ROOT,
    env: isolatedEnv({
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_BUILDS_DIR: buildsDir,
      SHOPIFY_STORE_DOMAIN: storefrontOrigin,
      SHOPIFY_STOREFRONT_TOKEN: 'public-token',
      STAFF_AUTH_SECRET: 'store-start-staff-secret-0123456789abcdef',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running = () => child.exitCode === null && child.signalCode === null;

  return {
    child,
    output: () => text,
    exited,
    waitFor(pattern, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(text);
          if (!match) return;
          done();
          resolve(match);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`npm start did not print ${pattern} within ${timeoutMs} ms:\n${text}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        void exited.then((code) => {
          if (!listeners.has(check)) return;
          check();
          if (!listeners.has(check)) return;
          done();
          reject(new Error(`npm start exited (${code}) before it printed ${pattern}:\n${text}`));
        });
        check();
      });
    },
    async exitWithin(ms) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'running'>((resolve) => {
        timer = setTimeout(() => resolve('running'), ms);
      });
      const result = await Promise.race([exited, late]);
      clearTimeout(timer);
      return result;
    },
    async kill() {
      if (running()) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/** POSTs a products/create delivery of `body` from Shopify, signed with `secret`, to the store at `site`. */
export function deliverProductsCreate(site: string, body: string, secret: string, webhookId: string): Promise<Response> {
  return fetch(`${site}/api/webhooks/shopify`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-hmac-sha256': signWebhookBody(body, secret),
      'x-shopify-topic': 'products/create',
      'x-shopify-webhook-id': webhookId,
    },
    body,
  });
}

/** The status of GET `url`, or 'refused' when nothing answers. */
export async function statusOf(url: string): Promise<number | 'refused'> {
  try {
    const response = await fetch(url, { headers: { connection: 'close' } });
    await response.body?.cancel();
    return response.status;
  } catch {
    return 'refused';
  }
}

/** Polls `url` every few milliseconds until it answers `status`. */
export async function waitForStatus(url: string, status: number, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while ((await statusOf(url)) !== status) {
    if (Date.now() > end) throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A port nothing listens on right now, for a store whose address the test needs before it prints it. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
