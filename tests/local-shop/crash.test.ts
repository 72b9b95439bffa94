import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorefrontClient } from '../../shared/storefront/index.ts';
import type { Product } from '../../shared/storefront/browser.ts';
import { waitForOutput } from '../support/child-process.ts';
import { tempDir } from '../support/local-shop.ts';
import { inspectShopFiles, type ShopFileReport } from '../support/shop-files.ts';
import { kill, shopEndpoint, spawnPublishingRun, spawnShop, type Spawned } from '../support/tshirt-gen.ts';

/**
 * SIGKILL in the middle of publishing, with the write transaction open (every row written, the
 * COMMIT not reached): first `tshirt-gen shop` itself while it writes products (its fixture tees,
 * written like the seed catalogue), then a publishing `tshirt-gen` run together with the shop that
 * serves the same DATA_DIR. Each time the shop restarts, SQLite's checks pass, and every product is
 * whole or absent.
 */

// Plain fixture tees share one small photo: much quicker to write than the seed catalogue.
const SHOP_WITH_FIXTURES = ['--no-seed', '--fixtures', '20'];

let dataDir: string;
const running: Spawned[] = [];

beforeAll(async () => {
  dataDir = await tempDir('shop-crash-');
});

afterAll(async () => {
  await Promise.all(running.filter((p) => p.child.exitCode === null && p.child.signalCode === null).map((p) => kill(p)));
  await fs.rm(dataDir, { recursive: true, force: true });
});

function track(spawned: Spawned): Spawned {
  running.push(spawned);
  return spawned;
}

/** Products as a shopper's browser would get them, each image fetched. */
async function storefrontProducts(endpoint: string): Promise<Product[]> {
  const client = createStorefrontClient({ graphqlUrl: endpoint, token: '' }, { retries: 0 });
  try {
    const products = await client.allProducts();
    for (const product of products) {
      for (const image of product.images) {
        const response = await fetch(image.url);
        expect(response.status, image.url).toBe(200);
        await response.arrayBuffer();
      }
    }
    return products;
  } finally {
    await client.close();
  }
}

function expectWhole(report: ShopFileReport): void {
  expect(report.integrity).toBe('ok');
  expect(report.foreignKeyProblems).toBe(0);
  for (const product of report.products) {
    expect(product.variants, product.title).toBeGreaterThan(0);
    expect(product.missingImageFiles, product.title).toBe(0);
  }
}

describe('the embedded shop killed with SIGKILL in the middle of publishing', () => {
  let existing: number;
  let endpoint: string;
  let shop: Spawned;

  it('killed while writing its own products: restarts, writes them whole, integrity ok', async () => {
    const crashing = track(spawnShop(dataDir, SHOP_WITH_FIXTURES, { holdProductCommit: 1 }));
    await waitForOutput(crashing.child, 'stderr', /holding the commit open\n/);
    expect((await kill(crashing)).signal).toBe('SIGKILL');
    // Nothing of the open transaction is there.
    const afterCrash = inspectShopFiles(dataDir);
    expect(afterCrash.integrity).toBe('ok');
    expect(afterCrash.products).toEqual([]);

    shop = track(spawnShop(dataDir, SHOP_WITH_FIXTURES));
    endpoint = await shopEndpoint(shop);
    const report = inspectShopFiles(dataDir);
    expectWhole(report);
    existing = report.products.length;
    expect(existing).toBe(20);
    expect(report.products.every((p) => p.images === 1 && p.variants === 5)).toBe(true);
    expect(await storefrontProducts(endpoint)).toHaveLength(existing);
  });

  it('a publishing run killed with its second product uncommitted, and the serving shop killed with it: the acknowledged product is there whole, the other absent', async () => {
    const run = track(spawnPublishingRun(dataDir, ['--count', '2', '--seed', '41'], { holdProductCommit: 2 }));
    const [, firstId] = await waitForOutput(run.child, 'stderr', /published to Shopify! \((gid:\/\/shopify\/Product\/\d+)\)\n/);
    await waitForOutput(run.child, 'stderr', /holding the commit open\n/);
    // While the run holds its transaction open the shop keeps answering, and shows nothing of it.
    const during = await storefrontProducts(endpoint);
    expect(during.map((p) => p.id)).toContain(firstId);
    expect(during).toHaveLength(existing + 1);

    const [runExit, shopExit] = await Promise.all([kill(run), kill(shop)]);
    expect([runExit.signal, shopExit.signal]).toEqual(['SIGKILL', 'SIGKILL']);

    shop = track(spawnShop(dataDir, ['--no-seed']));
    endpoint = await shopEndpoint(shop);
    const report = inspectShopFiles(dataDir);
    expectWhole(report);
    expect(report.products).toHaveLength(existing + 1);
    const products = await storefrontProducts(endpoint);
    const published = products.find((p) => p.id === firstId);
    expect(published?.variants.map((v) => v.title)).toEqual(['S', 'M', 'L', 'XL', '2XL']);
    expect(published?.images.length).toBeGreaterThanOrEqual(1);
  });

  it('takes new publishes after the crashes, and stops cleanly', async () => {
    const run = track(spawnPublishingRun(dataDir, ['--count', '1', '--seed', '42']));
    const result = await run.exit;
    expect({ code: result.code, stderr: result.stderr }).toMatchObject({ code: 0 });
    const { products } = JSON.parse(result.stdout) as { products: { productId?: string; status: string }[] };
    expect(products.map((p) => p.status)).toEqual(['published']);
    const ids = (await storefrontProducts(endpoint)).map((p) => p.id);
    expect(ids).toContain(products[0]!.productId);
    expect(ids).toHaveLength(existing + 2);
    shop.child.kill('SIGTERM');
    expect((await shop.exit).code).toBe(0);
    expectWhole(inspectShopFiles(dataDir));
  });
});
