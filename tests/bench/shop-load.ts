import autocannon from 'autocannon';
import { CART_CREATE_MUTATION, PRODUCTS_QUERY } from '../../shared/storefront/documents.ts';
import type { Figure, SectionResult } from './report.ts';
import { startShopProcess } from './shop-process.ts';

/**
 * The embedded shop under load: the home page's `products(first: 20)` query and `cartCreate`, each
 * with 50 concurrent keep-alive clients on loopback (autocannon), against `tshirt-gen shop` in its
 * own process so the load generator does not share its event loop.
 */

export const SHOP_CONNECTIONS = 50;
export const SHOP_SECONDS = 10;
const SHOP_PRODUCTS = 100;

interface Load {
  name: string;
  body: string;
}

interface LoadResult {
  rps: number;
  p99: number;
  requests: number;
  failures: number;
}

async function hammer(url: string, load: Load, seconds: number): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: load.body,
    connections: SHOP_CONNECTIONS,
    duration: seconds,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** A GraphQL answer with errors still comes back 200: check one by hand before timing thousands. */
async function checkAnswers(url: string, load: Load): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: load.body });
  const json = (await response.json()) as { data?: unknown; errors?: { message: string }[] };
  if (!response.ok || json.errors?.length || !json.data) throw new Error(`${load.name} answered ${response.status}: ${JSON.stringify(json).slice(0, 200)}`);
}

export async function measureShopLoad(log: (line: string) => void, seconds = SHOP_SECONDS): Promise<SectionResult> {
  const shop = await startShopProcess(SHOP_PRODUCTS);
  try {
    const first = (await (
      await fetch(shop.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: PRODUCTS_QUERY, variables: { first: 1 } }) })
    ).json()) as { data: { products: { edges: { node: { variants: { edges: { node: { id: string } }[] } } }[] } } };
    const variantId = first.data.products.edges[0]?.node.variants.edges[0]?.node.id;
    if (!variantId) throw new Error('the fixture shop has no variant to put in a cart');
    const loads: Load[] = [
      { name: 'products(first: 20)', body: JSON.stringify({ query: PRODUCTS_QUERY, variables: { first: 20 } }) },
      { name: 'cartCreate', body: JSON.stringify({ query: CART_CREATE_MUTATION, variables: { input: { lines: [{ merchandiseId: variantId, quantity: 1 }] } } }) },
    ];
    const figures: Figure[] = [];
    for (const load of loads) {
      await checkAnswers(shop.graphqlUrl, load);
      const result = await hammer(shop.graphqlUrl, load, seconds);
      log(`${load.name}: ${Math.round(result.rps)} requests/s, p99 ${result.p99} ms, ${result.failures} failed of ${result.requests}`);
      if (result.failures > 0) throw new Error(`${load.name}: ${result.failures} of ${result.requests} requests failed under load`);
      figures.push(
        { what: `${load.name}: requests per second`, value: String(Math.round(result.rps)) },
        { what: `${load.name}: p99 latency`, value: `${result.p99} ms` },
      );
    }
    return {
      figures,
      notes: [
        `\`tshirt-gen shop --no-seed --fixtures ${SHOP_PRODUCTS}\` on 127.0.0.1 in its own process; autocannon with ${SHOP_CONNECTIONS} keep-alive connections for ${seconds} s per query, POSTing the same GraphQL documents the site sends (the full product fields for 20 products; a one-line cart).`,
        'No budget in the issue for these: they are here to notice a regression. Every request answered 200 with data (checked once with the body before each run; non-2xx, errors and timeouts counted during it).',
      ],
    };
  } finally {
    await shop.stop();
  }
}
