import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { newBuildDir } from '../../site/server/build-dirs.ts';
import { benchBuild, pageTimes } from './bench-build.ts';
import type { SectionResult } from './report.ts';
import { startShopProcess } from './shop-process.ts';
import { mean, median } from './stats.ts';

/**
 * Build scaling: the embedded shop filled by `tshirt-gen shop --fixtures <n>`, then `npm run build`
 * against it, timed (median of several), for an empty shop and for 100 and 1,000 products. Astro
 * prints how long each page took; the mean over the product pages is the per-product cost, free of
 * the build's fixed cost (a few seconds of Vite and Astro that would drown 100 products' share).
 */

export const BUILD_SIZES = [0, 100, 1000] as const;
const BUILD_RUNS = 3;
export const BUILD_BUDGET_SECONDS = 60;
export const BUILD_RATIO_BUDGET = 1.2;

interface TimedBuild {
  seconds: number;
  /** Astro's own time for each product page, in milliseconds. */
  productPageMs: number[];
}

/** `runs` builds against one shop of `products` fixture products. */
export async function timedBuilds(products: number, runs: number, log: (line: string) => void): Promise<TimedBuild[]> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-build-'));
  const shop = await startShopProcess(products);
  try {
    const builds: TimedBuild[] = [];
    for (let i = 0; i < runs; i++) {
      const outDir = newBuildDir(root);
      const built = await benchBuild({ shop, outDir, products, timeoutMs: 900_000 });
      const productPageMs = pageTimes(built.output).get('product') ?? [];
      if (productPageMs.length !== products)
        throw new Error(`astro build listed ${productPageMs.length} product pages with their times, not ${products}`);
      await fs.rm(outDir, { recursive: true, force: true });
      builds.push({ seconds: built.ms / 1000, productPageMs });
      log(
        `${products} products, build ${i + 1}/${runs}: ${(built.ms / 1000).toFixed(1)} s${products ? `, ${mean(productPageMs).toFixed(1)} ms per product page` : ''}`,
      );
    }
    return builds;
  } finally {
    await shop.stop();
    await fs.rm(root, { recursive: true, force: true });
  }
}

export async function measureBuildScaling(log: (line: string) => void): Promise<SectionResult> {
  const seconds = new Map<number, number>();
  const pageMs = new Map<number, number>();
  const all: string[] = [];
  for (const size of BUILD_SIZES) {
    const builds = await timedBuilds(size, BUILD_RUNS, log);
    seconds.set(size, median(builds.map((b) => b.seconds)));
    pageMs.set(size, median(builds.map((b) => mean(b.productPageMs))));
    all.push(`${size}: ${builds.map((b) => b.seconds.toFixed(1)).join(', ')} s`);
  }
  const base = seconds.get(0)!;
  const t100 = seconds.get(100)!;
  const t1000 = seconds.get(1000)!;
  const page100 = pageMs.get(100)!;
  const page1000 = pageMs.get(1000)!;
  const ratio = page1000 / page100;
  const ms = (s: number) => `${(s * 1000).toFixed(1)} ms`;
  return {
    figures: [
      { what: 'empty shop', value: `${base.toFixed(1)} s` },
      { what: '100 products', value: `${t100.toFixed(1)} s (${ms(t100 / 100)} per product overall)` },
      {
        what: '1,000 products',
        value: `${t1000.toFixed(1)} s (${ms(t1000 / 1000)} per product overall)`,
        budget: `< ${BUILD_BUDGET_SECONDS} s`,
        pass: t1000 < BUILD_BUDGET_SECONDS,
        miss: `over by ${(t1000 - BUILD_BUDGET_SECONDS).toFixed(1)} s`,
      },
      { what: 'build cost per product (product page), at 100', value: `${page100.toFixed(2)} ms` },
      { what: 'build cost per product (product page), at 1,000', value: `${page1000.toFixed(2)} ms` },
      {
        what: 'ratio of the per-product costs (1,000 ÷ 100)',
        value: `${ratio.toFixed(2)}×`,
        budget: `≤ ${BUILD_RATIO_BUDGET}×`,
        pass: ratio <= BUILD_RATIO_BUDGET,
        miss: `over by ${(ratio - BUILD_RATIO_BUDGET).toFixed(2)}×`,
      },
    ],
    notes: [
      '`tshirt-gen shop --no-seed --fixtures <n>` fills a fresh shop (plain tees, six sizes, one photo) and serves it; `npm run build` then runs against it with `DATA_DIR`, `LOCAL_SHOP_PORT` and `SITE_OUT_DIR` set, timed from start to exit, and must write one page per product. The shop is filled before the clock starts.',
      `Median of ${BUILD_RUNS} builds per size (${all.join('; ')}).`,
      `Per product overall is seconds ÷ products, mostly the fixed cost at 100. The per-product cost is the mean of Astro's own time for each product page (its "+N ms" lines), median over the builds. ` +
        `The time above the empty build, ${ms((t100 - base) / 100)} per product at 100 and ${ms((t1000 - base) / 1000)} at 1,000, says the same with more noise: at 100 it is well under a second in all.`,
    ],
  };
}
