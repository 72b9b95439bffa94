import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isolatedEnv, REPO_ROOT } from '../support/child-process.ts';
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

export async function startShopProcess(fixtures: number, { timeoutMs = 300_000 } = {}): Promise<ShopProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-shop-'));
  const bin = path.join(REPO_ROOT, 'cli', 'bin.js');
  const args = [bin, 'shop', '--no-seed', '--fixtures', String(fixtures), '--host', '127.0.0.1', '--port', '0', '--data', dataDir];
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: isolatedEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    const ready = await new Promise<{ graphqlUrl: string; products: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`tshirt-gen shop did not start within ${timeoutMs / 1000} s: ${tail(output)}`)), timeoutMs);
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const api = /Storefront API: (\S+)/.exec(output);
        const count = /Products:\s+(\d+)/.exec(output);
        if (api && count) {
          clearTimeout(timer);
          resolve({ graphqlUrl: api[1]!, products: Number(count[1]) });
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`tshirt-gen shop exited before it was ready: ${tail(output)}`));
      });
    });
    if (ready.products !== fixtures) throw new Error(`the shop holds ${ready.products} products, not ${fixtures}`);
    const url = new URL(ready.graphqlUrl);
    return { origin: url.origin, graphqlUrl: ready.graphqlUrl, port: Number(url.port), dataDir, products: ready.products, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
