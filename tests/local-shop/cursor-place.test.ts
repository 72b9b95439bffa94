import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postGraphql, queryShop, startSeededTestShop, type TestShop } from '../support/local-shop.ts';
import { shapeProblems } from '../support/storefront-shape.ts';

/**
 * Cursors of sorted, searched and collection lists keep their place by the order of the list: when the
 * product a cursor names leaves the list between two pages, and other products before it leave or
 * come in too, the next page starts right after where that product stood, as on Shopify.
 */

let shop: TestShop;
let db: DatabaseSync;

const WORD = 'walktest';

// Fifteen products of their own: titles out of id order, prices with ties, the search word in some descriptions.
const TITLES = [
  'Quokka Tee',
  'Aardvark Tee',
  'Marmot Tee',
  'Zebu Tee',
  'Capybara Tee',
  'Ibex Tee',
  'Okapi Tee',
  'Dingo Tee',
  'Yak Tee',
  'Gecko Tee',
  'Lemur Tee',
  'Bison Tee',
  'Tapir Tee',
  'Heron Tee',
  'Narwhal Tee',
];
const PRICES = [24, 19, 24, 31, 19, 27, 22, 24, 35, 18, 27, 22, 26, 20, 29];
const handles = TITLES.map((_, i) => `walk-${String(i + 1).padStart(2, '0')}`);
const descriptionOf = (i: number) => (i % 3 === 0 ? `A ${WORD} shirt.` : 'A shirt.');
const MEMBERS = handles.slice(0, 12);
const EXTRAS = handles.slice(12);

interface Page {
  nodes: { handle: string }[];
  pageInfo: { startCursor: string | null; endCursor: string | null };
}
type Window = { first?: number; last?: number; after?: string | null; before?: string | null };

/** A list under test: how to read a page of it, and how to make exactly these products its members. */
interface ListUnderTest {
  label: string;
  read(window: Window): Promise<Page>;
  /** Makes exactly these products the list's members (a collection's placed in this order). */
  hold(members: readonly string[]): void;
}

async function ask<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const data = await queryShop<T>(shop.graphqlUrl, query, variables);
  expect(shapeProblems(query, data, variables)).toEqual([]);
  return data;
}

const handlesOf = (page: Page) => page.nodes.map((n) => n.handle);

function inCollection(sortKey: string, reverse: boolean): ListUnderTest {
  const query = `query ($sortKey: ProductCollectionSortKeys, $reverse: Boolean, $first: Int, $last: Int, $after: String, $before: String) {
    collection(handle: "walking") { products(first: $first, last: $last, after: $after, before: $before, sortKey: $sortKey, reverse: $reverse) {
      nodes { handle } pageInfo { startCursor endCursor } } } }`;
  return {
    label: `collection ${sortKey}${reverse ? ' reversed' : ''}`,
    read: async (window) => (await ask<{ collection: { products: Page } }>(query, { sortKey, reverse, ...window })).collection.products,
    hold: (members) =>
      shop.store.content.saveCollection({ handle: 'walking', title: 'Walking', description: '', productHandles: [...members] }),
  };
}

/** The search word is in a member's tags (and some descriptions); a product that is no member loses it. */
function holdSearchMembers(members: readonly string[]): void {
  const update = db.prepare('UPDATE products SET tags = ?, description = ? WHERE handle = ?');
  db.exec('BEGIN');
  handles.forEach((handle, i) => {
    const member = members.includes(handle);
    update.run(JSON.stringify(member ? [WORD] : ['elsewhere']), member ? descriptionOf(i) : 'A shirt.', handle);
  });
  db.exec('COMMIT');
}

function inProductSearch(sortKey: string, reverse: boolean): ListUnderTest {
  const query = `query ($sortKey: ProductSortKeys, $reverse: Boolean, $first: Int, $last: Int, $after: String, $before: String) {
    products(query: "tag:${WORD}", first: $first, last: $last, after: $after, before: $before, sortKey: $sortKey, reverse: $reverse) {
      nodes { handle } pageInfo { startCursor endCursor } } }`;
  return {
    label: `products(query:) ${sortKey}${reverse ? ' reversed' : ''}`,
    read: async (window) => (await ask<{ products: Page }>(query, { sortKey, reverse, ...window })).products,
    hold: holdSearchMembers,
  };
}

