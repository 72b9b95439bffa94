import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { newBuildDir } from '../../site/server/build-dirs.ts';
import { isolatedEnv } from '../support/child-process.ts';
import { npmCommand } from './build-scaling.ts';
import { run, tail } from './process.ts';
import type { SectionResult } from './report.ts';
import { startShopProcess } from './shop-process.ts';

/**
 * The whole store at scale: a shop with its seed content (collections, menus, pages, policies) topped
 * up to 25,000 products with fixtures, then one `npm run build` against it, timed, with the peak
 * memory of its largest process. Every product page, collection page (four orders, pages of 24),
 * recommendation list, menu and policy is built, as in production.
 */

export const LARGE_BUILD_PRODUCTS = 25_000;
export const LARGE_BUILD_BUDGET_SECONDS = 90;
export const LARGE_BUILD_MEMORY_BUDGET_MB = 2048;

async function countIndexPages(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name === 'index.html') count++;
  return count;
}

export async function measureLargeBuild(log: (line: string) => void, products = LARGE_BUILD_PRODUCTS): Promise<SectionResult> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-large-build-'));
  log(`filling a shop with its seed content and ${products.toLocaleString('en-US')} products...`);
  const shop = await startShopProcess(products, { seed: true, timeoutMs: 900_000 });
  try {
    const outDir = newBuildDir(root);
    const rssFile = path.join(root, 'peak-rss.txt');
    const preload = pathToFileURL(path.join(import.meta.dirname, 'peak-rss.mjs')).href;
    const env = isolatedEnv({
      DATA_DIR: shop.dataDir,
      LOCAL_SHOP_PORT: String(shop.port),
      SITE_OUT_DIR: outDir,
      ASTRO_TELEMETRY_DISABLED: '1',
      PEAK_RSS_FILE: rssFile,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${preload}`.trim(),
    });
    const { command, args } = npmCommand();
    log('npm run build...');
    const ran = await run(command, args, { env, timeoutMs: 1_800_000 });
    if (ran.code !== 0)
      throw new Error(`npm run build with ${products} products exited with ${ran.code}: ${tail(ran.stdout + ran.stderr)}`);
    const client = path.join(outDir, 'client');
    const productPages = (await fs.readdir(path.join(client, 'product'))).length;
    if (productPages !== products) throw new Error(`the build made ${productPages} product pages, not ${products}`);
    const collectionPages = await countIndexPages(path.join(client, 'collections'));
    const peakKb = Math.max(
      ...(await fs.readFile(rssFile, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => Number(line.split(' ')[1])),
    );
    const seconds = ran.ms / 1000;
    const peakMb = peakKb / 1024;
    log(`${products} products: ${seconds.toFixed(1)} s, peak ${peakMb.toFixed(0)} MB, ${collectionPages} collection pages`);
    return {
      figures: [
        {
          what: `build with ${products.toLocaleString('en-US')} products`,
          value: `${seconds.toFixed(1)} s`,
          budget: `< ${LARGE_BUILD_BUDGET_SECONDS} s`,
          pass: seconds < LARGE_BUILD_BUDGET_SECONDS,
          miss: `over by ${(seconds - LARGE_BUILD_BUDGET_SECONDS).toFixed(1)} s`,
        },
        {
          what: 'its peak memory (largest process)',
          value: `${peakMb.toFixed(0)} MB`,
          budget: `< ${LARGE_BUILD_MEMORY_BUDGET_MB} MB`,
          pass: peakMb < LARGE_BUILD_MEMORY_BUDGET_MB,
          miss: `over by ${(peakMb - LARGE_BUILD_MEMORY_BUDGET_MB).toFixed(0)} MB`,
        },
        { what: 'pages built', value: `${productPages} product pages, ${collectionPages} collection pages` },
      ],
      notes: [
        '`tshirt-gen shop --fixtures 25000` (with its seed: collections, menus, pages, policies) is filled before the clock starts; `npm run build` then runs against it once, timed from start to exit. Peak memory is the largest `maxRSS` of any Node process of the build, each recorded at its exit by a preloaded module (`tests/bench/peak-rss.mjs`).',
      ],
    };
  } finally {
    await shop.stop();
    await fs.rm(root, { recursive: true, force: true });
  }
}
