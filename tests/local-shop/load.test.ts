import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShopProcess, type ShopProcess } from '../bench/shop-process.ts';
import { cartCreateLoad, describeLoad, firstVariantId, productsLoad, runShopLoad } from '../support/shop-load.ts';

/**
 * The embedded shop under 50 concurrent keep-alive clients on loopback, in its own process as
 * `tshirt-gen shop` runs it: every answer to the home page's query and to cartCreate is a full,
 * error-free one. A smaller form of `npm run bench shop` (1,000 requests per query there); the
 * figures are logged, never asserted (a shared 2-core machine).
 */

const CONNECTIONS = 50;
const REQUESTS = 250;

let shop: ShopProcess;

beforeAll(async () => {
  // More products than one page, so products(first: 20) answers a full page.
  shop = await startShopProcess(25);
});

afterAll(() => shop?.stop());

describe('the embedded shop under 50 concurrent clients', () => {
  it(`answers ${REQUESTS} products(first: 20) requests with no error of any kind`, async () => {
    const result = await runShopLoad(shop.graphqlUrl, productsLoad(20), { connections: CONNECTIONS, amount: REQUESTS });
    console.log(describeLoad(result));
    expect(result).toMatchObject({ requests: REQUESTS, errors: 0, non2xx: 0, badBodies: 0, socketErrors: 0, timeouts: 0 });
  });

  it(`answers ${REQUESTS} cartCreate requests with no error, each a cart with a checkout URL`, async () => {
    const result = await runShopLoad(shop.graphqlUrl, cartCreateLoad(await firstVariantId(shop.graphqlUrl)), {
      connections: CONNECTIONS,
      amount: REQUESTS,
    });
    console.log(describeLoad(result));
    expect(result).toMatchObject({ requests: REQUESTS, errors: 0, non2xx: 0, badBodies: 0, socketErrors: 0, timeouts: 0 });
  });

  it('counts a 200 answer without the data (userErrors, GraphQL errors) as an error', async () => {
    const broken = { ...cartCreateLoad('gid://shopify/ProductVariant/999999'), name: 'cartCreate of an unknown variant' };
    const result = await runShopLoad(shop.graphqlUrl, broken, { connections: 5, amount: 10 });
    expect(result).toMatchObject({ requests: 10, non2xx: 0, badBodies: 10, errors: 10 });
  });
});
