import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markFinished } from '../../site/server/build-dirs.ts';
import { startStoreApp, type StoreApp } from '../../site/server/store-app.ts';
import { cataloguePage, startScriptedStore, type ScriptedStore } from '../support/scripted-store.ts';
import {
  cleanUpAfterTests,
  deliverProductsCreate,
  MAINTENANCE_PAGE,
  spawnStore,
  statusOf,
  type StartedProcess,
} from '../support/store-start.ts';

/**
 * `npm start` while the Storefront API is down. With a finished build from an earlier run on disk,
 * the store serves it (saying which, and why), keeps it, and builds again in the background until
 * a build succeeds; with none, the start fails as before, and deletes nothing.
 */

const SERVING = /^The site build failed \((.+)\); serving the build of (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ) until a rebuild succeeds\.$/;

let earlier: ScriptedStore;
let earlierBuild: string;
const { live, tempDir } = cleanUpAfterTests<{ store: StartedProcess; app: StoreApp }>(['store', 'app']);

beforeAll(async () => {
  // An earlier run of the store: one good build, left on disk when it stopped.
  earlier = await startScriptedStore({ products: 2 });
  await earlier.app.close();
  [earlierBuild] = earlier.builds() as [string];
}, 180_000);

afterAll(async () => {
  await earlier?.close();
});

function appEnv(buildsDir: string, dataDir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    SHOPIFY_STORE_DOMAIN: new URL(earlier.shop.url).origin,
    SHOPIFY_STOREFRONT_TOKEN: 'public-token',
    HOST: '127.0.0.1',
    PORT: '0',
    SITE_BUILDS_DIR: buildsDir,
    DATA_DIR: dataDir,
  };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a start while the Storefront API is down, with an earlier build on disk', () => {
  it('serves the earlier build, keeps it, retries in the background, and swaps in the first build that succeeds', async () => {
    earlier.answer = () => MAINTENANCE_PAGE;
    const lines: string[] = [];
    live.app = await startStoreApp({
      env: appEnv(earlier.buildsRoot, path.join(earlier.buildsRoot, 'data')),
      log: (line) => lines.push(line),
      retryDelayMs: { first: 200, max: 400 },
    });
    const serving = lines.map((line) => SERVING.exec(line)).find(Boolean);
    expect(serving, lines.join('\n')).toBeTruthy();
    expect(serving![1]).toContain('Down for maintenance');
    expect(Math.abs(Date.parse(serving![2]!) - Date.now())).toBeLessThan(10 * 60_000);
    expect(earlier.builds()).toEqual([earlierBuild]);
    expect(await statusOf(`${live.app.siteUrl}/readyz`)).toBe(200);
    const home = await (await fetch(live.app.siteUrl)).text();
    for (const title of ['Shirt 1', 'Shirt 2']) expect(home).toContain(title);

    // Still down: another try fails, and the earlier build stays.
    await until(() => lines.some((line) => line.startsWith('The site build failed again')));
    expect(lines.find((line) => line.startsWith('The site build failed again'))).toMatch(
      /^The site build failed again \(.+Down for maintenance.+\); still serving the build of \S+Z, next try in \d+(\.\d)? s\.$/,
    );
    expect(earlier.builds()).toEqual([earlierBuild]);

    // The shop is back, with a third product: the next try's build is swapped in.
    earlier.answer = (request) => cataloguePage(request, 3);
    await until(async () => (await statusOf(`${live.app!.siteUrl}/product/shirt-3`)) === 200);
    await until(() => lines.some((line) => line.startsWith('The site build succeeded')));
    expect(lines.filter((line) => line.startsWith('The site build succeeded'))).toEqual([
      `The site build succeeded: a fresh build replaces the one of ${serving![2]}.`,
    ]);
    // The earlier build is now the previous one, kept as always.
    await until(() => earlier.builds().length === 2);
    expect(earlier.builds()).toContain(earlierBuild);
    expect(lines.join('\n')).not.toMatch(/\n\s+at /);
  });

  it('a change from Shopify meanwhile gets a build of its own at once, which ends the retries when it succeeds', async () => {
    earlier.answer = () => MAINTENANCE_PAGE;
    const secret = 'start-outage-webhook-secret';
    const lines: string[] = [];
    live.app = await startStoreApp({
      env: { ...appEnv(earlier.buildsRoot, path.join(earlier.buildsRoot, 'data')), SHOPIFY_WEBHOOK_SECRET: secret },
      log: (line) => lines.push(line),
      publishQuietMs: 0,
      // No try of its own before the test ends: every build here is one a change started.
      retryDelayMs: { first: 600_000, max: 600_000 },
    });
    const site = live.app.siteUrl;
    expect(lines.some((line) => SERVING.test(line))).toBe(true);
    const deliver = async (id: string) => {
      const body = JSON.stringify({ id: 4 });
      const answer = await deliverProductsCreate(site, body, secret, id);
      expect(await answer.json()).toEqual({ ok: true, rebuild: true });
      await live.app!.publishesSettled();
    };
    // Still down: the change's build fails, and says so.
    await deliver('outage-change-1');
    expect(lines).toContainEqual(
      expect.stringMatching(/^The store could not be rebuilt after a change in Shopify \(.*Down for maintenance/),
    );
    expect(lines.join('\n')).not.toMatch(/Store rebuilt in/);
    // Back, with a fourth product: the next change's build is swapped in, and the earlier build is done with.
    earlier.answer = (request) => cataloguePage(request, 4);
    await deliver('outage-change-2');
    expect(lines).toContainEqual(expect.stringMatching(/^Store rebuilt in \d+\.\d s: the changes are live\.$/));
    expect(lines).toContainEqual(expect.stringMatching(/^The site build succeeded: a fresh build replaces the one of \S+Z\.$/));
    expect((await fetch(`${site}/product/shirt-4`)).status).toBe(200);
  });

  it('npm start with nothing listening at SHOPIFY_STORE_DOMAIN: serves the newest earlier build, /readyz 200, SIGTERM exits 0, the builds stay', async () => {
    const before = earlier.builds();
    live.store = spawnStore({
      dataDir: path.join(earlier.buildsRoot, 'data'),
      buildsDir: earlier.buildsRoot,
      storefrontOrigin: 'http://127.0.0.1:9',
    });
    const [line] = await live.store.waitFor(/^The site build failed \(.+\); serving the build of \S+ until a rebuild succeeds\.$/m);
    expect(line).toContain('ECONNREFUSED');
    const [, site] = await live.store.waitFor(/Store ready at (\S+)/);
    expect(await statusOf(`${site}/readyz`)).toBe(200);
    expect((await fetch(site!)).status).toBe(200);
    live.store.child.kill('SIGTERM');
    expect(await live.store.exitWithin(10_000)).toBe(0);
    expect(earlier.builds().sort()).toEqual(before.sort());
  });
});

