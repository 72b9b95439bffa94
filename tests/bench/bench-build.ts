import fs from 'node:fs/promises';
import path from 'node:path';
import { isolatedEnv } from '../support/child-process.ts';
import { run, tail } from './process.ts';
import type { ShopProcess } from './shop-process.ts';

/**
 * One `npm run build` of the benchmark, as a user types it, against a shop process (`DATA_DIR`,
 * `LOCAL_SHOP_PORT`) into `outDir`: the build-scaling and large-build sections both time these.
 */

/** `npm run build` as a user types it (npm's own CLI when we run under npm, else npm from PATH). */
export function npmCommand(): { command: string; args: string[] } {
  const npmCli = process.env.npm_execpath;
  return npmCli && /\.c?js$/.test(npmCli)
    ? { command: process.execPath, args: [npmCli, 'run', 'build'] }
    : { command: 'npm', args: ['run', 'build'] };
}

/** Astro's "├─ /collections/x/index.html (+12ms)" lines: each page's render time, by the route's first segment. */
export function pageTimes(output: string): Map<string, number[]> {
  const times = new Map<string, number[]>();
  for (const line of output.replace(/\x1b\[[0-9;]*m/g, '').split('\n')) {
    const match = /[├└]─ \/([^/\s]+)\S* \(\+(\d+(?:\.\d+)?)(ms|s)\)/.exec(line);
    if (!match) continue;
    const list = times.get(match[1]!) ?? [];
    list.push(Number(match[2]) * (match[3] === 's' ? 1000 : 1));
    times.set(match[1]!, list);
  }
  return times;
}

export interface BenchBuildOptions {
  shop: Pick<ShopProcess, 'dataDir' | 'port'>;
  outDir: string;
  /** How many products the shop holds: the build must write one page for each. */
  products: number;
  /** More environment for the build (on top of the shop's, the output's and no telemetry). */
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
  onLine?: (line: string) => void;
}

export interface BenchBuild {
  ms: number;
  /** Everything the build printed. */
  output: string;
  /** The built pages and assets. */
  clientDir: string;
}

/** Runs the build; fails unless it exits with 0 and writes one product page per product. */
export async function benchBuild({ shop, outDir, products, env = {}, timeoutMs, onLine }: BenchBuildOptions): Promise<BenchBuild> {
  const { command, args } = npmCommand();
  const ran = await run(command, args, {
    env: isolatedEnv({
      DATA_DIR: shop.dataDir,
      LOCAL_SHOP_PORT: String(shop.port),
      SITE_OUT_DIR: outDir,
      ASTRO_TELEMETRY_DISABLED: '1',
      ...env,
    }),
    timeoutMs,
    ...(onLine ? { onLine } : {}),
  });
  const output = ran.stdout + ran.stderr;
  if (ran.code !== 0) throw new Error(`npm run build with ${products} products exited with ${ran.code}: ${tail(output)}`);
  const clientDir = path.join(outDir, 'client');
  const productPages = await fs.readdir(path.join(clientDir, 'product')).then(
    (entries) => entries.length,
    () => 0, // a shop without products: no product folder at all
  );
  if (productPages !== products) throw new Error(`the build with ${products} products made ${productPages} product pages`);
  return { ms: ran.ms, output, clientDir };
}
