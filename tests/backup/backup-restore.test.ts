import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectDatabase, type Manifest } from '../../shared/backup/index.ts';
import { startLocalShop, type LocalShop } from '../../shared/local-shop/index.ts';
import { openDeliveryLog } from '../../shared/webhooks/index.ts';
import { finished, isolatedEnv } from '../support/child-process.ts';
import { spawnCli, spawnPublishingRun, type Spawned } from '../support/tshirt-gen.ts';

/**
 * `tshirt-gen backup` while the shop serves and a generator run publishes into it, then
 * `tshirt-gen restore` into a fresh directory: the restored databases pass integrity_check, hold
 * whole products only, and every file matches its hash.
 */

const root = mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
const dataDir = path.join(root, 'data');
const archive = path.join(root, 'backups', 'store.tar.gz');
let shop: LocalShop;
let run: Spawned | undefined;
const count = 4;

beforeAll(async () => {
  shop = await startLocalShop({ port: 0, host: '127.0.0.1', dataDir, seed: true, log: () => {} });
  const deliveries = openDeliveryLog(dataDir);
  deliveries.firstTime('0b1c2d3e-0000-4000-8000-000000000001', 'products/update');
  deliveries.close();
  mkdirSync(path.join(dataDir, 'site-builds', 'build-1'), { recursive: true });
  writeFileSync(path.join(dataDir, 'site-builds', 'build-1', 'index.html'), '<!doctype html>');
}, 60_000);

afterAll(async () => {
  run?.child.kill('SIGKILL');
  await shop?.close();
  rmSync(root, { recursive: true, force: true });
});

