import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
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

/** Deletes every build under `root` except those in `keep` (the current and the previous one). */
export function pruneBuilds(root: string, keep: readonly (string | undefined)[]): void {
  const kept = new Set(keep.filter((dir): dir is string => Boolean(dir)).map((dir) => path.resolve(dir)));
  let entries: string[];
  try {
    entries = readdirSync(root);
  } catch {
    return;
  }
  for (const entry of entries) {
    const dir = path.join(root, entry);
    if (entry.startsWith(PREFIX) && !kept.has(dir)) rmSync(dir, { recursive: true, force: true });
  }
}
