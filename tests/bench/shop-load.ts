import { cartCreateLoad, describeLoad, firstVariantId, productsLoad, runShopLoad, type LoadResult } from '../support/shop-load.ts';
import type { Figure, SectionResult } from './report.ts';
import { startShopProcess } from './shop-process.ts';

/**
 * The embedded shop under load: the home page's `products(first: 20)` query and `cartCreate`, each
 * with 50 concurrent keep-alive clients on loopback (autocannon), against `tshirt-gen shop` in its
 * own process so the load generator does not share its event loop. Every answer is checked (status,
 * GraphQL errors, data), and one failure fails the section.
 */

export const SHOP_CONNECTIONS = 50;
export const SHOP_REQUESTS = 1_000;
// Unmeasured requests first, so the figures are of a warm server (JIT, statement cache); still checked.
const WARM_UP_REQUESTS = 250;
const SHOP_PRODUCTS = 100;

export async function measureShopLoad(log: (line: string) => void, requests = SHOP_REQUESTS): Promise<SectionResult> {
  const shop = await startShopProcess(SHOP_PRODUCTS);
  try {
    const loads = [productsLoad(20), cartCreateLoad(await firstVariantId(shop.graphqlUrl))];
    const figures: Figure[] = [];
    const failed: LoadResult[] = [];
    for (const load of loads) {
      const warmUp = await runShopLoad(shop.graphqlUrl, load, { connections: SHOP_CONNECTIONS, amount: WARM_UP_REQUESTS });
      const result = await runShopLoad(shop.graphqlUrl, load, { connections: SHOP_CONNECTIONS, amount: requests });
      log(describeLoad(result));
      for (const run of [warmUp, result]) if (run.errors > 0) failed.push(run);
      figures.push(
        { what: `${load.name}: requests per second`, value: String(Math.round(result.requestsPerSecond)) },
        { what: `${load.name}: p99 latency`, value: `${result.p99Ms} ms` },
        { what: `${load.name}: errors`, value: `${result.errors} of ${result.requests}` },
      );
    }
    if (failed.length > 0) throw new Error(`requests failed under load: ${failed.map(describeLoad).join('; ')}`);
    return {
      figures,
      notes: [
        `\`tshirt-gen shop --no-seed --fixtures ${SHOP_PRODUCTS}\` on 127.0.0.1 in its own process; autocannon with ${SHOP_CONNECTIONS} keep-alive connections, ${requests} requests per query after ${WARM_UP_REQUESTS} unmeasured ones, POSTing the same GraphQL documents the site sends (the full product fields for 20 products; a one-line cart).`,
        'No budget in the issue for these: they are here to notice a regression. Errors count non-2xx answers, answers with GraphQL errors or without the data, socket errors and timeouts; any error fails the section. `npm test` runs the same load, smaller, in tests/local-shop/load.test.ts.',
      ],
    };
  } finally {
    await shop.stop();
  }
}