function inSearch(sortKey: string, reverse: boolean): ListUnderTest {
  const query = `query ($sortKey: SearchSortKeys, $reverse: Boolean, $first: Int, $last: Int, $after: String, $before: String) {
    search(query: "${WORD}", types: PRODUCT, first: $first, last: $last, after: $after, before: $before, sortKey: $sortKey, reverse: $reverse) {
      nodes { ... on Product { handle } } pageInfo { startCursor endCursor } } }`;
  return {
    label: `search ${sortKey}${reverse ? ' reversed' : ''}`,
    read: async (window) => (await ask<{ search: Page }>(query, { sortKey, reverse, ...window })).search,
    hold: holdSearchMembers,
  };
}

/**
 * Reads a page, then takes the cursor's product and two products before it out of the list and lets
 * three others in, and reads the next page: it must begin exactly after where the cursor's product
 * stood, which is where it stands in the list changed but for it.
 */
async function keepsItsPlace(list: ListUnderTest): Promise<void> {
  for (const direction of ['after', 'before'] as const) {
    const label = `${list.label}, ${direction}`;
    list.hold(MEMBERS);
    const order = handlesOf(await list.read({ first: 50 }));
    expect(order, label).toHaveLength(MEMBERS.length);
    const page = await list.read(direction === 'after' ? { first: 5 } : { last: 5 });
    expect(handlesOf(page), label).toEqual(direction === 'after' ? order.slice(0, 5) : order.slice(-5));
    const at = direction === 'after' ? 4 : order.length - 5;
    const named = order[at]!;
    const gone = direction === 'after' ? [order[1]!, order[3]!] : [order[2]!, order[5]!];
    const staying = MEMBERS.filter((h) => !gone.includes(h));
    const changed = [...EXTRAS, ...staying];
    list.hold(changed);
    const around = handlesOf(await list.read({ first: 50 }));
    const stood = around.indexOf(named);
    const expected = direction === 'after' ? around.slice(stood + 1, stood + 4) : around.slice(stood - 3, stood);
    expect(expected, label).toHaveLength(3);
    list.hold(changed.filter((h) => h !== named));
    const next = await list.read(
      direction === 'after' ? { first: 3, after: page.pageInfo.endCursor } : { last: 3, before: page.pageInfo.startCursor },
    );
    expect.soft(handlesOf(next), label).toEqual(expected);
  }
}

beforeAll(async () => {
  shop = await startSeededTestShop();
  for (const [i, title] of TITLES.entries()) {
    await shop.store.createProduct({
      title,
      handle: handles[i],
      description: descriptionOf(i),
      price: PRICES[i]!,
      productType: 'Walking',
      tags: [WORD],
    });
  }
  db = new DatabaseSync(path.join(shop.dataDir, 'shop', 'shop.sqlite'));
});

afterAll(async () => {
  db?.close();
  await shop?.stop();
});

