import { chmod, open, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * What of DATA_DIR goes into a backup (docs/behaviour/backups.md): every file but SQLite's own
 * side files (a database is copied with SQLite's backup, which reads them), files still being
 * written under a temporary name, and what can be made again (site builds, resized images).
 */

/** Relative folders left out: rebuilt by `npm start`, re-derived from the originals on request. */
export const REGENERABLE_DIRS = ['site-builds', path.join('shop', 'images', 'resized')];

const SIDE_FILE = /-(wal|shm|journal)$/;
const IN_PROGRESS = /(^\.incoming-|\.tmp$|^\.backup-)/;
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

export interface DataEntry {
  /** Relative to DATA_DIR, with forward slashes. */
  relative: string;
  absolute: string;
  sqlite: boolean;
}

async function isSqlite(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    const { bytesRead } = await handle.read(header, 0, header.length, 0);
    return bytesRead === header.length && header.equals(SQLITE_HEADER);
  } finally {
    await handle.close();
  }
}

/** Every file to back up under `dataDir`, skipping `exclude` (absolute paths: the archive being written). */
export async function listDataDir(dataDir: string, exclude: readonly string[] = []): Promise<DataEntry[]> {
  const out: DataEntry[] = [];
  const skipped = new Set([...REGENERABLE_DIRS.map((dir) => path.join(dataDir, dir)), ...exclude.map((p) => path.resolve(p))]);
  async function walk(dir: string): Promise<void> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // removed while we walked
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const absolute = path.join(dir, entry.name);
      if (skipped.has(absolute)) continue;
      // What a restore on a mount point unpacked or moved aside there is not the store's data.
      if (entry.isDirectory() && /^\.(restoring|before-restore)-/.test(entry.name)) continue;
      if (entry.isDirectory()) {
        await walk(absolute);
        continue;
      }
      // Symlinks and sockets are not data the product writes.
      if (!entry.isFile() || SIDE_FILE.test(entry.name) || IN_PROGRESS.test(entry.name)) continue;
      let sqlite: boolean;
      try {
        sqlite = await isSqlite(absolute);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      out.push({ relative: path.relative(dataDir, absolute).split(path.sep).join('/'), absolute, sqlite });
    }
  }
  await walk(path.resolve(dataDir));
  return out;
}

/** Folder mode and file mode of everything in a backup, archived and restored: DATA_DIR holds secrets (staff sessions, keys, the cookie secret). */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Makes a tree readable by its owner only: folders 0700, files 0600. */
export async function makePrivate(dir: string): Promise<void> {
  await chmod(dir, PRIVATE_DIR_MODE);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const absolute = path.join(dir, entry.name);
    if (entry.isDirectory()) await makePrivate(absolute);
    else if (entry.isFile()) await chmod(absolute, PRIVATE_FILE_MODE);
  }
}
