import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { newBuildDir } from '../../site/server/build-dirs.ts';
import { type BenchBuildOptions, benchBuild, pageTimes } from './bench-build.ts';
import { LARGE_BUILD_BUDGET } from './budgets.ts';
import { cpuCheck } from './machine.ts';
import type { Figure, SectionResult } from './report.ts';
import { startShopProcess } from './shop-process.ts';
import { mean } from './stats.ts';

/**
 * The whole store at scale: a shop with its seed content (collections, menus, pages, policies) topped
 * up to 25,000 products with fixtures (each in its category's collection), then `npm run build`
 * against it three times, timed (the verdict on the median), with the peak memory of its largest
 * process. Every product page, collection page (four orders, pages of 24), recommendation list, menu
 * and policy is built, as in production.
 * `npm run bench -- large-build --products 5000` measures another size; the budgets are for 25,000.
 */

export const LARGE_BUILD_PRODUCTS = LARGE_BUILD_BUDGET.products;

async function countIndexPages(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name === 'index.html') count++;
  return count;
}

/** The lines `process-usage.mjs` wrote: the largest peak memory, and the CPU time of all the processes. */
export function processUsage(text: string): { peakKb: number; userSeconds: number; systemSeconds: number } {
  const rows = text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' ').map(Number));
  if (rows.length === 0) throw new Error('no process of the build recorded its usage');
  return {
    peakKb: Math.max(...rows.map((row) => row[1] ?? 0)),
    userSeconds: rows.reduce((sum, row) => sum + (row[2] ?? 0), 0) / 1e6,
    systemSeconds: rows.reduce((sum, row) => sum + (row[3] ?? 0), 0) / 1e6,
  };
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

/** How many times the bench builds the large store: the verdict is on the median, as for Lighthouse. */
export const LARGE_BUILD_RUNS = 3;

/** One timed `npm run build` of the large store. */
interface BuildRun {
  seconds: number;
  peakMb: number;
  userSeconds: number;
  systemSeconds: number;
  collectionPages: number;
  times: Map<string, number[]>;
  beforePages: number;
  rendering: number;
  cpuCheckMs: number;
  loadBefore: string;
  loadAfter: string;
}

