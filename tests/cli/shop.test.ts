import fs from 'node:fs/promises';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorefrontClient } from '../../shared/storefront/index.ts';
import { finished, isolatedEnv, waitForOutput } from '../support/child-process.ts';
import { tempDir } from '../support/local-shop.ts';
import { shopEndpoint, spawnCli } from '../support/tshirt-gen.ts';

/** `tshirt-gen shop` end to end: the real command in a child process, as a user runs it. */

// The command's own defaults come from the environment; keep the test's environment out of it.
const ENV = isolatedEnv();

let dataDir: string;
beforeAll(async () => {
  dataDir = await tempDir('tshirt-gen-shop-');
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('tshirt-gen shop', () => {
  it('seeds an empty store, prints its Storefront endpoint, answers queries and stops on SIGTERM', async () => {
    const child = spawnCli(['shop', '--port', '0', '--data', dataDir], ENV);
    const exit = finished(child);
    try {
      const endpoint = await shopEndpoint({ child });
      const client = createStorefrontClient({ graphqlUrl: endpoint, token: '' }, { retries: 0 });
      const products = await client.listProducts(20);
      expect(products.length).toBeGreaterThanOrEqual(12);
      const product = await client.productByHandle(products[1]!.handle);
      expect(product?.id).toBe(products[1]!.id);
      const image = await fetch(products.find((p) => p.images.length)!.images[0]!.url);
      expect(image.headers.get('content-type')).toBe('image/png');
      const cart = await client.cartCreate([{ merchandiseId: products[0]!.variants[0]!.id, quantity: 1 }]);
      expect((await fetch(cart.checkoutUrl)).status).toBe(200);
      await client.close();
    } finally {
      child.kill('SIGTERM');
    }
    const result = await exit;
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Seeded \d+ products\./);
    expect(result.stdout).toMatch(/Stopped\.\n$/);
    expect(result.stderr).toBe('');
  });

  it('does not seed a store that already has products', async () => {
    const child = spawnCli(['shop', '--port', '0', '--data', dataDir], ENV);
    const exit = finished(child);
    const [, count] = await waitForOutput(child, 'stdout', /Products:\s+(\d+)\n/);
    child.kill('SIGTERM');
    const result = await exit;
    expect(Number(count)).toBeGreaterThanOrEqual(12);
    expect(result.stdout).not.toMatch(/Seeding/);
    expect(result.code).toBe(0);
  });

  it('--fixtures tops the store up to n products, once, and a catalogue walk reaches them all', async () => {
    const fixturesDir = await tempDir('tshirt-gen-fixtures-');
    try {
      for (const round of [1, 2]) {
        const child = spawnCli(['shop', '--port', '0', '--data', fixturesDir, '--no-seed', '--fixtures', '260'], ENV);
        const exit = finished(child);
        const endpoint = await shopEndpoint({ child });
        const client = createStorefrontClient({ graphqlUrl: endpoint, token: '' }, { retries: 0 });
        const products = await client.allProducts();
        await client.close();
        child.kill('SIGTERM');
        const result = await exit;
        expect(products).toHaveLength(260);
        expect(new Set(products.map((p) => p.handle)).size).toBe(260);
        // The second start finds the store full and adds nothing.
        if (round === 1) expect(result.stdout).toMatch(/Adding 260 fixture products/);
        else expect(result.stdout).not.toMatch(/Adding/);
        expect(result.code).toBe(0);
      }
      const refused = await finished(spawnCli(['shop', '--fixtures', 'lots'], ENV));
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/^tshirt-gen: .*--fixtures/);
    } finally {
      await fs.rm(fixturesDir, { recursive: true, force: true });
    }
  });

  it('reports bad flags in one line with exit status 2 and no stack trace', async () => {
    for (const args of [['shop', '--port', 'eighty'], ['shop', '--bogus'], ['shop', '--public-url', 'ftp://x'], ['shopp']]) {
      const result = await finished(spawnCli(args, ENV));
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
      expect(result.stderr).toMatch(/^tshirt-gen: .+\n$/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('says so in one line when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const result = await finished(spawnCli(['shop', '--port', String(port), '--data', dataDir, '--no-seed'], ENV));
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`tshirt-gen: Port ${port} on 127.0.0.1 is already in use; choose another with --port\n`);
    } finally {
      blocker.close();
    }
  });
});
