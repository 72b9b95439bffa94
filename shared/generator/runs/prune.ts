import fs from 'node:fs/promises';
import path from 'node:path';
import { errorMessage } from '../pipeline.ts';
import { isDesignFileName, isDesignTempName, removeDesignFile } from './design-folder.ts';
import type { RunStore } from './run-store.ts';

/**
 * Disk hygiene for the designs folder (docs/behaviour/generator.md, "Disk hygiene"): the files of
 * discarded products, and of products in runs past DESIGN_RETENTION_DAYS that have not changed since,
 * go; published products' files and products being designed or published never do. Files no run
 * names (the one-step design endpoint's, a removal that failed) go once they are as old. The server
 * does it at start-up and every six hours; `tshirt-gen runs prune` does it on demand.
 */

export const DESIGN_PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PruneOptions {
  store: RunStore;
  designsDir: string;
  retentionDays: number;
  /** List what would go, remove nothing. */
  dryRun?: boolean;
}

export interface PruneReport {
  dryRun: boolean;
  retentionDays: number;
  /** Runs created before this, and products unchanged since, are past retention. */
  olderThan: string;
  /** Products whose design files were removed: discarded ones, and ones past retention. */
  products: { discarded: number; retention: number };
  /** Files deleted (those named by products, and strays no run names) and their bytes. */
  files: number;
  bytes: number;
  /** Stray files (named by no run) among `files`. */
  strays: number;
  /** Files a product named that were already gone from the disk. */
  missing: number;
}

export async function pruneDesignFiles({ store, designsDir, retentionDays, dryRun = false }: PruneOptions): Promise<PruneReport> {
  const cutoff = Date.parse(store.now()) - retentionDays * DAY_MS;
  const olderThan = new Date(cutoff).toISOString();
  const report: PruneReport = {
    dryRun,
    retentionDays,
    olderThan,
    products: { discarded: 0, retention: 0 },
    files: 0,
    bytes: 0,
    strays: 0,
    missing: 0,
  };
  const count = (size: number | undefined) => {
    if (size === undefined) return void report.missing++;
    report.files++;
    report.bytes += size;
  };

  for (const product of store.removableFiles(olderThan)) {
    // Recorded first, only if the product still stands as it was listed: one claimed for publishing
    // or redesigned in the meantime keeps its files.
    if (!dryRun && !store.filesRemoved(product.runId, product.index, product.files, product.reason)) continue;
    report.products[product.reason]++;
    for (const name of product.files) count(await removeDesignFile(designsDir, name, { dryRun }));
  }

  const referenced = store.referencedFiles();
  let names: string[];
  try {
    names = await fs.readdir(designsDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return report;
    throw error;
  }
  for (const name of names) {
    if (referenced.has(name) || !(isDesignFileName(name) || isDesignTempName(name))) continue;
    let modified: number;
    try {
      modified = (await fs.lstat(path.join(designsDir, name))).mtimeMs;
    } catch {
      continue; // gone meanwhile
    }
    // A file written moments ago may belong to a design its run is about to record.
    if (modified >= cutoff) continue;
    const size = await removeDesignFile(designsDir, name, { dryRun });
    if (size === undefined) continue;
    report.strays++;
    report.files++;
    report.bytes += size;
  }
  return report;
}

/** One line: what went (or would go, with --dry-run). */
export function describePrune(report: PruneReport): string {
  const { discarded, retention } = report.products;
  const megabytes = (report.bytes / 1_000_000).toFixed(1);
  const verb = report.dryRun ? 'would remove' : 'removed';
  return (
    `Design clean-up (DESIGN_RETENTION_DAYS=${report.retentionDays}): ${verb} ${report.files} files (${megabytes} MB): ` +
    `${discarded} discarded products, ${retention} products of runs older than ${report.olderThan.slice(0, 10)}, ` +
    `${report.strays} strays; ${report.missing} already gone`
  );
}

export interface PruneSchedule {
  /** The prune that is going, if one is (tests and shutdown wait for it). */
  settled(): Promise<void>;
  stop(): void;
}

/**
 * Prunes now and then every `intervalMs`, on timers that never keep the process alive. A failure is
 * logged and the next turn comes as planned: nothing is thrown out of a timer. Turns never overlap.
 */
export function scheduleDesignPruning(options: {
  prune: () => Promise<PruneReport>;
  log: (line: string) => void;
  intervalMs?: number;
}): PruneSchedule {
  let current: Promise<void> = Promise.resolve();
  let busy = false;
  let stopped = false;
  const turn = () => {
    if (busy || stopped) return;
    busy = true;
    current = Promise.resolve()
      .then(() => options.prune())
      .then(describePrune, (error: unknown) => `Design clean-up failed: ${errorMessage(error)}`)
      .then((line) => options.log(line))
      .catch(() => undefined)
      .finally(() => {
        busy = false;
      });
  };
  const first = setTimeout(turn, 0);
  first.unref();
  const every = setInterval(turn, options.intervalMs ?? DESIGN_PRUNE_INTERVAL_MS);
  every.unref();
  return {
    settled: () => current,
    stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
