import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorKind } from '../../shared/common/index.ts';
import { loadConfig } from '../../shared/config/index.ts';
import { ownerAlive, ownerLabel, processOwner, readOwnerFile, STORE_LOCK_FILE, type OwnerRecord } from '../../shared/generator/index.ts';

/**
 * Where builds go: a fresh directory per build under one root, a mark on each build that finished,
 * pruning of the old ones, and the lock that keeps a second store off the same root.
 */

const PREFIX = 'build-';
/** Written into a build's directory once `astro build` has finished it; a build without it was cut short. */
const FINISHED_MARK = 'finished.json';
/** The lock file in the builds root: which store uses it (`{owner, startedAt}`). */
export const LOCK_FILE = STORE_LOCK_FILE;

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * The root for builds: `SITE_BUILDS_DIR`, else `site-builds` in the data directory (DATA_DIR,
 * default `.data`). Never under `dist/`: `astro build` empties that.
 */
export function buildsRoot(env: NodeJS.ProcessEnv = process.env): string {
  return loadConfig(env, PROJECT_ROOT).server.buildsDir;
}

/**
 * A new, empty, uniquely named build directory. A root outside the project gets a `node_modules`
 * link, because the built server code imports packages by name.
 */
export function newBuildDir(root: string, now = new Date()): string {
  mkdirSync(root, { recursive: true });
  const inProject = !path.relative(PROJECT_ROOT, root).startsWith('..');
  const link = path.join(root, 'node_modules');
  if (!inProject && !existsSync(link)) symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), link, 'dir');
  const stamp = now.toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 15);
  const dir = path.join(root, `${PREFIX}${stamp}-${randomBytes(3).toString('hex')}`);
  mkdirSync(dir);
  return dir;
}

/** Marks the build in `dir` finished: every file `astro build` writes is there. */
export async function markFinished(dir: string, finishedAt = new Date()): Promise<void> {
  await writeFile(path.join(dir, FINISHED_MARK), `${JSON.stringify({ finishedAt: finishedAt.toISOString() })}\n`);
}

export interface FinishedBuild {
  dir: string;
  finishedAt: Date;
}

/** The finished builds under `root`, newest first; one without the mark, or with a mark that cannot be read, is left out. */
export async function finishedBuilds(root: string): Promise<FinishedBuild[]> {
  let entries: string[];
  try {
    entries = await readdir(root);
  } catch {
    return [];
  }
  const found: FinishedBuild[] = [];
  for (const entry of entries.filter((name) => name.startsWith(PREFIX))) {
    const dir = path.join(root, entry);
    try {
      const { finishedAt } = JSON.parse(await readFile(path.join(dir, FINISHED_MARK), 'utf8')) as { finishedAt?: unknown };
      const at = new Date(typeof finishedAt === 'string' ? finishedAt : Number.NaN);
      if (!Number.isNaN(at.getTime())) found.push({ dir, finishedAt: at });
    } catch {
      // Not finished, or not a build at all.
    }
  }
  return found.sort((a, b) => b.finishedAt.getTime() - a.finishedAt.getTime());
}

/**
 * Deletes every build under `root` except those in `keep` (the current and the previous one), off
 * the event loop: a build of a large catalogue is tens of thousands of files, and deleting them
 * synchronously would hold up every request the server is answering meanwhile. Each one's mark
 * goes first, so a deletion cut short never leaves a part of a build that looks finished.
 */
export async function pruneBuilds(root: string, keep: readonly (string | undefined)[]): Promise<void> {
  const kept = new Set(keep.filter((dir): dir is string => Boolean(dir)).map((dir) => path.resolve(dir)));
  let entries: string[];
  try {
    entries = await readdir(root);
  } catch {
    return;
  }
  const old = entries
    .filter((entry) => entry.startsWith(PREFIX))
    .map((entry) => path.join(root, entry))
    .filter((dir) => !kept.has(dir));
  // One that cannot be deleted now (a file held open elsewhere) is tried again after the next build.
  await Promise.all(old.map((dir) => rm(path.join(dir, FINISHED_MARK), { force: true }).catch(() => undefined)));
  await Promise.all(old.map((dir) => rm(dir, { recursive: true, force: true }).catch(() => undefined)));
}

export class BuildsInUse extends Error {
  readonly kind: ErrorKind = 'conflict';
  override name = 'BuildsInUse';
}

export interface BuildsLock {
  /** The store that held the lock before and is gone (`host:pid`), when this one took it over. */
  tookOverFrom: string | undefined;
  /** Removes the lock file, if it is still this process's. */
  release(): void;
}

/** A time as messages show it (when a lock was taken, when a build finished): ISO 8601 to the second. */
export function timeToTheSecond(at: string | Date): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? 'at an unknown time' : date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Blocks this thread for `ms` (the lock is taken before anything else runs, so nothing waits on it). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** True when the record names a process that may still use the root; an unreadable one counts while it is fresh (being written). */
function inUse(file: string, record: OwnerRecord | null): boolean {
  if (record) return ownerAlive(record.owner);
  const written = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  return written !== undefined && Date.now() - written < 2000;
}

/**
 * Takes the lock on the builds root for this process: a file created only if it does not exist
 * (`wx`), holding this process (`{host}:{pid}@{start}`, as generator runs record their owner) and
 * when it started. Two stores on one root would each delete the builds the other serves, so while
 * the lock names a process that is still running (or one on another machine, which cannot be
 * checked), this throws BuildsInUse, naming it. A lock whose process is gone is taken over: only
 * by the holder of a second lock file, `store.lock.takeover`, held for a moment, and only after
 * reading again that the lock is still that one, so two stores starting together never both get it.
 */
export function lockBuilds(root: string, now = new Date()): BuildsLock {
  mkdirSync(root, { recursive: true });
  const file = path.join(root, LOCK_FILE);
  const guard = `${file}.takeover`;
  const mine: OwnerRecord = { owner: processOwner(), startedAt: now.toISOString() };
  const record = `${JSON.stringify(mine)}\n`;
  const advice = 'stop it first, or give this store its own DATA_DIR or SITE_BUILDS_DIR.';
  let tookOverFrom: string | undefined;
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      writeFileSync(file, record, { flag: 'wx' });
      return {
        tookOverFrom,
        release() {
          if (readOwnerFile(file)?.owner === mine.owner) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = readOwnerFile(file);
    if (held === undefined) continue; // released meanwhile
    if (held === null && inUse(file, held)) {
      pause(20); // being written this very moment: read it again once it is
      continue;
    }
    if (held && inUse(file, held)) {
      throw new BuildsInUse(
        `Another store (${ownerLabel(held.owner)}, started ${timeToTheSecond(held.startedAt)}) is using the builds in ${root}: ${advice}`,
      );
    }
    try {
      writeFileSync(guard, record, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Another store is taking over right now; one whose takeover died with it leaves a guard that goes.
      const taker = readOwnerFile(guard);
      if (taker !== undefined && !inUse(guard, taker)) rmSync(guard, { force: true });
      else pause(20);
      continue;
    }
    try {
      const still = readOwnerFile(file);
      if (still !== undefined && still?.owner === held?.owner && !inUse(file, still)) {
        rmSync(file, { force: true });
        if (held) tookOverFrom = ownerLabel(held.owner);
      }
    } finally {
      rmSync(guard, { force: true });
    }
  }
  throw new BuildsInUse(`Could not take the lock on the builds in ${root} (${file}): other stores keep taking it.`);
}
