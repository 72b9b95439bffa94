import { mkdir, mkdtemp, readdir, readFile, realpath, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { extract } from 'tar';
import { inspectDatabase, ManifestSchema, sha256File, type Manifest } from './manifest.ts';
import { makePrivate } from './walk.ts';
import { ownerAlive, ownerLabel, readOwnerFile, STORE_LOCK_FILE } from '../generator/index.ts';
import type { ErrorKind } from '../common/index.ts';

/**
 * Restores a backup into DATA_DIR (docs/behaviour/backups.md). The archive is unpacked beside the
 * target and checked whole (every hash, every database's integrity and row counts) before anything
 * is moved; a non-empty DATA_DIR is refused unless `force`, and even then it is moved aside, not
 * deleted. Links and device files in an archive are never unpacked. The restored tree is readable
 * by its owner only (folders 0700, files 0600).
 */

export class RestoreError extends Error {
  readonly kind: ErrorKind = 'unprocessable';
  override name = 'RestoreError';
}

export interface RestoreResult {
  dataDir: string;
  /** Where the previous contents went (with force), or undefined. */
  movedAside: string | undefined;
  databases: Manifest['databases'];
  files: number;
}

/** Where a restore unpacks inside a mount point: not part of the data. */
const UNPACKING = '.restoring-';

/** What `dir` holds, but a restore's own unpacking folder; empty when there is no such folder. */
async function entriesOf(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => !name.startsWith(UNPACKING));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function isNonEmptyDir(dir: string): Promise<boolean> {
  return (await entriesOf(dir)).length > 0;
}

/** Moves every entry of `from` (but `except`) into `to`, on one filesystem. */
async function moveEntries(from: string, to: string, except: readonly string[] = []): Promise<void> {
  for (const name of await entriesOf(from)) {
    if (!except.includes(path.join(from, name))) await rename(path.join(from, name), path.join(to, name));
  }
}

async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, 'manifest.json'), 'utf8');
  } catch {
    throw new RestoreError('The archive has no manifest.json: it is not a backup made by tshirt-gen backup');
  }
  const parsed = ManifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new RestoreError("The archive's manifest.json is not one tshirt-gen backup writes");
  return parsed.data;
}

/** Every file under `dir`, relative, with forward slashes. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesUnder(path.join(dir, entry.name), relative)));
    else found.push(relative);
  }
  return found;
}

async function verify(dataDir: string, manifest: Manifest): Promise<void> {
  // The manifest names every file: one it does not name was not checked, so the archive is refused.
  const named = new Set([...manifest.files, ...manifest.databases].map((entry) => entry.path));
  for (const file of await filesUnder(dataDir)) {
    if (!named.has(file)) throw new RestoreError(`${file} in the archive is not in its manifest`);
  }
  for (const file of manifest.files) {
    const actual = await sha256File(path.join(dataDir, file.path)).catch(() => undefined);
    if (!actual) throw new RestoreError(`The archive is missing ${file.path}`);
    if (actual.sha256 !== file.sha256) throw new RestoreError(`${file.path} in the archive does not match its recorded hash`);
  }
  for (const db of manifest.databases) {
    const file = path.join(dataDir, db.path);
    if (!(await stat(file).catch(() => undefined))) throw new RestoreError(`The archive is missing ${db.path}`);
    const { integrity, tables } = inspectDatabase(file);
    if (integrity !== 'ok') throw new RestoreError(`${db.path} in the archive failed its integrity check: ${integrity}`);
    if (JSON.stringify(tables) !== JSON.stringify(db.tables))
      throw new RestoreError(`${db.path} in the archive does not hold the recorded rows`);
  }
}

/**
 * The store serving from this data, if one is running: `npm start` holds `store.lock` in its builds
 * folder (naming its process) while it runs. Restoring under it would replace the databases it has open.
 */
function runningStore(buildsDir: string): string | undefined {
  let record: ReturnType<typeof readOwnerFile>;
  try {
    record = readOwnerFile(path.join(buildsDir, STORE_LOCK_FILE));
  } catch {
    return undefined; // unreadable: no store can be told from it
  }
  return record && ownerAlive(record.owner) ? ownerLabel(record.owner) : undefined;
}

export async function restoreBackup({
  file,
  dataDir,
  force = false,
  buildsDir,
}: {
  file: string;
  dataDir: string;
  force?: boolean;
  /** Where `npm start` keeps its builds (SITE_BUILDS_DIR), when not in DATA_DIR/site-builds. */
  buildsDir?: string | undefined;
}): Promise<RestoreResult> {
  const archive = path.resolve(file);
  // DATA_DIR as a link to the data (a volume elsewhere): the restore goes where it points, so the link keeps working.
  const given = path.resolve(dataDir);
  const target = await realpath(given).catch(() => given);
  if (!(await stat(archive).catch(() => undefined))?.isFile()) throw new RestoreError(`There is no backup file at ${archive}`);
  const running = runningStore(buildsDir ? path.resolve(buildsDir) : path.join(target, 'site-builds'));
  if (running) {
    throw new RestoreError(
      `A store (${running}) is running on ${target}: stop it first (restoring would replace the databases it has open)`,
    );
  }
  if (!force && (await isNonEmptyDir(target))) {
    throw new RestoreError(`${target} is not empty: restoring would replace what is there. Pass --force to move it aside first.`);
  }
  await mkdir(path.dirname(target), { recursive: true });
  // A mount point (a Docker volume, a disk of its own) cannot be renamed or removed: its contents are
  // replaced instead, and the archive is unpacked on it, so that every move stays on one filesystem.
  const existing = await stat(target).catch(() => undefined);
  const mountPoint = existing?.isDirectory() === true && existing.dev !== (await stat(path.dirname(target))).dev;
  const unpacked = await mkdtemp(mountPoint ? path.join(target, UNPACKING) : `${target}${UNPACKING}`);
  try {
    try {
      await extract({
        file: archive,
        cwd: unpacked,
        strict: true,
        // Only plain files and folders; tar's own rules already keep every path inside cwd.
        filter: (_path, entry) =>
          'type' in entry ? entry.type === 'File' || entry.type === 'Directory' : entry.isFile() || entry.isDirectory(),
      });
    } catch (error) {
      throw new RestoreError(`${archive} is not a readable backup archive (${error instanceof Error ? error.message : String(error)})`);
    }
    const manifest = await readManifest(unpacked);
    const data = path.join(unpacked, 'data');
    await mkdir(data, { recursive: true });
    await verify(data, manifest);
    // Owner only, whatever modes the archive recorded (older backups kept the umask's).
    await makePrivate(data);

    let movedAside: string | undefined;
    const aside = `.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    if (mountPoint) {
      if (await isNonEmptyDir(target)) {
        movedAside = path.join(target, aside);
        await mkdir(movedAside, { mode: 0o700 });
        await moveEntries(target, movedAside, [movedAside]);
      }
      await moveEntries(data, target);
    } else {
      if (existing) {
        if (await isNonEmptyDir(target)) {
          movedAside = `${target}${aside}`;
          await rename(target, movedAside);
        } else {
          await rm(target, { recursive: true });
        }
      }
      await rename(data, target);
    }
    return { dataDir: target, movedAside, databases: manifest.databases, files: manifest.files.length };
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}