async function timedBuild(
  shop: BenchBuildOptions['shop'],
  root: string,
  runNumber: number,
  products: number,
  log: (line: string) => void,
): Promise<BuildRun> {
  // Each run writes a directory of its own and none is deleted until the last: the file system is
  // slow to create a tree just after a tree of that size was deleted (see the notes).
  const outDir = newBuildDir(root);
  const usageFile = path.join(root, `process-usage-${runNumber}.txt`);
  const preload = pathToFileURL(path.join(import.meta.dirname, 'process-usage.mjs')).href;
  const cpuCheckMs = cpuCheck();
  const loadBefore = load();
  log(`build ${runNumber} of ${LARGE_BUILD_RUNS}: npm run build (CPU check ${cpuCheckMs} ms, load average ${loadBefore})...`);
  // When the pages start and stop, as the lines arrive: before them Vite bundles and the build reads the shop.
  const started = performance.now();
  let firstPage: number | undefined;
  let lastPage: number | undefined;
  const built = await benchBuild({
    shop,
    outDir,
    products,
    env: { PROCESS_USAGE_FILE: usageFile, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${preload}`.trim() },
    timeoutMs: 1_800_000,
    onLine: (line) => {
      if (/[├└]─ \//.test(line)) {
        firstPage ??= performance.now();
        lastPage = performance.now();
      }
    },
  });
  const loadAfter = load();
  const usage = processUsage(await fs.readFile(usageFile, 'utf8'));
  const result: BuildRun = {
    seconds: built.ms / 1000,
    peakMb: usage.peakKb / 1024,
    userSeconds: usage.userSeconds,
    systemSeconds: usage.systemSeconds,
    collectionPages: await countIndexPages(path.join(built.clientDir, 'collections')),
    times: pageTimes(built.output),
    beforePages: ((firstPage ?? started) - started) / 1000,
    rendering: ((lastPage ?? started) - (firstPage ?? started)) / 1000,
    cpuCheckMs,
    loadBefore,
    loadAfter,
  };
  log(`  ${result.seconds.toFixed(1)} s, peak ${result.peakMb.toFixed(0)} MB, ${result.collectionPages} collection pages`);
  return result;
}

/** The run whose time is the median (the middle of the sorted times; with an even count, the faster of the middle two). */
export function medianRun<T extends { seconds: number }>(runs: readonly T[]): T {
  if (runs.length === 0) throw new Error('no build ran');
  const sorted = [...runs].sort((a, b) => a.seconds - b.seconds);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export async function measureLargeBuild(log: (line: string) => void, products: number = LARGE_BUILD_PRODUCTS): Promise<SectionResult> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-large-build-'));
  log(`filling a shop with its seed content and ${products.toLocaleString('en-US')} products...`);
  const shop = await startShopProcess(products, { seed: true, timeoutMs: 900_000 });
  try {
    const runs: BuildRun[] = [];
    for (let i = 1; i <= LARGE_BUILD_RUNS; i++) runs.push(await timedBuild(shop, root, i, products, log));
    const median = medianRun(runs);
    const { seconds, times } = median;
    const peakMb = Math.max(...runs.map((r) => r.peakMb));
    const cpuSeconds = median.userSeconds + median.systemSeconds;
    const pages = [...times.values()].reduce((n, list) => n + list.length, 0);
    // The budgets are for 25,000 products; another size is reported without a verdict.
    const atBudgetSize = products === LARGE_BUILD_BUDGET.products;
    const budgeted = (figure: Figure): Figure => (atBudgetSize ? figure : { what: figure.what, value: figure.value });
    return {
      figures: [
        budgeted({
          what: `build with ${products.toLocaleString('en-US')} products`,
          value: `${seconds.toFixed(1)} s (median of ${runs.length}; ${((seconds * 1000) / products).toFixed(2)} ms per product overall)`,
          budget: `< ${LARGE_BUILD_BUDGET.seconds} s`,
          pass: seconds < LARGE_BUILD_BUDGET.seconds,
          miss: `over by ${(seconds - LARGE_BUILD_BUDGET.seconds).toFixed(1)} s`,
        }),
        budgeted({
          what: 'its peak memory (largest process, largest of the builds)',
          value: `${peakMb.toFixed(0)} MB`,
          budget: `< ${LARGE_BUILD_BUDGET.memoryMb} MB`,
          pass: peakMb < LARGE_BUILD_BUDGET.memoryMb,
          miss: `over by ${(peakMb - LARGE_BUILD_BUDGET.memoryMb).toFixed(0)} MB`,
        }),
        {
          what: 'each build (CPU check before it)',
          value: runs.map((r) => `${r.seconds.toFixed(1)} s (${r.cpuCheckMs} ms)`).join(', '),
        },
        {
          what: "CPU time of the median build's processes",
          value: `${cpuSeconds.toFixed(1)} s (user ${median.userSeconds.toFixed(1)} s, kernel ${median.systemSeconds.toFixed(1)} s): ${(cpuSeconds / seconds).toFixed(2)}x the build's time`,
        },
        { what: 'pages built', value: `${products} product pages, ${median.collectionPages} collection pages, ${pages} in all` },
        { what: 'before the first page (Vite, and reading the shop)', value: `${median.beforePages.toFixed(1)} s` },
        {
          what: 'rendering the pages',
          value: `${median.rendering.toFixed(1)} s (${((median.rendering * 1000) / Math.max(1, pages)).toFixed(2)} ms per page)`,
        },
        { what: "Astro's time per product page (mean, start to written)", value: `${mean(times.get('product') ?? []).toFixed(2)} ms` },
        {
          what: "Astro's time per collection page (mean, start to written)",
          value: `${mean(times.get('collections') ?? []).toFixed(2)} ms`,
        },
        { what: 'load average (1 / 5 / 15 min) before and after the median build', value: `${median.loadBefore}; ${median.loadAfter}` },
      ],
      notes: [
        `\`tshirt-gen shop --fixtures ${products}\` (with its seed: collections, menus, pages, policies; each fixture in its category's collection) is filled before the clock starts; \`npm run build\` then runs against it ${LARGE_BUILD_RUNS} times, one after the other, each timed from start to exit and each into a directory of its own (none is deleted until the last has run). The verdict is on the median time, as for Lighthouse; the figures below it are the median build's. Peak memory is the largest \`maxRSS\` of any Node process of any of the builds, each recorded at its exit by a preloaded module (\`tests/bench/process-usage.mjs\`), which also records the CPU time each used; the CPU time is their sum.`,
        "A CPU time close to the build's time means one core busy throughout: Astro renders the pages one thread at a time. Kernel time is mostly creating the pages' directories and files (two per page).",
        "Before the first page: Vite bundles the site while the catalogue walk, started with the build, reads the shop; then every route lists its paths, which waits for the reads the paths need (the rest of the walk, the home list, each collection in its default order, menus, pages, policies). Rendering: from the first page written to the last, with the recommendations and the collections' other orders read alongside. Astro's time per page is the mean of its own \"+N ms\" lines, from a page's start until its file is written: the build keeps eight pages in flight (`build.concurrency` in astro.config.mjs), so it is about eight times the rendering time per page.",
        'The machine is shared: the CPU check before each build and the load average say how much else ran. Other processes stretch every phase, so a busy run is an upper bound.',
        ...(atBudgetSize
          ? []
          : [
              `The budgets (under ${LARGE_BUILD_BUDGET.seconds} s and ${LARGE_BUILD_BUDGET.memoryMb} MB) are for ${LARGE_BUILD_BUDGET.products.toLocaleString('en-US')} products: at ${products.toLocaleString('en-US')} the figures have no verdict.`,
            ]),
      ],
    };
  } finally {
    await shop.stop();
    await fs.rm(root, { recursive: true, force: true });
  }
}
