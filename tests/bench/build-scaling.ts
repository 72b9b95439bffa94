import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { newBuildDir } from '../../site/server/build-dirs.ts';
import { run, tail } from './process.ts';
import type { SectionResult } from './report.ts';
import { benchEnv, startShopProcess } from './shop-process.ts';
import { median } from './stats.ts';

/**
 * Build scaling: the embedded shop filled by `tshirt-gen shop --fixtures <n>`, then `npm run build`
 * against it, timed (median of several), for an empty shop and for 100 and 1,000 products. The empty
 * build is the fixed cost (Astro, Vite, the home and other pages); what a product adds is the time above it.
 */

export const BUILD_SIZES = [0, 100, 1000] as const;
// The small builds differ by under a second, so they get more runs: their difference sets the budgeted ratio.
const BUILD_RUNS: Record<(typeof BUILD_SIZES)[number], number> = { 0: 5, 100: 5, 1000: 3 };
export const BUILD_BUDGET_SECONDS = 60;
export const BUILD_RATIO_BUDGET = 1.2;

/** `npm run build` as a user types it (npm's own CLI when we run under npm, else npm from PATH). */
function npmCommand(): { command: string; args: string[] } {
  const npmCli = process.env.npm_execpath;
  return npmCli && /\.c?js$/.test(npmCli) ? { command: process.execPath, args: [npmCli, 'run', 'build'] } : { command: 'npm', args: ['run', 'build'] };
}

async function countPages(clientDir: string): Promise<number> {
  try {
    return (await fs.readdir(path.join(clientDir, 'product'))).length;
  } catch {
    return 0;
  }
}

/** Median seconds of `runs` builds against one shop of `products` fixture products. */
export async function timedBuilds(products: number, runs: number, log: (line: string) => void): Promise<number[]> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-build-'));
  const shop = await startShopProcess(products);
  try {
    const { command, args } = npmCommand();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const outDir = newBuildDir(root);
      const env = benchEnv({ DATA_DIR: shop.dataDir, LOCAL_SHOP_PORT: String(shop.port), SITE_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' });
      const ran = await run(command, args, { env, timeoutMs: 900_000 });
      if (ran.code !== 0) throw new Error(`npm run build with ${products} products exited with ${ran.code}: ${tail(ran.stdout + ran.stderr)}`);
      const pages = await countPages(path.join(outDir, 'client'));
      if (pages !== products) throw new Error(`the build with ${products} products made ${pages} product pages`);
      await fs.rm(outDir, { recursive: true, force: true });
      times.push(ran.ms / 1000);
      log(`${products} products, build ${i + 1}/${runs}: ${(ran.ms / 1000).toFixed(1)} s`);
    }
    return times;
  } finally {
    await shop.stop();
    await fs.rm(root, { recursive: true, force: true });
  }
}

export async function measureBuildScaling(log: (line: string) => void): Promise<SectionResult> {
  const seconds = new Map<number, number>();
  const all: string[] = [];
  for (const size of BUILD_SIZES) {
    const times = await timedBuilds(size, BUILD_RUNS[size], log);
    seconds.set(size, median(times));
    all.push(`${size}: ${times.map((t) => t.toFixed(1)).join(', ')} s`);
  }
  const base = seconds.get(0)!;
  const t100 = seconds.get(100)!;
  const t1000 = seconds.get(1000)!;
  const marginal100 = (t100 - base) / 100;
  const marginal1000 = (t1000 - base) / 1000;
  const ratio = marginal1000 / marginal100;
  const ms = (s: number) => `${(s * 1000).toFixed(1)} ms`;
  return {
    figures: [
      { what: 'empty shop', value: `${base.toFixed(1)} s` },
      { what: '100 products', value: `${t100.toFixed(1)} s (${ms(t100 / 100)} per product overall)` },
      { what: '1,000 products', value: `${t1000.toFixed(1)} s (${ms(t1000 / 1000)} per product overall)`, budget: `< ${BUILD_BUDGET_SECONDS} s`, pass: t1000 < BUILD_BUDGET_SECONDS, miss: `over by ${(t1000 - BUILD_BUDGET_SECONDS).toFixed(1)} s` },
      { what: 'cost per product above the empty build, at 100', value: ms(marginal100) },
      { what: 'cost per product above the empty build, at 1,000', value: ms(marginal1000) },
      { what: 'ratio of the per-product costs (1,000 ÷ 100)', value: `${ratio.toFixed(2)}×`, budget: `≤ ${BUILD_RATIO_BUDGET}×`, pass: ratio <= BUILD_RATIO_BUDGET, miss: `over by ${(ratio - BUILD_RATIO_BUDGET).toFixed(2)}×` },
    ],
    notes: [
      '`tshirt-gen shop --no-seed --fixtures <n>` fills a fresh shop (plain tees, six sizes, one photo) and serves it; `npm run build` then runs against it with `DATA_DIR`, `LOCAL_SHOP_PORT` and `SITE_OUT_DIR` set, timed from start to exit, and must write one page per product. The shop is filled before the clock starts.',
      `Median of ${BUILD_RUNS[0]}, ${BUILD_RUNS[100]} and ${BUILD_RUNS[1000]} builds (${all.join('; ')}).`,
      `Per product overall is seconds ÷ products, dominated by the fixed cost at 100; the budgeted ratio uses the time above the empty shop's build, which is what each product really adds (${ms(t100 / 100)} and ${ms(t1000 / 1000)} overall).`,
    ],
  };
}
