import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, type Manifest } from '../../shared/backup/index.ts';
import { finished, isolatedEnv } from '../support/child-process.ts';
import { spawnCli } from '../support/tshirt-gen.ts';

/**
 * What a backup archive may not do to a restore (name paths outside the data directory, carry files
 * its manifest does not name), and what an interrupted backup may not leave behind (a copy of
 * DATA_DIR and a partial archive, both holding its secrets).
 */

const root = mkdtempSync(path.join(os.tmpdir(), 'backup-safety-'));
const dataDir = path.join(root, 'data');
const archive = path.join(root, 'store.tar.gz');

beforeAll(async () => {
  mkdirSync(path.join(dataDir, 'designs'), { recursive: true });
  const db = new DatabaseSync(path.join(dataDir, 'notes.sqlite'));
  db.exec('CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES (1), (2)');
  db.close();
  writeFileSync(path.join(dataDir, 'designs', 'a.png'), 'design a');
  await createBackup({ dataDir, file: archive });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The archive unpacked, changed by `edit`, and packed again as `name`. */
async function repacked(name: string, edit: (work: string, manifest: Manifest) => Manifest | undefined): Promise<string> {
  const tar = await import('tar');
  const work = path.join(root, `work-${name}`);
  mkdirSync(work);
  await tar.extract({ file: archive, cwd: work });
  const manifest = JSON.parse(readFileSync(path.join(work, 'manifest.json'), 'utf8')) as Manifest;
  const changed = edit(work, manifest);
  if (changed) writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(changed));
  const file = path.join(root, `${name}.tar.gz`);
  await tar.create({ gzip: true, file, cwd: work }, ['manifest.json', 'data']);
  return file;
}

const restore = (file: string, target: string, ...flags: string[]) =>
  finished(spawnCli(['restore', file, ...flags], isolatedEnv({ DATA_DIR: target })));

describe('a restore checks the archive against its manifest', () => {
  it('refuses a manifest naming a path outside the data directory, and leaves the file there as it was', async () => {
    // A database beside the restore's target, which an integrity check of "../victim.sqlite" would open and rewrite.
    const victim = path.join(root, 'victim.sqlite');
    const db = new DatabaseSync(victim);
    db.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    db.close();
    const before = readFileSync(victim);
    const file = await repacked('outside', (_work, manifest) => ({
      ...manifest,
      databases: [...manifest.databases, { path: '../../victim.sqlite', tables: { t: 1 } }],
    }));
    const target = path.join(root, 'target-outside');
    const refused = await restore(file, target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe("tshirt-gen: The archive's manifest.json is not one tshirt-gen backup writes\n");
    expect(readFileSync(victim).equals(before)).toBe(true);
    expect(existsSync(target)).toBe(false);
  });

  it('refuses files the manifest does not name, which nothing would have checked', async () => {
    const file = await repacked('unlisted', (work) => {
      writeFileSync(path.join(work, 'data', 'designs', 'extra.png'), 'not in the manifest');
      return undefined;
    });
    const target = path.join(root, 'target-unlisted');
    const refused = await restore(file, target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('tshirt-gen: designs/extra.png in the archive is not in its manifest\n');
    expect(existsSync(target)).toBe(false);
    // The archive as written restores.
    expect((await restore(archive, path.join(root, 'target-whole'))).code).toBe(0);
  });
});

describe('an interrupted backup', () => {
  it('Ctrl-C stops it and removes its copy of DATA_DIR and its partial archive; no archive is written', async () => {
    const big = path.join(root, 'big');
    mkdirSync(path.join(big, 'designs'), { recursive: true });
    // Enough incompressible bytes that the backup is still copying or packing when the signal comes.
    for (let i = 0; i < 160; i++) writeFileSync(path.join(big, 'designs', `${i}.png`), randomBytes(512 * 1024));
    const out = path.join(root, 'interrupted');
    mkdirSync(out);
    const child = spawnCli(['backup', path.join(out, 'store.tar.gz')], isolatedEnv({ DATA_DIR: big }));
    const exit = finished(child);
    // Once the backup has started copying: its working folder is there.
    while (!readdirSync(out).some((name) => name.startsWith('.backup-'))) await new Promise((resolve) => setTimeout(resolve, 10));
    child.kill('SIGINT');
    const result = await exit;
    expect(result.code).toBe(130);
    expect(result.stderr).toBe(`tshirt-gen: backup stopped (SIGINT); nothing was written to ${path.join(out, 'store.tar.gz')}\n`);
    expect(readdirSync(out)).toEqual([]);
  }, 60_000);

  it("one killed before it could clean up leaves what it copied: the next backup removes that, not another live backup's", async () => {
    const out = path.join(root, 'swept');
    mkdirSync(out);
    // A process that is gone (a pid above the kernel's limit), and this very test process, which is alive.
    const dead = 2 ** 22 + 1;
    mkdirSync(path.join(out, `.backup-${dead}-Ab12Cd`, 'data'), { recursive: true });
    writeFileSync(path.join(out, `.backup-${dead}-nightly.tar.gz.partial`), 'half an archive');
    mkdirSync(path.join(out, `.backup-${process.pid}-Zz99Yy`));
    writeFileSync(path.join(out, 'notes.txt'), 'not ours');
    const made = await finished(spawnCli(['backup', path.join(out, 'store.tar.gz')], isolatedEnv({ DATA_DIR: dataDir })));
    expect(made.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual([`.backup-${process.pid}-Zz99Yy`, 'notes.txt', 'store.tar.gz']);
  }, 60_000);
});

describe('restoring where DATA_DIR is not a plain folder', () => {
  it('a link to the data (a volume elsewhere): the data is restored where it points, and the link stays', async () => {
    const volume = path.join(root, 'volume');
    mkdirSync(volume);
    writeFileSync(path.join(volume, 'old.txt'), 'before');
    const link = path.join(root, 'linked-data');
    symlinkSync(volume, link);
    const restored = await restore(archive, link, '--force');
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(volume);
    expect(readFileSync(path.join(link, 'designs', 'a.png'), 'utf8')).toBe('design a');
    const aside = readdirSync(root).filter((name) => name.startsWith('volume.before-restore-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(root, aside[0]!, 'old.txt'), 'utf8')).toBe('before');
  });

  it('a mount point (a Docker volume, a disk of its own), which cannot be renamed: its contents are replaced, the old ones kept in it', async () => {
    const mounted = path.join(root, 'mounted');
    mkdirSync(mounted);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', mounted]);
    try {
      const first = await restore(archive, mounted);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(readdirSync(mounted).sort()).toEqual(['designs', 'notes.sqlite']);
      writeFileSync(path.join(mounted, 'designs', 'a.png'), 'changed since');
      const again = await restore(archive, mounted, '--force');
      expect(again.code).toBe(0);
      expect(readFileSync(path.join(mounted, 'designs', 'a.png'), 'utf8')).toBe('design a');
      const aside = readdirSync(mounted).filter((name) => name.startsWith('.before-restore-'));
      expect(aside).toHaveLength(1);
      expect(readFileSync(path.join(mounted, aside[0]!, 'designs', 'a.png'), 'utf8')).toBe('changed since');
      expect(readdirSync(mounted).filter((name) => name.startsWith('.restoring-'))).toEqual([]);
      // What was moved aside there is not backed up with the data.
      const archiveOfMounted = path.join(root, 'from-mounted.tar.gz');
      const backedUp = (await createBackup({ dataDir: mounted, file: archiveOfMounted })).files;
      expect(backedUp).toBe(1);
    } finally {
      execFileSync('umount', [mounted]);
    }
  });
});

describe('restoring under a running store', () => {
  it('is refused while the store that holds the builds lock runs, even with --force; a lock left by a store that is gone holds nothing up', async () => {
    const target = path.join(root, 'served');
    mkdirSync(path.join(target, 'site-builds'), { recursive: true });
    const lock = path.join(target, 'site-builds', 'store.lock');
    // This test process stands for the running store.
    writeFileSync(lock, JSON.stringify({ owner: `${os.hostname()}:${process.pid}`, startedAt: new Date().toISOString() }));
    const refused = await restore(archive, target, '--force');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `tshirt-gen: A store (${os.hostname()}:${process.pid}) is running on ${target}: stop it first (restoring would replace the databases it has open)\n`,
    );
    expect(readdirSync(target)).toEqual(['site-builds']);
    // Gone (a pid above the kernel's limit): the restore goes on.
    writeFileSync(lock, JSON.stringify({ owner: `${os.hostname()}:${2 ** 22 + 1}`, startedAt: new Date().toISOString() }));
    const restored = await restore(archive, target, '--force');
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(readFileSync(path.join(target, 'designs', 'a.png'), 'utf8')).toBe('design a');
  });
});
