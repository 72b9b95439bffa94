import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunDocument } from '../../cli/run/run-document.ts';
import { createStorefrontClient } from '../../shared/storefront/index.ts';
import { tempDir } from '../support/local-shop.ts';
import { inspectShopFiles } from '../support/shop-files.ts';
import { kill, shopEndpoint, spawnPublishingRun, spawnShop, type Spawned } from '../support/tshirt-gen.ts';

/**
 * Four `tshirt-gen --publish` runs writing into one DATA_DIR at once while `tshirt-gen shop` serves
 * it: every product a run acknowledges (its id in the run's --json output) is in the shop afterwards,
 * whole, and readers never see half a product meanwhile.
 */

const RUNS = 4;
const PER_RUN = 2;

let dataDir: string | undefined;
let shop: Spawned | undefined;

afterAll(async () => {
  if (shop && shop.child.exitCode === null && shop.child.signalCode === null) await kill(shop);
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('four publishing runs into one DATA_DIR while the shop serves', () => {
  // Five processes at once: 14 to 22 s in full runs of the suite.
  it('keeps every acknowledged product, whole, with unique handles', async () => {
    dataDir = await tempDir('concurrent-publish-');
    shop = spawnShop(dataDir, ['--no-seed']);
    const endpoint = await shopEndpoint(shop);

    const runs = Array.from({ length: RUNS }, (_, i) =>
      spawnPublishingRun(dataDir!, ['--count', String(PER_RUN), '--seed', String(100 + i), '--theme', `run ${i + 1} of the same tees`]),
    );
    let done = false;
    const allDone = Promise.all(runs.map((run) => run.exit)).finally(() => (done = true));

    // Read while they write: whatever a shopper sees is a whole product (five sizes and its image).
    const client = createStorefrontClient({ graphqlUrl: endpoint, token: '' }, { retries: 0 });
    let reads = 0;
    try {
      for (let i = 0; i < 10_000 && !done; i++) {
        for (const product of await client.listProducts(20)) {
          expect(product.variants, product.title).toHaveLength(5);
          expect(product.images.length, product.title).toBeGreaterThanOrEqual(1);
        }
        reads++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const results = await allDone;
      expect(reads).toBeGreaterThan(0);

      const acknowledged: { id: string; name: string }[] = [];
      for (const result of results) {
        expect({ code: result.code, stderr: result.stderr.match(/^.*(error|failed).*$/gim) }).toEqual({ code: 0, stderr: null });
        const doc = JSON.parse(result.stdout) as RunDocument;
        expect(doc.status).toBe('succeeded');
        for (const product of doc.products) {
          expect(product.status).toBe('published');
          acknowledged.push({ id: product.productId!, name: product.name });
        }
      }
      expect(acknowledged).toHaveLength(RUNS * PER_RUN);

      // Read back through the Storefront API, as the site's build and a shopper's browser do.
      const products = await client.allProducts();
      expect(products).toHaveLength(RUNS * PER_RUN);
      for (const { id, name } of acknowledged) {
        const product = products.find((p) => p.id === id);
        expect(product?.title, id).toBe(name);
        expect(product!.variants.map((v) => v.title)).toEqual(['S', 'M', 'L', 'XL', '2XL']);
        const image = await fetch(product!.images[0]!.url);
        expect(image.status).toBe(200);
        await image.arrayBuffer();
      }
      expect(new Set(products.map((p) => p.handle)).size).toBe(products.length);
    } finally {
      await client.close();
    }

    shop.child.kill('SIGTERM');
    expect((await shop.exit).code).toBe(0);
    const report = inspectShopFiles(dataDir);
    expect(report.integrity).toBe('ok');
    expect(report.products.every((p) => p.variants === 5 && p.missingImageFiles === 0)).toBe(true);
  }, 180_000);
});