describe('a start while the Storefront API is down, with no finished build that loads', () => {
  it('fails with the build error as before, and deletes nothing (a build cut short, or one that does not load, is neither served nor removed)', async () => {
    const root = tempDir('start-outage-');
    const buildsDir = path.join(root, 'builds');
    // A build a killed store left half-made: it has the files a build loads from, but never finished.
    const cut = path.join(buildsDir, 'build-20200101-000000-bbbbbb');
    mkdirSync(path.join(cut, 'client'), { recursive: true });
    mkdirSync(path.join(cut, 'server'), { recursive: true });
    writeFileSync(path.join(cut, 'client', '404.html'), '<!doctype html><title>404</title>');
    writeFileSync(path.join(cut, 'server', 'entry.mjs'), 'export function handler(req, res, next) { next(); }\n');
    // A finished build whose server part is gone.
    const broken = path.join(buildsDir, 'build-20200102-000000-cccccc');
    mkdirSync(path.join(broken, 'client'), { recursive: true });
    writeFileSync(path.join(broken, 'client', '404.html'), '<!doctype html><title>404</title>');
    await markFinished(broken, new Date('2020-01-02T00:00:00Z'));
    earlier.answer = () => MAINTENANCE_PAGE;
    try {
      const lines: string[] = [];
      await expect(startStoreApp({ env: appEnv(buildsDir, path.join(root, 'data')), log: (line) => lines.push(line) })).rejects.toThrow(
        /^The site build failed: .*Down for maintenance/,
      );
      expect(lines.join('\n')).not.toContain('serving the build of');
      expect(lines).toContainEqual(
        expect.stringMatching(/^The build of 2020-01-02T00:00:00Z cannot be served: Could not load the server part of the build/),
      );
      expect(existsSync(path.join(cut, 'client', '404.html'))).toBe(true);
      expect(
        readdirSync(buildsDir)
          .filter((entry) => entry.startsWith('build-'))
          .sort(),
      ).toEqual([path.basename(cut), path.basename(broken)]);
    } finally {
      earlier.answer = (_request, good) => good();
    }
  });
});
