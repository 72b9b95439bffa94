import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../shared/config/index.ts';

/** Where builds go: a fresh directory per build under one root, and pruning of the old ones. */

const PREFIX = 'build-';

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

/**
 * Deletes every build under `root` except those in `keep` (the current and the previous one), off
 * the event loop: a build of a large catalogue is tens of thousands of files, and deleting them
 * synchronously would hold up every request the server is answering meanwhile.
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
  await Promise.all(old.map((dir) => rm(dir, { recursive: true, force: true }).catch(() => undefined)));
}
