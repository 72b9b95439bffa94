import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../support/child-process.ts';
import { startStoreProcess, type StoreProcess } from '../support/store-process.ts';
import { measureBuildScaling } from './build-scaling.ts';
import { measureCliStart } from './cli-start.ts';
import { measureGenerator } from './generator.ts';
import { LARGE_BUILD_PRODUCTS, measureLargeBuild } from './large-build.ts';
import { measureLighthouse } from './lighthouse.ts';
import { cpuCheck, describeMachine } from './machine.ts';
import { builtSite, measurePageJs } from './page-js-section.ts';
import { renderMarkdown, type SectionOutcome, type SectionResult } from './report.ts';
import { measureShopLoad } from './shop-load.ts';
import { TRIED } from './tried.ts';

/**
 * `npm run bench`: every measurement in turn, each in its own try/catch (a failure is written down
 * with its reason and the rest still run), then BENCHMARKS.md at the repository root.
 *
 *   npm run bench                                   everything, writes BENCHMARKS.md
 *   npm run bench -- lighthouse cli                 only those sections (matched by id), prints the markdown
 *   npm run bench -- large-build --products 5000    the large build with another product count
 */

interface Section {
  id: string;
  title: string;
  measure(log: (line: string) => void): Promise<SectionResult>;
}

/** The command line: section ids, and `--products <n>` (or `--products=<n>`) for the large build. */
function parseArgs(args: readonly string[]): { wanted: string[]; products: number | undefined } {
  const wanted: string[] = [];
  let products: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    if (flag === '--products') {
      const value = inline ?? args[++i];
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) throw new Error(`--products needs a whole number of products, got ${value ?? 'nothing'}`);
      products = n;
    } else if (arg.startsWith('-')) throw new Error(`unknown option ${arg}; options: --products <n>`);
    else wanted.push(arg);
  }
  return { wanted, products };
}

function commandLine(): ReturnType<typeof parseArgs> {
  try {
    return parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).message}\n`);
    process.exit(2);
  }
}

const { wanted, products: largeBuildProducts } = commandLine();

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s`;
const say = (line: string) => process.stdout.write(`[${elapsed()}] ${line}\n`);

// One `npm start` for the two sections that look at the served production build.
let store: Promise<StoreProcess> | undefined;
function servedStore(log: (line: string) => void): Promise<StoreProcess> {
  if (!store) {
    log('starting the store as npm start does (embedded shop + production build)...');
    store = startStoreProcess();
  }
  return store;
}

/** The collection page the measurements look at: the first one the home page links. */
async function collectionPath(siteUrl: string): Promise<string> {
  const html = await (await fetch(siteUrl)).text();
  const href = /href="(\/collections\/[^"/]+)"/.exec(html)?.[1];
  if (!href) throw new Error('the home page links no collection');
  return href;
}

/** The product page the measurements look at: the first card on the home page (it has a photo and sizes). */
async function productPath(siteUrl: string): Promise<string> {
  const html = await (await fetch(siteUrl)).text();
  const href = /class="card-link" href="(\/product\/[^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error('the home page links no product');
  return href;
}

const SECTIONS: Section[] = [
  {
    id: 'lighthouse',
    title: 'Lighthouse (mobile)',
    async measure(log) {
      const { siteUrl } = await servedStore(log);
      const product = await productPath(siteUrl);
      const collection = await collectionPath(siteUrl);
      return measureLighthouse(
        [
          { name: 'home', url: `${siteUrl}/` },
          { name: 'product page', url: `${siteUrl}${product}` },
          { name: 'collection page', url: `${siteUrl}${collection}` },
          { name: 'search page', url: `${siteUrl}/search?q=ai` },
        ],
        log,
      );
    },
  },
  {
    id: 'js',
    title: 'JS shipped per page',
    async measure(log) {
      const { siteUrl, buildsDir } = await servedStore(log);
      return measurePageJs(builtSite(buildsDir), (await productPath(siteUrl)).slice(1), (await collectionPath(siteUrl)).slice(1));
    },
  },
  { id: 'build', title: 'Build scaling', measure: measureBuildScaling },
  {
    id: 'large-build',
    title: `Build with ${(largeBuildProducts ?? LARGE_BUILD_PRODUCTS).toLocaleString('en-US')} products`,
    measure: (log) => measureLargeBuild(log, largeBuildProducts),
  },
  { id: 'generator', title: 'Generator overhead', measure: measureGenerator },
  { id: 'cli', title: 'CLI start', measure: measureCliStart },
  { id: 'shop', title: 'Embedded shop under load', measure: measureShopLoad },
];

async function main(): Promise<void> {
  const unknown = wanted.filter((id) => !SECTIONS.some((s) => s.id === id));
  if (unknown.length) throw new Error(`unknown section ${unknown.join(', ')}; sections: ${SECTIONS.map((s) => s.id).join(', ')}`);
  const chosen = wanted.length ? SECTIONS.filter((s) => wanted.includes(s.id)) : SECTIONS;
  const machine = describeMachine();
  say(`benchmark on ${machine.cpu}, ${machine.cores} cores, ${machine.memory}, Node ${machine.node}`);
  const outcomes: SectionOutcome[] = [];
  for (const section of chosen) {
    // After the served store's sections, stop it: the rest should have the machine to themselves.
    if (store && !['lighthouse', 'js'].includes(section.id)) await stopStore();
    say(`${section.title}...`);
    const cpuCheckMs = cpuCheck();
    say(`  CPU check: ${cpuCheckMs} ms`);
    const t0 = performance.now();
    try {
      const result = await section.measure((line) => say(`  ${line}`));
      const seconds = (performance.now() - t0) / 1000;
      outcomes.push({ title: section.title, status: 'done', seconds, cpuCheckMs, ...result });
      for (const f of result.figures) say(`  ${f.what}: ${f.value}${f.budget ? ` (budget ${f.budget}: ${f.pass ? 'pass' : 'FAIL'})` : ''}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      outcomes.push({ title: section.title, status: 'failed', seconds: (performance.now() - t0) / 1000, reason, cpuCheckMs });
      say(`  FAILED: ${reason}`);
    }
  }
  await stopStore();
  const markdown = renderMarkdown({
    date: new Date(),
    machine,
    command: 'npm run bench',
    totalSeconds: (performance.now() - started) / 1000,
    sections: outcomes,
    tried: TRIED,
  });
  if (wanted.length || largeBuildProducts !== undefined) {
    process.stdout.write(`\n${markdown}`);
    say('a partial run: BENCHMARKS.md left as it was');
  } else {
    const file = path.join(REPO_ROOT, 'BENCHMARKS.md');
    writeFileSync(file, markdown);
    say(`wrote ${file}`);
  }
}

async function stopStore(): Promise<void> {
  const running = store;
  store = undefined;
  if (running) await (await running.catch(() => undefined))?.stop();
}

try {
  await main();
} catch (error) {
  await stopStore();
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
