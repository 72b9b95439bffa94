import { spawnSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../site/server/build-dirs.ts';
import { startStoreApp, type StoreApp } from '../../site/server/store-app.ts';
import { finished, REPO_ROOT, spawnNode } from '../support/child-process.ts';
import { startScriptedStore, type ScriptedStore } from '../support/scripted-store.ts';
import { startStoreProcess } from '../support/store-process.ts';
import {
  cleanUpAfterTests,
  spawnStore,
  startScriptedCatalogue,
  type ScriptedCatalogue,
  type StartedProcess,
} from '../support/store-start.ts';

/**
 * One store per builds folder: a second `npm start` on the same DATA_DIR (or SITE_BUILDS_DIR) would
 * delete the builds the first one serves, so it refuses to start, naming the first; a lock left by
 * a store that is gone is taken over, and a store that stops frees it.
 */

const self = `${os.hostname()}:${process.pid}`;

const { live, tempDir } = cleanUpAfterTests<{ second: StartedProcess; app: StoreApp; first: ScriptedStore; catalogue: ScriptedCatalogue }>([
  'second',
  'app',
  'first',
  'catalogue',
]);

const tempRoot = () => tempDir('builds-lock-');

function appEnv(root: string, origin: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    SHOPIFY_STORE_DOMAIN: origin,
    SHOPIFY_STOREFRONT_TOKEN: 'public-token',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: path.join(root, 'data'),
    SITE_BUILDS_DIR: path.join(root, 'builds'),
  };
}

/** The pid of a process that has exited: nothing runs under it now. */
function finishedPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('a second store on the same builds folder', () => {
  it('npm start refuses with one line naming the running store (host:pid), exit code 1, and the first store keeps serving its build', async () => {
    live.first = await startScriptedStore({ products: 2 });
    const served = live.first.builds();
    expect(served).toHaveLength(1);
    const origin = new URL(live.first.shop.url).origin;
    live.second = spawnStore({
      dataDir: path.join(live.first.buildsRoot, 'data'),
      buildsDir: live.first.buildsRoot,
      storefrontOrigin: origin,
    });
    const code = await live.second.exitWithin(30_000);
    expect(code, live.second.output()).toBe(1);
    // One line, and nothing else.
    const errors = live.second.output().trim().split('\n');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Another store \(.+, started \S+Z\) is using the builds in /);
    expect(errors[0]).toContain(self);
    expect(errors[0]).toContain(live.first.buildsRoot);
    expect(live.second.output()).not.toContain('Store ready');
    // The first store's build is untouched, and it still answers from it.
    expect(live.first.builds()).toEqual(served);
    expect((await fetch(live.first.app.siteUrl)).status).toBe(200);
    expect((await fetch(`${live.first.app.siteUrl}/product/shirt-2`)).status).toBe(200);
    expect(readFileSync(path.join(live.first.buildsRoot, LOCK_FILE), 'utf8')).toContain(self);
  });

  it('startStoreApp refuses while the lock names a live process on this machine, and leaves its lock alone', async () => {
    const root = tempRoot();
    const buildsDir = path.join(root, 'builds');
    mkdirSync(buildsDir, { recursive: true });
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      const record = JSON.stringify({ owner: `${os.hostname()}:${other.pid}`, startedAt: '2026-01-02T03:04:05.000Z' });
      writeFileSync(path.join(buildsDir, LOCK_FILE), record);
      live.catalogue = await startScriptedCatalogue(1);
      await expect(startStoreApp({ env: appEnv(root, live.catalogue.origin), log: () => {} })).rejects.toThrow(
        `Another store (${os.hostname()}:${other.pid}, started 2026-01-02T03:04:05Z) is using the builds in ${buildsDir}`,
      );
      expect(readFileSync(path.join(buildsDir, LOCK_FILE), 'utf8')).toBe(record);
      expect(live.catalogue.productRequests).toHaveLength(0);
    } finally {
      other.kill('SIGKILL');
    }
  });
});

