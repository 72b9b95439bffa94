import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../shared/config/index.ts';
import { LocalShopStore } from '../../shared/local-shop/index.ts';
import { createGeneratorServices } from '../../site/features/generator/server/services.ts';
import { finished, isolatedEnv } from '../support/child-process.ts';
import { HOLD_UNTIL_KILLED, startServerScript } from '../support/generator-api.ts';
import { spawnCli } from '../support/tshirt-gen.ts';

/**
 * `tshirt-gen runs …` over the runs the /generator page's server made (the real services over a
 * DATA_DIR, then the CLI as a child process over the same folder): list, show, publish exactly once,
 * resume a stopped run, and leave a run the live server is driving to it.
 */

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

async function serverRun(count: number, { stop = false } = {}): Promise<{ dataDir: string; id: string }> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'cli-runs-'));
  roots.push(root);
  const dataDir = path.join(root, 'data');
  const services = createGeneratorServices({
    config: loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', GENERATOR_DELAY_MS: stop ? '400' : '0' }, root),
    log: () => undefined,
  });
  try {
    const run = services.runs!.start({ count, theme: 'owls who audit spreadsheets', actor: null });
    if (stop) {
      // Stop once the first design is in: the rest wait for a resume.
      while (!services.runs!.get(run.id)!.products.some((p) => p.status === 'ready')) await new Promise((r) => setTimeout(r, 20));
      services.runs!.runner.stop(run.id, null);
    }
    await services.runs!.runner.idle(run.id);
    return { dataDir, id: run.id };
  } finally {
    await services.close();
  }
}

async function cli(args: string[], dataDir: string) {
  return finished(spawnCli(args, isolatedEnv({ DATA_DIR: dataDir, GENERATOR_DELAY_MS: '0' })));
}

