import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../shared/config/index.ts';
import {
  describePrune,
  pruneDesignFiles,
  RunStore,
  scheduleDesignPruning,
  type Concept,
  type PruneReport,
} from '../../shared/generator/index.ts';
import { GeneratedCard } from '../../site/features/generator/GeneratedCard.tsx';
import { productView } from '../../site/features/generator/server/run-service.ts';
import { finished, isolatedEnv, REPO_ROOT, spawnNode } from '../support/child-process.ts';

/**
 * Disk hygiene (docs/behaviour/generator.md, "Disk hygiene"): real SQLite and real files in a temporary
 * DATA_DIR, and the run store's clock moved by hand instead of waiting. Discarded products' files go,
 * and those of runs past DESIGN_RETENTION_DAYS; published products and products in progress keep
 * theirs; a second prune removes nothing; a file already gone is counted, not a failure.
 */

const DAY = 24 * 60 * 60 * 1000;
const roots: string[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function dataDir(): { dataDir: string; designsDir: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'design-prune-'));
  roots.push(root);
  const designsDir = path.join(root, 'designs');
  mkdirSync(designsDir);
  return { dataDir: root, designsDir };
}

const concept = (n: number): Concept => ({
  name: `Prune Shirt ${n}`,
  description: `Shirt ${n}`,
  price: 20,
  category: 'AI Humor',
  quote_primary: `Quote ${n}`,
  keywords: ['ai'],
});

/** A stored design: its two files on disk, the names as the server gives them. */
function designFiles(designsDir: string, n: number, bytes = 100): { preview: string; print: string } {
  const id = randomBytes(12).toString('hex');
  const preview = `prune-shirt-${n}-${id}-preview.png`;
  const print = `prune-shirt-${n}-${id}-print.png`;
  writeFileSync(path.join(designsDir, preview), Buffer.alloc(bytes));
  writeFileSync(path.join(designsDir, print), Buffer.alloc(bytes * 10));
  return { preview, print };
}

function ageFile(file: string, at: number): void {
  utimesSync(file, new Date(at), new Date(at));
}

