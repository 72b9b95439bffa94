import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { finished, isolatedEnv, REPO_ROOT, spawnNode, SUPPORT_DIR, waitForOutput, type Finished } from './child-process.ts';

/**
 * `tshirt-gen shop` and `tshirt-gen generate` as child processes sharing one DATA_DIR, as staff and
 * scripts run them, optionally with the crash tests' preload that holds a product commit open.
 */

export const BIN = path.join(REPO_ROOT, 'cli', 'bin.js');
const HOLD_COMMIT = path.join(SUPPORT_DIR, 'hold-commit.ts');

export interface Spawned {
  child: ChildProcess;
  exit: Promise<Finished>;
}

export interface SpawnOptions {
  /** Hold the n-th transaction that writes products open just before its COMMIT (see hold-commit.ts). */
  holdProductCommit?: number;
  /** Hold the process just after the n-th transaction that writes products has committed (see hold-commit.ts). */
  holdAfterProductCommit?: number;
}

/** `tshirt-gen <args>` with this environment (default: the isolated one, so no DATA_DIR either). */
export function spawnCli(args: string[], env: NodeJS.ProcessEnv = isolatedEnv(), nodeArgs: string[] = []): ChildProcess {
  return spawnNode([...nodeArgs, BIN, ...args], { env });
}

function spawnInDataDir(args: string[], dataDir: string, { holdProductCommit, holdAfterProductCommit }: SpawnOptions): Spawned {
  const preload = holdProductCommit === undefined && holdAfterProductCommit === undefined ? [] : ['--import', HOLD_COMMIT];
  const env = isolatedEnv({
    DATA_DIR: dataDir,
    ...(holdProductCommit === undefined ? {} : { HOLD_PRODUCT_COMMIT: String(holdProductCommit) }),
    ...(holdAfterProductCommit === undefined ? {} : { HOLD_AFTER_PRODUCT_COMMIT: String(holdAfterProductCommit) }),
  });
  const child = spawnCli(args, env, preload);
  return { child, exit: finished(child) };
}

/** `tshirt-gen shop` on a free loopback port, with these extra arguments. */
export function spawnShop(dataDir: string, args: string[] = [], options: SpawnOptions = {}): Spawned {
  return spawnInDataDir(['shop', '--port', '0', '--host', '127.0.0.1', '--data', dataDir, ...args], dataDir, options);
}

/** Waits until a spawned shop prints its Storefront endpoint. */
export async function shopEndpoint(shop: { child: ChildProcess }): Promise<string> {
  const [, endpoint] = await waitForOutput(
    shop.child,
    'stdout',
    /Storefront API: (http:\/\/127\.0\.0\.1:\d+\/api\/2025-07\/graphql\.json)\n/,
  );
  return endpoint!;
}

/** `tshirt-gen generate --offline --delay 0 --publish --json` with these extra arguments. */
export function spawnPublishingRun(dataDir: string, args: string[], options: SpawnOptions = {}): Spawned {
  return spawnInDataDir(['--offline', '--delay', '0', '--publish', '--json', ...args], dataDir, options);
}

/** SIGKILL, and wait until the process is gone. */
export async function kill(spawned: Spawned): Promise<Finished> {
  spawned.child.kill('SIGKILL');
  return spawned.exit;
}