describe('the lock of a store that is gone', () => {
  it('npm start killed with SIGKILL and started again on the same folders: the new one takes the lock over and serves', async () => {
    const killed = await startStoreProcess();
    const owner = (JSON.parse(readFileSync(path.join(killed.buildsDir, LOCK_FILE), 'utf8')) as { owner: string }).owner;
    await killed.kill();
    const again = await startStoreProcess({ root: killed.root });
    try {
      expect(again.output()).toContain(`were locked by ${owner.replace(/@.*$/, '')}, which is no longer running: taken over.`);
      expect((await fetch(again.siteUrl)).status).toBe(200);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });

  it('six stores taking over the same stale lock at once: exactly one gets it, the others are refused naming it', async () => {
    const buildsDir = path.join(tempRoot(), 'builds');
    mkdirSync(buildsDir, { recursive: true });
    writeFileSync(
      path.join(buildsDir, LOCK_FILE),
      JSON.stringify({ owner: `${os.hostname()}:${finishedPid()}`, startedAt: '2026-01-02T03:04:05.000Z' }),
    );
    const done = path.join(path.dirname(buildsDir), 'done');
    // The one that gets the lock keeps it until every other one has tried.
    const script = `
      import { existsSync } from 'node:fs';
      import { lockBuilds } from ${JSON.stringify(path.join(REPO_ROOT, 'site', 'server', 'build-dirs.ts'))};
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(process.env.START_AT) - Date.now())));
      try {
        const lock = lockBuilds(process.env.ROOT);
        console.log('held');
        while (!existsSync(process.env.DONE)) await new Promise((resolve) => setTimeout(resolve, 20));
        lock.release();
      } catch (error) {
        console.log(error.message);
      }`;
    // All at the same moment, once every one of them has loaded (a late one only tries later).
    const env = { ...process.env, ROOT: buildsDir, DONE: done, START_AT: String(Date.now() + 3000) };
    const children = Array.from({ length: 6 }, () => spawnNode(['--input-type=module', '-e', script], { env }));
    const running = children.map((child) => finished(child));
    let answered = 0;
    await new Promise<void>((resolve) => {
      for (const child of children)
        child.stdout?.once('data', () => {
          if (++answered === children.length) resolve();
        });
    });
    writeFileSync(done, '');
    const results = await Promise.all(running);
    const outputs = results.map((result) => result.stdout.trim());
    expect(
      outputs.filter((output) => output === 'held'),
      outputs.join('\n'),
    ).toHaveLength(1);
    for (const output of outputs.filter((o) => o !== 'held'))
      expect(output).toMatch(/^Another store \(.+:\d+, started \S+Z\) is using the builds in /);
    expect(existsSync(path.join(buildsDir, LOCK_FILE))).toBe(false);
    expect(readdirSync(buildsDir)).toEqual([]);
  });

  it('is taken over (and said so), holds this process while it runs, and is removed when it stops', async () => {
    const root = tempRoot();
    const buildsDir = path.join(root, 'builds');
    mkdirSync(buildsDir, { recursive: true });
    const gone = `${os.hostname()}:${finishedPid()}`;
    writeFileSync(path.join(buildsDir, LOCK_FILE), JSON.stringify({ owner: gone, startedAt: '2026-01-02T03:04:05.000Z' }));
    live.catalogue = await startScriptedCatalogue(1);
    const lines: string[] = [];
    live.app = await startStoreApp({ env: appEnv(root, live.catalogue.origin), log: (line) => lines.push(line) });
    expect(lines).toContain(`The builds in ${buildsDir} were locked by ${gone}, which is no longer running: taken over.`);
    const held = JSON.parse(readFileSync(path.join(buildsDir, LOCK_FILE), 'utf8')) as { owner: string; startedAt: string };
    expect(held.owner.startsWith(self)).toBe(true);
    expect(Date.parse(held.startedAt)).toBeGreaterThan(Date.now() - 120_000);
    await live.app.close();
    live.app = undefined;
    expect(existsSync(path.join(buildsDir, LOCK_FILE))).toBe(false);
  });
});