describe('disk clean-up of the designs folder', () => {
  it('removes the files of discarded products and of old runs, keeps published, in-progress and recent ones; twice is a no-op', async () => {
    const { dataDir: data, designsDir } = dataDir();
    const now = Date.now();
    let clock = new Date(now - 40 * DAY);
    const store = RunStore.open(data, { now: () => clock });
    const present = (name: string) => existsSync(path.join(designsDir, name));

    // A run 40 days old: six products, each in another situation.
    const old = store.createRun({ count: 6, theme: 'old run', source: 'page', actor: null });
    store.addConcepts(
      old,
      [0, 1, 2, 3, 4, 5].map((n) => concept(n)),
    );
    const files = [0, 1, 2, 3, 4, 5].map((n) => designFiles(designsDir, n));
    for (const [index, f] of files.entries()) store.updateProduct(old, index, { status: 'ready', ...f });
    store.discardProduct(old, 0, ['ready'], null); // its files were never removed (the process died first)
    store.updateProduct(old, 2, { status: 'published', shopId: 'gid://shopify/Product/1', handle: 'prune-shirt-2-abc' });
    store.updateProduct(old, 4, { status: 'publishing' }); // being published right now
    rmSync(path.join(designsDir, files[5]!.print)); // gone from the disk already

    // Yesterday someone edited product 3: a product that changed is not past retention.
    clock = new Date(now - DAY);
    store.updateProduct(old, 3, { name: 'Edited yesterday' });

    // A run two days old: one ready product, one discarded.
    clock = new Date(now - 2 * DAY);
    const recent = store.createRun({ count: 2, theme: 'recent run', source: 'cli', actor: null });
    store.addConcepts(recent, [concept(10), concept(11)]);
    const recentFiles = [designFiles(designsDir, 10), designFiles(designsDir, 11)];
    for (const [index, f] of recentFiles.entries()) store.updateProduct(recent, index, { status: 'ready', ...f });
    store.discardProduct(recent, 1, ['ready'], null);

    // Files no run names: an old one, an old half-written one, a fresh one, and something that is not a design.
    const stray = `stray-shirt-${randomBytes(12).toString('hex')}-preview.png`;
    const halfWritten = `${stray.replace('-preview.png', '-print.png')}.${randomBytes(6).toString('hex')}.tmp`;
    const freshStray = `fresh-shirt-${randomBytes(12).toString('hex')}-preview.png`;
    for (const name of [stray, halfWritten, freshStray, 'notes.txt']) writeFileSync(path.join(designsDir, name), Buffer.alloc(7));
    for (const name of [stray, halfWritten, 'notes.txt']) ageFile(path.join(designsDir, name), now - 40 * DAY);

    clock = new Date(now);
    const options = { store, designsDir, retentionDays: 30 };

    // --dry-run: the same counts, nothing touched.
    const before = readdirSync(designsDir).sort();
    const dry = await pruneDesignFiles({ ...options, dryRun: true });
    expect(readdirSync(designsDir).sort()).toEqual(before);
    expect(store.getProduct(old, 1)!.preview).toBe(files[1]!.preview);

    const report = await pruneDesignFiles(options);
    expect({ ...dry, dryRun: false }).toEqual(report);
    expect(report).toMatchObject({
      dryRun: false,
      retentionDays: 30,
      olderThan: new Date(now - 30 * DAY).toISOString(),
      // Old run: 0 (discarded), 1 and 5 (past retention); recent run: 1 (discarded).
      products: { discarded: 2, retention: 2 },
      // Two files each, but product 5's print file was already gone; plus the two old strays.
      files: 9,
      missing: 1,
      strays: 2,
      bytes: 3 * 1100 + 100 + 14,
    });

    // Discarded → removed; old → removed; published, in progress, changed recently, new → kept.
    for (const index of [0, 1, 5])
      expect([index, present(files[index]!.preview), present(files[index]!.print)]).toEqual([index, false, false]);
    for (const index of [2, 3, 4])
      expect([index, present(files[index]!.preview), present(files[index]!.print)]).toEqual([index, true, true]);
    expect([present(recentFiles[0]!.preview), present(recentFiles[1]!.preview), present(recentFiles[1]!.print)]).toEqual([
      true,
      false,
      false,
    ]);
    expect([present(stray), present(halfWritten), present(freshStray), present('notes.txt')]).toEqual([false, false, true, true]);

    // The record says so: no file names, when, and why in the history.
    const removed = store.getProduct(old, 1)!;
    expect(removed).toMatchObject({ status: 'ready', filesRemovedAt: new Date(now).toISOString() });
    expect(removed.preview).toBeUndefined();
    expect(removed.print).toBeUndefined();
    expect(store.events(old).filter((e) => e.kind === 'files-removed')).toEqual([
      expect.objectContaining({ index: 0, detail: { reason: 'discarded', files: [files[0]!.preview, files[0]!.print] } }),
      expect.objectContaining({ index: 1, detail: { reason: 'retention', files: [files[1]!.preview, files[1]!.print] } }),
      expect.objectContaining({ index: 5, detail: { reason: 'retention', files: [files[5]!.preview, files[5]!.print] } }),
    ]);
    expect(store.getProduct(old, 2)!.preview).toBe(files[2]!.preview);

    // A second prune finds nothing more to do.
    const again = await pruneDesignFiles(options);
    expect(again).toMatchObject({ products: { discarded: 0, retention: 0 }, files: 0, missing: 0, strays: 0, bytes: 0 });
    expect(describePrune(again)).toBe(
      `Design clean-up (DESIGN_RETENTION_DAYS=30): removed 0 files (0.0 MB): 0 discarded products, 0 products of runs older than ${again.olderThan.slice(0, 10)}, 0 strays; 0 already gone`,
    );
    store.close();
  });

  it('a product claimed for publishing or redesigned after it was listed keeps its new files', async () => {
    const { dataDir: data, designsDir } = dataDir();
    const store = RunStore.open(data);
    const id = store.createRun({ count: 1, theme: 't', source: 'page', actor: null });
    store.addConcepts(id, [concept(1)]);
    const first = designFiles(designsDir, 1);
    store.updateProduct(id, 0, { status: 'ready', ...first });
    // Listed with these files, then claimed for publishing before the prune recorded anything.
    store.updateProduct(id, 0, { status: 'publishing' });
    expect(store.filesRemoved(id, 0, [first.preview, first.print], 'retention')).toBe(false);
    // A new design in the meantime: the listed names are not its names.
    const second = designFiles(designsDir, 2);
    store.updateProduct(id, 0, { status: 'ready', ...second });
    expect(store.filesRemoved(id, 0, [first.preview, first.print], 'retention')).toBe(false);
    expect(store.getProduct(id, 0)!.preview).toBe(second.preview);
    store.close();
  });

  it('the page and `runs show` say the files were removed instead of showing a broken image', () => {
    const { dataDir: data, designsDir } = dataDir();
    const at = new Date(Date.UTC(2026, 10, 1, 12));
    const store = RunStore.open(data, { now: () => at });
    const id = store.createRun({ count: 1, theme: 't', source: 'page', actor: null });
    store.addConcepts(id, [concept(1)]);
    const f = designFiles(designsDir, 1);
    store.updateProduct(id, 0, { status: 'ready', ...f });
    store.filesRemoved(id, 0, [f.preview, f.print], 'retention');
    const view = productView(store.getProduct(id, 0)!);
    // Regenerate Design: a new design on its way replaces the note.
    const redesigned = store.updateProduct(id, 0, { status: 'pending', preview: undefined, print: undefined });
    expect(redesigned!.filesRemovedAt).toBeUndefined();
    store.close();
    expect(view).toMatchObject({ status: 'ready', filesRemovedAt: at.toISOString() });
    expect(view.imageUrl).toBeUndefined();
    expect(view.printUrl).toBeUndefined();

    const html = renderToStaticMarkup(
      createElement(GeneratedCard, {
        product: view,
        providerName: 'Shopify',
        publishing: false,
        printUrl: view.printUrl,
        onPublish: () => undefined,
        onAction: () => undefined,
        onEdit: async () => undefined,
        pageLive: async () => false,
      }),
    );
    expect(html).toContain('Design files removed by disk clean-up on 2026-11-01');
    expect(html).toContain('Regenerate Design makes a new one');
    expect(html).not.toContain('<img');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Publish to Shopify<\/button>/);
  });
});

