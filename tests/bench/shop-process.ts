import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { waitForOutput } from '../support/child-process.ts';
import { shopEndpoint, spawnShop } from '../support/tshirt-gen.ts';
import { tail } from './process.ts';

/**
 * `tshirt-gen shop --fixtures <n>` in its own process on 127.0.0.1 (a free port, a fresh data
 * directory), as a user would run it: the shop for the load test and the build scaling runs.
 */

export interface ShopProcess {
  origin: string;
  graphqlUrl: string;
  port: number;
  dataDir: string;
  products: number;
  stop(): Promise<void>;
}

/** With `seed`, the shop's seed content comes first and the fixtures top it up to `fixtures` products. */
export async function startShopProcess(fixtures: number, { timeoutMs = 300_000, seed = false } = {}): Promise<ShopProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-shop-'));
  const shop = spawnShop(dataDir, [...(seed ? [] : ['--no-seed']), '--fixtures', String(fixtures)]);
  const { child } = shop;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await shop.exit;
      clearTimeout(killer);
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`tshirt-gen shop did not start within ${timeoutMs / 1000} s`)), timeoutMs);
    });
    const ready = Promise.all([shopEndpoint(shop), waitForOutput(child, 'stdout', /Products:\s+(\d+)/)]);
    const [graphqlUrl, [, count]] = await Promise.race([ready, timeout]);
    const products = Number(count);
    if (products !== fixtures) throw new Error(`the shop holds ${products} products, not ${fixtures}`);
    const url = new URL(graphqlUrl);
    return { origin: url.origin, graphqlUrl, port: Number(url.port), dataDir, products, stop };
  } catch (error) {
    await stop();
    const { stdout, stderr } = await shop.exit;
    throw new Error(`${(error as Error).message.split('\n')[0]}: ${tail(stdout + stderr)}`);
  } finally {
    clearTimeout(timer);
  }
}