describe('tshirt-gen runs', () => {
  it('lists and shows the runs the page made, publishes a product exactly once', async () => {
    const { dataDir, id } = await serverRun(2);
    const listed = await cli(['runs', 'list', '--json'], dataDir);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual({
      runs: [
        expect.objectContaining({
          id,
          count: 2,
          ready: 2,
          published: 0,
          failed: 0,
          state: 'finished',
          theme: 'owls who audit spreadsheets',
        }),
      ],
    });
    const shown = await cli(['runs', 'show', id], dataDir);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`Run ${id} (finished)`);
    expect(shown.stdout).toMatch(/ {2}1\. .+ {2}ready\n/);

    const first = await cli(['runs', 'publish', id, '--product', '1'], dataDir);
    expect(first.stderr).toContain('Publishing 1...');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/1\. .+: published gid:\/\/shopify\/Product\/\d+ \/product\/[a-z0-9-]+-[0-9a-f]{12}\n/);
    const again = await cli(['runs', 'publish', id, '--product', '1'], dataDir);
    expect(again.stderr).toContain('Nothing to publish');
    const shop = LocalShopStore.open(dataDir);
    try {
      // Nothing seeds this store: the one product is the one published, made once.
      expect(shop.productCount()).toBe(1);
    } finally {
      shop.close();
    }
    const after = JSON.parse((await cli(['runs', 'show', id, '--json'], dataDir)).stdout) as {
      run: { products: Array<{ status: string }> };
      events: Array<{ kind: string }>;
    };
    expect(after.run.products.map((p) => p.status)).toEqual(['published', 'ready']);
    expect(after.events.map((e) => e.kind)).toContain('published');
  });

  it('resumes a stopped run: the designs it never made, once each', async () => {
    const { dataDir, id } = await serverRun(3, { stop: true });
    const before = JSON.parse((await cli(['runs', 'show', id, '--json'], dataDir)).stdout) as {
      run: { state: string; products: Array<{ status: string; preview?: string }> };
    };
    expect(before.run.state).toBe('stopped');
    const readyBefore = before.run.products.filter((p) => p.status === 'ready');
    expect(readyBefore.length).toBeGreaterThan(0);
    const resumed = await cli(['runs', 'resume', id], dataDir);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('All designs generated!');
    const after = JSON.parse((await cli(['runs', 'show', id, '--json'], dataDir)).stdout) as {
      run: { state: string; products: Array<{ status: string; preview?: string }> };
    };
    expect(after.run.state).toBe('finished');
    expect(after.run.products.map((p) => p.status)).toEqual(['ready', 'ready', 'ready']);
    // The designs made before the stop are the same files.
    for (const [i, product] of before.run.products.entries())
      if (product.status === 'ready') expect(after.run.products[i]!.preview).toBe(product.preview);
  });

  it('refuses to resume a run the live server is driving, saying where to stop it; stopped there, it resumes', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'cli-runs-'));
    roots.push(root);
    const dataDir = path.join(root, 'data');
    // A long pause after each design: the run is still going on the server while tshirt-gen is asked to resume it.
    const services = createGeneratorServices({
      config: loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', GENERATOR_DELAY_MS: '60000' }, root),
      log: () => undefined,
    });
    try {
      const run = services.runs!.start({ count: 3, theme: 'owls who audit spreadsheets', actor: null });
      while (!services.runs!.get(run.id)!.products.some((p) => p.status === 'ready')) await new Promise((r) => setTimeout(r, 20));
      const designs = () => readdirSync(path.join(dataDir, 'designs')).sort();
      const before = designs();
      const statuses = services.runs!.get(run.id)!.products.map((p) => p.status);

      const refused = await cli(['runs', 'resume', run.id], dataDir);
      expect([refused.code, refused.stderr]).toEqual([
        2,
        `tshirt-gen: Run ${run.id} is still going in the server (${os.hostname()}:${process.pid}); stop it on the /generator page first\n`,
      ]);
      // Nothing designed twice: the run is as the server left it, and still the server's.
      expect(designs()).toEqual(before);
      expect(services.runs!.get(run.id)).toMatchObject({ state: 'running', products: statuses.map((status) => ({ status })) });

      // The page still stops it; then tshirt-gen goes on with it, without making the first design again.
      services.runs!.runner.stop(run.id, null);
      await services.runs!.runner.idle(run.id);
      const first = services.runs!.store.getRun(run.id)!.products[0]!.preview;
      const resumed = await cli(['runs', 'resume', run.id], dataDir);
      expect(resumed.code).toBe(0);
      expect(resumed.stderr).toContain('All designs generated!');
      const after = services.runs!.store.getRun(run.id)!;
      expect(after.state).toBe('finished');
      expect(after.products.map((p) => p.status)).toEqual(['ready', 'ready', 'ready']);
      expect(after.products[0]!.preview).toBe(first);
      expect(designs().filter((f) => f.endsWith('-preview.png'))).toHaveLength(3);
    } finally {
      await services.close();
    }
  });

  it('resumes the run of a server that was killed (kill -9): the designs it never made, once each', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'cli-runs-'));
    roots.push(root);
    const dataDir = path.join(root, 'data');
    // A server process that makes the first design, then waits until it is killed.
    const { child, exit, printed } = await startServerScript(root, { DATA_DIR: dataDir, HOST: '127.0.0.1', GENERATOR_DELAY_MS: '60000' }, [
      "const id = runs.start({ count: 3, theme: 'owls who audit spreadsheets', actor: null }).id;",
      "while (!runs.store.getRun(id).products.some((p) => p.status === 'ready')) await runs.waitForChange(id, runs.store.version(id), 60000);",
      'console.log(JSON.stringify({ id }));',
      HOLD_UNTIL_KILLED,
    ]);
    const { id } = printed as { id: string };
    const shown = JSON.parse((await cli(['runs', 'show', id, '--json'], dataDir)).stdout) as {
      run: { state: string; owner: string; ownerKind: string; products: Array<{ status: string; preview?: string }> };
    };
    // The server named itself on its run.
    expect(shown.run).toMatchObject({ state: 'running', ownerKind: 'server' });
    expect(shown.run.owner).toMatch(new RegExp(`^${os.hostname()}:${child.pid}(@\\d+)?$`));
    child.kill('SIGKILL');
    expect((await exit).signal).toBe('SIGKILL');

    const resumed = await cli(['runs', 'resume', id], dataDir);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('All designs generated!');
    const after = JSON.parse((await cli(['runs', 'show', id, '--json'], dataDir)).stdout) as typeof shown;
    expect(after.run.state).toBe('finished');
    expect(after.run.ownerKind).toBe('cli');
    expect(after.run.products.map((p) => p.status)).toEqual(['ready', 'ready', 'ready']);
    for (const [i, product] of shown.run.products.entries())
      if (product.status === 'ready') expect(after.run.products[i]!.preview).toBe(product.preview);
  });

  it('says what is wrong with a bad id or product number', async () => {
    const { dataDir, id } = await serverRun(1);
    const bad = await cli(['runs', 'show', 'nope'], dataDir);
    expect([bad.code, bad.stderr]).toEqual([2, 'tshirt-gen: "nope" is not a run id (16 hex characters; see tshirt-gen runs list)\n']);
    const missing = await cli(['runs', 'publish', id, '--product', '5'], dataDir);
    expect([missing.code, missing.stderr]).toEqual([2, `tshirt-gen: run ${id} has no product 5\n`]);
  });
});
