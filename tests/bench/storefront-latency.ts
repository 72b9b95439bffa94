/**
 * Latency of the embedded shop under 20 concurrent clients for the two documents a storefront sends
 * most: a Hydrogen-style product page (variant fields, encodings, adjacent variants) and a
 * Hydrogen-style cartLinesAdd answering the whole cart. Every answer is checked (an `errors` entry
 * or userErrors counts as an error). Run: npm exec -- node tests/bench/storefront-latency.ts
 */
import { describeLoad, runShopLoad, type ShopLoad } from '../support/shop-load.ts';
import { queryShop, startSeededTestShop } from '../support/local-shop.ts';
import { HYDROGEN_CART_CREATE, HYDROGEN_CART_LINES_ADD, HYDROGEN_PRODUCT } from '../support/storefront-documents.ts';

const CONNECTIONS = 20;
const REQUESTS = Number(process.env.LATENCY_REQUESTS ?? 4000);

function checked(
  name: string,
  query: string,
  variables: Record<string, unknown>,
  ok: (data: Record<string, unknown>) => boolean,
): ShopLoad {
  return {
    name,
    body: JSON.stringify({ query, variables }),
    verify(body) {
      try {
        const answer = JSON.parse(body) as { data?: Record<string, unknown>; errors?: unknown[] };
        return !answer.errors?.length && !!answer.data && ok(answer.data);
      } catch {
        return false;
      }
    },
  };
}

const shop = await startSeededTestShop();
try {
  const variant = await queryShop<{ product: { variants: { nodes: { id: string }[] } } }>(
    shop.graphqlUrl,
    '{ product(handle: "ctrl-alt-delegate") { variants(first: 1) { nodes { id } } } }',
  );
  const merchandiseId = variant.product.variants.nodes[0]!.id;
  const created = await queryShop<{ cartCreate: { cart: { id: string } } }>(shop.graphqlUrl, HYDROGEN_CART_CREATE, {
    input: { lines: [{ merchandiseId, quantity: 1 }], buyerIdentity: {} },
  });
  const loads = [
    checked(
      'product page (Hydrogen document)',
      HYDROGEN_PRODUCT,
      { handle: 'per-my-last-prompt', selectedOptions: [{ name: 'Size', value: 'M' }] },
      (d) => d.product !== null,
    ),
    checked(
      'cartLinesAdd (Hydrogen document, whole cart back)',
      HYDROGEN_CART_LINES_ADD,
      { cartId: created.cartCreate.cart.id, lines: [{ merchandiseId, quantity: 1 }] },
      (d) => {
        const payload = d.cartLinesAdd as { cart: unknown; userErrors: unknown[] };
        return payload.cart !== null && payload.userErrors.length === 0;
      },
    ),
  ];
  for (const load of loads) {
    await runShopLoad(shop.graphqlUrl, load, { connections: CONNECTIONS, amount: 400 }); // warm-up
    const result = await runShopLoad(shop.graphqlUrl, load, { connections: CONNECTIONS, amount: REQUESTS });
    process.stdout.write(`${describeLoad(result)}\n`);
  }
} finally {
  await shop.stop();
}
