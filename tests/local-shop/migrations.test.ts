import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { queryShop, startSeededTestShop, startTestShop, type TestShop } from '../support/local-shop.ts';

/**
 * A shop database written by an earlier version opens in this one: its carts keep their lines, and
 * the schema takes what this version stores (a sold-out line kept at quantity 0).
 */

const CART_LINES =
  'query ($id: ID!) { cart(id: $id) { lines(first: 10) { nodes { id quantity merchandise { ... on ProductVariant { id } } } } } }';

interface Lines {
  cart: { lines: { nodes: { id: string; quantity: number; merchandise: { id: string } }[] } };
}

let reopened: TestShop | undefined;

afterAll(async () => {
  await reopened?.stop();
});

describe('a shop database from before sold-out lines were kept', () => {
  it('migrates with its carts whole, then keeps a sold-out line at quantity 0', async () => {
    const first = await startSeededTestShop();
    const variants = await queryShop<{ products: { nodes: { variants: { nodes: { id: string; availableForSale: boolean }[] } }[] } }>(
      first.graphqlUrl,
      '{ products(first: 20) { nodes { variants(first: 20) { nodes { id availableForSale } } } } }',
    );
    const all = variants.products.nodes.flatMap((product) => product.variants.nodes);
    const forSale = all.filter((variant) => variant.availableForSale).slice(0, 2);
    const soldOut = all.find((variant) => !variant.availableForSale)!;
    const created = await queryShop<{ cartCreate: { cart: { id: string } } }>(
      first.graphqlUrl,
      'mutation ($input: CartInput) { cartCreate(input: $input) { cart { id } } }',
      { input: { lines: forSale.map((variant, i) => ({ merchandiseId: variant.id, quantity: i + 1 })) } },
    );
    const cartId = created.cartCreate.cart.id;
    const before = await queryShop<Lines>(first.graphqlUrl, CART_LINES, { id: cartId });
    const file = first.store.databaseFile;
    await first.close();

    // The cart lines table as version 3 of the schema had it: no line below quantity 1.
    const db = new DatabaseSync(file);
    db.exec(`
      BEGIN;
      CREATE TABLE cart_lines_v3 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        cart_token TEXT NOT NULL REFERENCES carts(token) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        variant_id INTEGER NOT NULL REFERENCES variants(id),
        quantity INTEGER NOT NULL CHECK (quantity >= 1)
      );
      INSERT INTO cart_lines_v3 SELECT id, cart_token, position, variant_id, quantity FROM cart_lines;
      DROP TABLE cart_lines;
      ALTER TABLE cart_lines_v3 RENAME TO cart_lines;
      CREATE INDEX cart_lines_by_cart ON cart_lines(cart_token, position);
      PRAGMA user_version = 3;
      COMMIT;
    `);
    expect(() => db.exec('UPDATE cart_lines SET quantity = 0')).toThrow(/CHECK constraint failed/);
    db.close();

    reopened = await startTestShop({ dataDir: first.dataDir });
    expect(await queryShop<Lines>(reopened.graphqlUrl, CART_LINES, { id: cartId })).toEqual(before);
    const added = await queryShop<{ cartLinesAdd: { cart: { lines: { nodes: { quantity: number }[] } }; userErrors: unknown[] } }>(
      reopened.graphqlUrl,
      'mutation ($id: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $id, lines: $lines) { cart { lines(first: 10) { nodes { quantity } } } userErrors { message } } }',
      { id: cartId, lines: [{ merchandiseId: soldOut.id, quantity: 1 }] },
    );
    expect(added.cartLinesAdd.userErrors).toEqual([]);
    expect(added.cartLinesAdd.cart.lines.nodes.map((line) => line.quantity)).toEqual([1, 2, 0]);
    // A new line gets an id no earlier line had.
    const after = await queryShop<Lines>(reopened.graphqlUrl, CART_LINES, { id: cartId });
    const earlier = new Set(before.cart.lines.nodes.map((line) => line.id));
    expect(earlier.has(after.cart.lines.nodes[2]!.id)).toBe(false);
  });
});
