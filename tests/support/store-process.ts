import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isolatedEnv } from './child-process.ts';

/**
 * `npm start`'s script as a child process, the way a user runs it: free ports, a temporary data
 * directory and build directory, the URLs read from what it prints, and a clean stop.
 */

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * Fake secrets in the environment: none may ever reach a page or a bundle. Only settings that fit a
 * store with nothing else configured (an OpenAI key or an Admin token would switch the generator to
 * services these machines cannot reach, unless `env` points them at a loopback stand-in);
 * `buildEnvironment` is tested to drop those too.
 */
export const FAKE_SECRETS = {
  STAFF_AUTH_SECRET: 'e2e-staff-auth-secret-77aa-0123456789abcdef',
  DEPLOY_HOOK_URL: 'https://hooks.example.test/deploy/e2e-hook-secret-51c0',
} as const;

export interface StoreProcess {
  siteUrl: string;
  shopUrl: string;
  graphqlUrl: string;
  buildsDir: string;
  dataDir: string;
  /** The temporary folder holding dataDir and buildsDir: `root` for a store started again on them. */
  root: string;
  output(): string;
  /** SIGTERM, as Ctrl-C would; resolves with the exit code (SIGKILL after 10 s gives null); removes `root`. */
  stop(): Promise<number | null>;
  /** SIGKILL, as a crash or `kill -9` would: nothing is cleaned up, and `root` stays for a store started on it. */
  kill(): Promise<void>;
}

export interface StoreProcessOptions {
  timeoutMs?: number;
  /** Fills the data directory before the store starts (a catalogue there replaces the seed). */
  prepare?: (dataDir: string) => Promise<void>;
  /** More settings for the store, e.g. OPENAI_* pointing at a loopback model (tests/support/openai-model.ts). */
  env?: NodeJS.ProcessEnv;
  /** PORT (default 0: any free port); a store started again keeps its address this way. */
  port?: number;
  /** The `root` of an earlier store (killed): this one starts on its data and builds, as `npm start` again would. */
  root?: string;
}

export async function startStoreProcess({
  timeoutMs = 240_000,
  prepare,
  env = {},
  port = 0,
  root,
}: StoreProcessOptions = {}): Promise<StoreProcess> {
  const tmp = root ?? mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
  const dataDir = path.join(tmp, 'data');
  const buildsDir = path.join(tmp, 'builds');
  try {
    await prepare?.(dataDir);
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, 'site', 'server', 'start.ts')], {
    cwd: REPO_ROOT,
    // A short pause between designs keeps the generator journeys quick.
    env: isolatedEnv({
      HOST: '127.0.0.1',
      PORT: String(port),
      LOCAL_SHOP_PORT: '0',
      DATA_DIR: dataDir,
      SITE_BUILDS_DIR: buildsDir,
      GENERATOR_DELAY_MS: '50',
      // The journeys' browsers reach the store through a stand-in proxy that names each one (tests/e2e/harness.ts).
      TRUST_PROXY: 'loopback',
      ...FAKE_SECRETS,
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const ready = new Promise<{ siteUrl: string; shopUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not get ready within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const site = /Store ready at (\S+)/.exec(output);
      const shop = /Embedded shop: (\S+)/.exec(output);
      if (site && shop) {
        clearTimeout(timer);
        resolve({ siteUrl: site[1]!, shopUrl: shop[1]! });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before it was ready:\n${output}`));
    });
  });

  async function stop(): Promise<number | null> {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(tmp, { recursive: true, force: true });
    return child.exitCode;
  }

  async function kill(): Promise<void> {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  }

  try {
    const { siteUrl, shopUrl } = await ready;
    return {
      siteUrl,
      shopUrl,
      graphqlUrl: `${shopUrl}/api/2025-07/graphql.json`,
      buildsDir,
      dataDir,
      root: tmp,
      output: () => output,
      stop,
      kill,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
