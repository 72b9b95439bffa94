import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShortLinesError, browserCartCreate } from '../../shared/storefront/browser.ts';
import { queryShop, startSeededTestShop, type TestShop } from '../support/local-shop.ts';

/**
 * Checkout's call from the browser against the embedded shop, which answers stock as Shopify does
 * since API version 2024-10 (warnings on a cart made anyway) and an unknown variant with a user error
 * on its line: a cart the shop cannot sell as it is never becomes a checkout, and the error names
 * the lines and what the shop has of each.
 */

let shop: TestShop;
let available: { id: string; stock: number }[];
let soldOut: { id: string; title: string };

beforeAll(async () => {
  shop = await startSeededTestShop();
  const data = await queryShop<{
    products: {
      nodes: { title: string; variants: { nodes: { id: string; availableForSale: boolean; quantityAvailable: number | null }[] } }[];
    };
  }>(
    shop.graphqlUrl,
    '{ products(first: 50) { nodes { title variants(first: 20) { nodes { id availableForSale quantityAvailable } } } } }',
  );
  const variants = data.products.nodes.flatMap((product) =>
    product.variants.nodes.map((variant) => ({ ...variant, title: product.title })),
  );
  available = variants
    .filter((variant) => variant.availableForSale && variant.quantityAvailable !== null && variant.quantityAvailable > 1)
    .map((variant) => ({ id: variant.id, stock: variant.quantityAvailable! }));
  soldOut = variants.find((variant) => !variant.availableForSale)!;
  expect(available.length).toBeGreaterThan(1);
  expect(soldOut).toBeDefined();
});

afterAll(async () => {
  await shop?.stop();
});

const endpoint = () => ({ graphqlUrl: shop.graphqlUrl, token: '' });

async function shortLines(lines: { merchandiseId: string; quantity: number }[]): Promise<ShortLinesError> {
  const error = await browserCartCreate(endpoint(), lines).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ShortLinesError);
  return error as ShortLinesError;
}

describe('checkout of a cart the shop cannot sell as it is', () => {
  it('opens a checkout when every line can be sold as asked', async () => {
    const checkout = await browserCartCreate(endpoint(), [
      { merchandiseId: available[0]!.id, quantity: 1 },
      { merchandiseId: available[1]!.id, quantity: available[1]!.stock },
    ]);
    expect(new URL(checkout.checkoutUrl).searchParams.get('channel')).toBe('online_store');
    expect(checkout.totalQuantity).toBe(1 + available[1]!.stock);
  });

  it('names a sold-out line with nothing available, though the shop made a cart without it', async () => {
    const error = await shortLines([
      { merchandiseId: available[0]!.id, quantity: 1 },
      { merchandiseId: soldOut.id, quantity: 2 },
    ]);
    expect(error.lines).toEqual([{ merchandiseId: soldOut.id, available: 0 }]);
    expect(error.message).toBe(`Cart creation failed: The product '${soldOut.title}' is already sold out.`);
    expect(error.kind).toBe('user-errors');
  });

  it('names a cart of sold-out lines only, rather than open an empty checkout', async () => {
    const error = await shortLines([{ merchandiseId: soldOut.id, quantity: 1 }]);
    expect(error.lines).toEqual([{ merchandiseId: soldOut.id, available: 0 }]);
  });

  it('names a line above the stock with what is left', async () => {
    const { id, stock } = available[0]!;
    const error = await shortLines([
      { merchandiseId: available[1]!.id, quantity: 1 },
      { merchandiseId: id, quantity: stock + 3 },
    ]);
    expect(error.lines).toEqual([{ merchandiseId: id, available: stock }]);
    expect(error.message).toBe(`Cart creation failed: Only ${stock} items were added to your cart due to availability.`);
  });

  it('names a variant the shop no longer has, from the user error on its line', async () => {
    const gone = 'gid://shopify/ProductVariant/987654321';
    const error = await shortLines([
      { merchandiseId: available[0]!.id, quantity: 1 },
      { merchandiseId: gone, quantity: 1 },
    ]);
    expect(error.lines).toEqual([{ merchandiseId: gone, available: 0 }]);
    expect(error.message).toBe(`Cart creation failed: The merchandise with id ${gone} does not exist.`);
  });
});