describe('the clean-up schedule', () => {
  const report = (files: number): PruneReport => ({
    dryRun: false,
    retentionDays: 30,
    olderThan: '2026-10-01T00:00:00.000Z',
    products: { discarded: files, retention: 0 },
    files,
    bytes: 0,
    strays: 0,
    missing: 0,
  });

  it('prunes at once and then every interval, logs one line each time, and a failure never leaves the timer', async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    let turns = 0;
    const schedule = scheduleDesignPruning({
      prune: async () => {
        turns++;
        if (turns === 2) throw new Error('disk on fire');
        return report(turns);
      },
      log: (line) => lines.push(line),
      intervalMs: 1000,
    });
    await vi.advanceTimersByTimeAsync(0);
    await schedule.settled();
    expect(turns).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    await schedule.settled();
    await vi.advanceTimersByTimeAsync(1000);
    await schedule.settled();
    expect(turns).toBe(3);
    expect(lines).toEqual([
      expect.stringMatching(/^Design clean-up \(DESIGN_RETENTION_DAYS=30\): removed 1 files/),
      'Design clean-up failed: disk on fire',
      expect.stringMatching(/removed 3 files/),
    ]);
    schedule.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(turns).toBe(3);
  });

  it('turns never overlap: a slow prune makes the next turn wait for the one after', async () => {
    vi.useFakeTimers();
    let running = 0;
    let most = 0;
    let release: () => void = () => {};
    const schedule = scheduleDesignPruning({
      prune: async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        running--;
        return report(0);
      },
      log: () => undefined,
      intervalMs: 1000,
    });
    await vi.advanceTimersByTimeAsync(3500);
    release();
    await schedule.settled();
    expect(most).toBe(1);
    schedule.stop();
  });

  it('its timers never keep the process alive', async () => {
    const script = [
      `import { scheduleDesignPruning } from ${JSON.stringify(path.join(REPO_ROOT, 'shared/generator/runs/prune.ts'))};`,
      "scheduleDesignPruning({ prune: async () => { throw new Error('x'); }, log: (line) => console.log(line), intervalMs: 50 });",
      // Something else keeps the process up for a moment (the server would); then nothing does.
      'setTimeout(() => {}, 300);',
    ].join('\n');
    const result = await finished(spawnNode(['--input-type=module', '-e', script], { env: isolatedEnv() }));
    expect(result.code).toBe(0);
    // It ran (and failed, logged) several times while the process was up, then let the process end.
    expect(result.stdout.split('\n').filter((line) => line === 'Design clean-up failed: x').length).toBeGreaterThan(1);
  });
});

describe('DESIGN_RETENTION_DAYS', () => {
  it('defaults to 30 days; a whole number from 1 is taken', () => {
    expect(loadConfig({}).generator.designRetentionDays).toBe(30);
    expect(loadConfig({ DESIGN_RETENTION_DAYS: '' }).generator.designRetentionDays).toBe(30);
    expect(loadConfig({ DESIGN_RETENTION_DAYS: ' 7 ' }).generator.designRetentionDays).toBe(7);
    expect(loadConfig({ DESIGN_RETENTION_DAYS: '1' }).generator.designRetentionDays).toBe(1);
  });

  it.each(['0', '-1', '1.5', 'thirty', '36501'])('refuses %j with one clear line', (value) => {
    expect(() => loadConfig({ DESIGN_RETENTION_DAYS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DESIGN_RETENTION_DAYS: value })).toThrow(
      /^DESIGN_RETENTION_DAYS must be a whole number of days from 1 to 36500$/,
    );
  });
});
