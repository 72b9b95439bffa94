import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { backup as sqliteBackup, DatabaseSync } from 'node:sqlite';
import { create as createTar } from 'tar';
import { BACKUP_FORMAT, inspectDatabase, sha256File, type Manifest } from './manifest.ts';
import { listDataDir, makePrivate, PRIVATE_FILE_MODE } from './walk.ts';
import { ownerAlive } from '../generator/index.ts';
import type { ErrorKind } from '../common/index.ts';

/**
 * A consistent snapshot of DATA_DIR while the server runs (docs/behaviour/backups.md): every SQLite
 * database copied with SQLite's online backup (a snapshot that writers in other processes do not
 * disturb), then the other files, into one .tar.gz with a manifest of row counts and hashes.
 * Databases go first: a product row always names an image file written before it was committed,
 * so every file a database snapshot refers to is on disk by the time the files are copied. The
 * archive, and every entry in it, is readable by its owner only.
 */

export class BackupError extends Error {
  readonly kind: ErrorKind = 'internal';
  override name = 'BackupError';
}

export interface BackupResult {
  file: string;
  bytes: number;
  databases: Manifest['databases'];
  files: number;
  ms: number;
}

export interface BackupOptions {
  dataDir: string;
  file: string;
  /** Folders inside DATA_DIR to leave out besides the regenerable ones (SITE_BUILDS_DIR elsewhere is outside anyway). */
  exclude?: string[];
  /** Stops the backup (Ctrl-C): what it had copied so far is removed, and no archive is written. */
  signal?: AbortSignal;
}

/**
 * What a backup killed before its clean-up left beside the archive (its copy of DATA_DIR, a partial
 * archive): both are named `.backup-{pid}-…` after the process that made them, and are removed once
 * that process is gone.
 */
async function sweepLeftovers(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const pid = Number(/^\.backup-(\d+)-/.exec(entry.name)?.[1]);
    if (Number.isSafeInteger(pid) && pid > 0 && !ownerAlive(`${os.hostname()}:${pid}`)) {
      await rm(path.join(dir, entry.name), { recursive: true, force: true });
    }
  }
}

export async function createBackup({ dataDir, file, exclude = [], signal }: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const root = path.resolve(dataDir);
  const target = path.resolve(file);
  if (!(await stat(root).catch(() => undefined))?.isDirectory()) throw new BackupError(`There is no data directory at ${root}`);
  await mkdir(path.dirname(target), { recursive: true });
  await sweepLeftovers(path.dirname(target));
  signal?.throwIfAborted();
  const staging = await mkdtemp(path.join(path.dirname(target), `.backup-${process.pid}-`));
  const partial = path.join(path.dirname(target), `.backup-${process.pid}-${path.basename(target)}.partial`);
  try {
    const skip = [staging, target, partial, ...exclude];
    const manifest: Manifest = { format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), databases: [], files: [] };

    for (const entry of (await listDataDir(root, skip)).filter((e) => e.sqlite)) {
      signal?.throwIfAborted();
      const dest = path.join(staging, 'data', entry.relative);
      await mkdir(path.dirname(dest), { recursive: true });
      const source = new DatabaseSync(entry.absolute, { timeout: 10_000 });
      try {
        await sqliteBackup(source, dest);
      } finally {
        source.close();
      }
      const { integrity, tables } = inspectDatabase(dest);
      if (integrity !== 'ok') throw new BackupError(`The copy of ${entry.relative} failed its integrity check: ${integrity}`);
      manifest.databases.push({ path: entry.relative, tables });
    }

    // Listed after the snapshots, not before: an image written for a product committed while they
    // were taken is named by a snapshot, so it must be in the archive too.
    for (const entry of (await listDataDir(root, skip)).filter((e) => !e.sqlite)) {
      signal?.throwIfAborted();
      const dest = path.join(staging, 'data', entry.relative);
      await mkdir(path.dirname(dest), { recursive: true });
      try {
        await copyFile(entry.absolute, dest);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // deleted since the listing
        throw error;
      }
      manifest.files.push({ path: entry.relative, ...(await sha256File(dest)) });
    }

    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(path.join(staging, 'data'), { recursive: true });
    // The archive holds DATA_DIR's secrets: it is the owner's alone, and so is every entry in it,
    // whatever the umask (an archive unpacked by hand keeps them private too).
    await makePrivate(staging);
    await rm(partial, { force: true }); // a leftover of a crashed backup would keep its old mode
    await pipeline(
      createTar({ gzip: true, cwd: staging, portable: true }, ['manifest.json', 'data']),
      createWriteStream(partial, { mode: PRIVATE_FILE_MODE, flags: 'wx' }),
      { signal },
    );
    signal?.throwIfAborted();
    await rename(partial, target);
    return {
      file: target,
      bytes: (await stat(target)).size,
      databases: manifest.databases,
      files: manifest.files.length,
      ms: performance.now() - started,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}