function cli(args: string[]) {
  return finished(spawnCli(args, isolatedEnv({ DATA_DIR: dataDir })));
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

async function until(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('backup and restore under load', () => {
  let manifest: Manifest;
  let seeded: number;
  let restored: string;

  it('backs up while a generator run publishes into the running shop', async () => {
    seeded = shop.store.productCount();
    expect(seeded).toBe(14);
    run = spawnPublishingRun(dataDir, ['--count', String(count), '--seed', '7']);
    // Mid-run: the first product is in, the others are still being designed and published.
    await until(() => shop.store.productCount() > seeded, 'the first publish');
    const backup = await cli(['backup', archive, '--json']);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const result = JSON.parse(backup.stdout) as {
      file: string;
      bytes: number;
      ms: number;
      databases: Manifest['databases'];
      files: number;
    };
    expect(result.file).toBe(archive);
    console.log(`backup: ${(result.bytes / 1024 / 1024).toFixed(2)} MB, ${result.files} files, ${result.ms.toFixed(0)} ms`);
    const final = await run.exit;
    run = undefined;
    expect(final.code).toBe(0);
    expect(shop.store.productCount()).toBe(seeded + count);
    // Unpack the manifest to compare against.
    const look = path.join(root, 'look');
    mkdirSync(look);
    const { extract } = await import('tar');
    await extract({ file: archive, cwd: look }, ['manifest.json']);
    manifest = JSON.parse(readFileSync(path.join(look, 'manifest.json'), 'utf8')) as Manifest;
    const shopDb = manifest.databases.find((d) => d.path === 'shop/shop.sqlite');
    // Taken mid-run: some of the run's products, not all (each design takes seconds; the backup about one).
    expect(shopDb?.tables.products).toBeGreaterThan(seeded);
    expect(shopDb?.tables.products).toBeLessThan(seeded + count);
    // The generator run records itself in the run store, which is backed up like the other databases.
    expect(manifest.databases.map((d) => d.path).sort()).toEqual(['generator/runs.db', 'shop/shop.sqlite', 'webhooks/deliveries.sqlite']);
    // Regenerable builds and SQLite's side files stay out; designs and generated runs go in.
    expect(manifest.files.some((f) => f.path.startsWith('site-builds/'))).toBe(false);
    expect(manifest.files.some((f) => /-(wal|shm)$/.test(f.path))).toBe(false);
    expect(manifest.files.some((f) => f.path.startsWith('generated/') && f.path.endsWith('-print.png'))).toBe(true);
  }, 120_000);

  it('restores into a fresh directory: integrity ok, whole products, the recorded rows and hashes', async () => {
    restored = path.join(root, 'restored');
    const restore = await finished(spawnCli(['restore', archive], isolatedEnv({ DATA_DIR: restored })));
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored 3 databases and ${manifest.files.length} files into ${restored}`);

    for (const db of manifest.databases) {
      const { integrity, tables } = inspectDatabase(path.join(restored, db.path));
      expect(integrity).toBe('ok');
      expect(tables).toEqual(db.tables);
    }
    for (const file of manifest.files) expect(sha256(path.join(restored, file.path)), file.path).toBe(file.sha256);

    // Every product is whole (variants, and every image it names is on disk with the content its name hashes).
    const db = new DatabaseSync(path.join(restored, 'shop', 'shop.sqlite'), { readOnly: true });
    try {
      const orphans = db
        .prepare('SELECT COUNT(*) AS n FROM products p WHERE NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id)')
        .get() as {
        n: number;
      };
      expect(orphans.n).toBe(0);
      const images = db.prepare('SELECT file FROM images').all() as Array<{ file: string }>;
      expect(images.length).toBeGreaterThan(seeded);
      for (const { file } of images) expect(sha256(path.join(restored, 'shop', 'images', file))).toBe(file.split('.')[0]);
    } finally {
      db.close();
    }
    // The webhook log came along: a restored server still drops a delivery it has seen.
    const deliveries = openDeliveryLog(restored);
    expect(deliveries.firstTime('0b1c2d3e-0000-4000-8000-000000000001', 'products/update')).toBe(false);
    deliveries.close();

    // The restored data runs: a shop on it serves the products the backup held.
    const again = await startLocalShop({ port: 0, host: '127.0.0.1', dataDir: restored, seed: true, log: () => {} });
    expect(again.store.productCount()).toBe(manifest.databases.find((d) => d.path === 'shop/shop.sqlite')!.tables.products);
    await again.close();
  }, 60_000);

  it('keeps the archive and everything restored from it readable by its owner only: DATA_DIR holds the staff secrets', async () => {
    const modeOf = (file: string) => statSync(file).mode & 0o777;
    expect(modeOf(archive)).toBe(0o600);
    const tar = await import('tar');
    const modes = new Map<string, number>();
    await tar.list({ file: archive, onReadEntry: (entry) => void modes.set(entry.path, (entry.mode ?? 0) & 0o777) });
    expect(modes.size).toBeGreaterThan(manifest.files.length);
    for (const [entry, mode] of modes) expect(mode, entry).toBe(entry.endsWith('/') ? 0o700 : 0o600);

    // An archive whose entries are world-readable (as older backups made them) restores private all the same.
    const work = path.join(root, 'open-modes');
    mkdirSync(work);
    await tar.extract({ file: archive, cwd: work });
    const open = (dir: string): void => {
      chmodSync(dir, 0o755);
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) open(path.join(dir, entry.name));
        else chmodSync(path.join(dir, entry.name), 0o644);
      }
    };
    open(work);
    const openArchive = path.join(root, 'open-modes.tar.gz');
    await tar.create({ gzip: true, file: openArchive, cwd: work }, ['manifest.json', 'data']);
    const target = path.join(root, 'restored-private');
    const restore = await finished(spawnCli(['restore', openArchive], isolatedEnv({ DATA_DIR: target })));
    expect(restore.code).toBe(0);
    const walk = (dir: string): void => {
      expect(modeOf(dir), dir).toBe(0o700);
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(dir, entry.name));
        else expect(modeOf(path.join(dir, entry.name)), entry.name).toBe(0o600);
      }
    };
    walk(target);
    expect(manifest.files.length).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a non-empty data directory unless --force, which moves it aside', async () => {
    const refused = await finished(spawnCli(['restore', archive], isolatedEnv({ DATA_DIR: restored })));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `tshirt-gen: ${restored} is not empty: restoring would replace what is there. Pass --force to move it aside first.\n`,
    );
    writeFileSync(path.join(restored, 'note.txt'), 'kept');
    const forced = await finished(spawnCli(['restore', archive, '--force'], isolatedEnv({ DATA_DIR: restored })));
    expect(forced.code).toBe(0);
    const aside = readdirSync(root).filter((name) => name.startsWith('restored.before-restore-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(root, aside[0]!, 'note.txt'), 'utf8')).toBe('kept');
    expect(existsSync(path.join(restored, 'note.txt'))).toBe(false);
  }, 60_000);

  it('refuses a file that is not a backup, and a tampered one, leaving the directory untouched', async () => {
    const bogus = path.join(root, 'bogus.tar.gz');
    writeFileSync(bogus, 'not an archive');
    const target = path.join(root, 'fresh');
    const bad = await finished(spawnCli(['restore', bogus], isolatedEnv({ DATA_DIR: target })));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/is not a readable backup archive/);
    expect(existsSync(target)).toBe(false);

    // The same archive with one design file's bytes changed.
    const work = path.join(root, 'tamper');
    mkdirSync(work);
    const tar = await import('tar');
    await tar.extract({ file: archive, cwd: work });
    const victim = manifest.files.find((f) => f.path.endsWith('.png'))!;
    writeFileSync(path.join(work, 'data', victim.path), 'changed');
    const tampered = path.join(root, 'tampered.tar.gz');
    await tar.create({ gzip: true, file: tampered, cwd: work }, ['manifest.json', 'data']);
    const refused = await finished(spawnCli(['restore', tampered], isolatedEnv({ DATA_DIR: target })));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`tshirt-gen: ${victim.path} in the archive does not match its recorded hash\n`);
    expect(existsSync(target)).toBe(false);
  }, 60_000);
});