describe('a cursor whose product left the list keeps its place by the list’s order', () => {
  it('in a collection, in every order either way, when products before it left too and others came in', async () => {
    for (const sortKey of ['PRICE', 'TITLE', 'CREATED', 'BEST_SELLING', 'ID', 'COLLECTION_DEFAULT'])
      for (const reverse of [false, true]) await keepsItsPlace(inCollection(sortKey, reverse));
  });

  it('in products(query:), sorted either way, when products before it stopped matching and others started to', async () => {
    for (const sortKey of ['PRICE', 'TITLE', 'CREATED_AT', 'UPDATED_AT', 'RELEVANCE', 'BEST_SELLING'])
      for (const reverse of [false, true]) await keepsItsPlace(inProductSearch(sortKey, reverse));
  });

  it('in search, by relevance and by price either way', async () => {
    for (const sortKey of ['RELEVANCE', 'PRICE']) for (const reverse of [false, true]) await keepsItsPlace(inSearch(sortKey, reverse));
  });

  it('goes on from where its product stood when that product moved since; in a collection’s own order, from the product itself', async () => {
    const byPrice = inCollection('PRICE', false);
    byPrice.hold(MEMBERS);
    const order = handlesOf(await byPrice.read({ first: 50 }));
    const page = await byPrice.read({ first: 5 });
    const named = order[4]!;
    const setPrice = db.prepare('UPDATE variants SET price_cents = ? WHERE product_id = (SELECT id FROM products WHERE handle = ?)');
    // The cursor's product becomes the dearest: the next page is still the one after where it stood.
    setPrice.run(99_00, named);
    try {
      expect(handlesOf(await byPrice.read({ first: 3, after: page.pageInfo.endCursor }))).toEqual(order.slice(5, 8));
    } finally {
      setPrice.run(PRICES[handles.indexOf(named)]! * 100, named);
    }

    // In a collection's own order the products placed by hand keep their places when others are taken
    // out or placed first, so a cursor's product is found again by its place once it has left.
    const own = inCollection('COLLECTION_DEFAULT', false);
    shop.store.content.deleteCollection('walking');
    own.hold(MEMBERS);
    const first = await own.read({ first: 5 });
    own.hold([...EXTRAS, ...MEMBERS]);
    expect(handlesOf(await own.read({ first: 3, after: first.pageInfo.endCursor }))).toEqual(MEMBERS.slice(5, 8));
    own.hold([...EXTRAS, ...MEMBERS.filter((h) => h !== MEMBERS[4] && h !== MEMBERS[0])]);
    expect(handlesOf(await own.read({ first: 3, after: first.pageInfo.endCursor }))).toEqual(MEMBERS.slice(5, 8));
    // Products placed among the others move their places on: while the cursor's product is there, the next page follows it.
    shop.store.content.deleteCollection('walking');
    own.hold(MEMBERS);
    const again = await own.read({ first: 5 });
    own.hold([...MEMBERS.slice(0, 2), ...EXTRAS, ...MEMBERS.slice(2)]);
    expect(handlesOf(await own.read({ first: 3, after: again.pageInfo.endCursor }))).toEqual(MEMBERS.slice(5, 8));
  });

  it('a cursor made before cursors carried sort values still goes on from the place it carries; a malformed one is refused', async () => {
    const list = inCollection('PRICE', false);
    list.hold(MEMBERS);
    const order = handlesOf(await list.read({ first: 50 }));
    const named = (await ask<{ product: { id: string } }>('query ($h: String!) { product(handle: $h) { id } }', { h: order[4] })).product;
    const id = Number(named.id.split('/').pop());
    const old = Buffer.from(JSON.stringify({ last_id: id, last_value: String(id), position: 4 })).toString('base64');
    list.hold(MEMBERS.filter((h) => h !== order[4]));
    expect(handlesOf(await list.read({ first: 3, after: old }))).toEqual(order.slice(5, 8));
    for (const bad of [
      { last_id: id, last_value: String(id), position: 4, order: 'PRICE', values: [{}] },
      { last_id: id, last_value: String(id), position: 4, order: 'PRICE' },
      { last_id: id, last_value: String(id), position: 4, order: 7, values: [2400] },
      { last_id: id, last_value: String(id), position: 4, order: 'PRICE', values: [null] },
      { last_id: id, last_value: String(id), position: 4, values: [2400] },
    ]) {
      const cursor = Buffer.from(JSON.stringify(bad)).toString('base64');
      const refused = await postGraphql(shop.graphqlUrl, {
        query: `{ collection(handle: "walking") { products(first: 2, after: "${cursor}", sortKey: PRICE) { nodes { handle } } } }`,
      });
      expect(refused.json.errors?.[0]?.message, JSON.stringify(bad)).toBe(
        `Invalid cursor for Field 'products': ${JSON.stringify(cursor.slice(0, 100))}`,
      );
    }
  });
});
