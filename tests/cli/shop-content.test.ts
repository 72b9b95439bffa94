import { spawn } from 'node:child_process';
import { createStorefrontApiClient, type StorefrontApiClient } from '@shopify/storefront-api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished, isolatedEnv, REPO_ROOT, type Finished } from '../support/child-process.ts';
import { startSeededTestShop, type TestShop } from '../support/local-shop.ts';
import { BIN } from '../support/tshirt-gen.ts';

/**
 * `tshirt-gen shop collection|discount|menu|page|policy` as staff run them: the real CLI writes into
 * a running shop's data directory, and Shopify's own Storefront client reads the change back.
 */

const TOKEN = 'staff-commands-token';
let shop: TestShop;
let client: StorefrontApiClient;

beforeAll(async () => {
  shop = await startSeededTestShop({ token: TOKEN });
  const overHttp = (url: string | URL | Request, init?: RequestInit) => fetch(String(url).replace(/^https:/, 'http:'), init);
  client = createStorefrontApiClient({
    storeDomain: shop.origin,
    apiVersion: '2025-07',
    customFetchApi: overHttp,
    publicAccessToken: TOKEN,
  });
});
afterAll(async () => {
  await shop?.stop();
});

/** The CLI on the shop's data directory (given through DATA_DIR, or --data when `viaFlag`), with `input` on stdin. */
function cli(args: string[], options: { input?: string; viaFlag?: boolean } = {}): Promise<Finished> {
  const env = isolatedEnv(options.viaFlag ? {} : { DATA_DIR: shop.dataDir });
  const child = spawn(process.execPath, [BIN, 'shop', ...args, ...(options.viaFlag ? ['--data', shop.dataDir] : [])], {
    cwd: REPO_ROOT,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const done = finished(child);
  child.stdin!.end(options.input ?? '');
  return done;
}

async function ok(args: string[], options: { input?: string; viaFlag?: boolean } = {}): Promise<string> {
  const result = await cli(args, options);
  expect({ args, code: result.code, stderr: result.stderr }).toEqual({ args, code: 0, stderr: '' });
  return result.stdout;
}

async function query<T>(document: string, variables: Record<string, unknown> = {}): Promise<T> {
  const { data, errors } = await client.request<T>(document, { variables });
  expect(errors).toBeUndefined();
  return data as T;
}

const COLLECTIONS = `query Collections { collections(first: 50) { nodes { handle title description } } }`;
const COLLECTION = `query Collection($handle: String!) {
  collection(handle: $handle) { handle title products(first: 50) { nodes { handle productType } } }
}`;

interface CollectionAnswer {
  collection: { handle: string; title: string; products: { nodes: { handle: string; productType: string }[] } } | null;
}

describe('tshirt-gen shop collection', () => {
  it('creates, updates, lists and deletes collections that the Storefront API serves at once', async () => {
    const { products } = await query<{ products: { nodes: { handle: string; productType: string }[] } }>(
      'query { products(first: 50) { nodes { handle productType } } }',
    );
    const [first, second] = products.nodes;
    const type = products.nodes.find((p) => p.productType)!.productType;

    const created = JSON.parse(
      await ok([
        'collection',
        'create',
        'Staff Picks',
        '--description',
        'Chosen by hand.',
        '--products',
        `${second!.handle},${first!.handle}`,
        '--json',
      ]),
    ) as { handle: string; manualProducts: number };
    expect(created).toMatchObject({ handle: 'staff-picks', manualProducts: 2 });
    const listed = await query<{ collections: { nodes: { handle: string; title: string; description: string }[] } }>(COLLECTIONS);
    expect(listed.collections.nodes).toContainEqual({ handle: 'staff-picks', title: 'Staff Picks', description: 'Chosen by hand.' });
    let picks = await query<CollectionAnswer>(COLLECTION, { handle: 'staff-picks' });
    expect(picks.collection!.products.nodes.map((p) => p.handle)).toEqual([second!.handle, first!.handle]);

    // A type rule brings every product of that type, after the hand-placed ones; the title changes, the description stays.
    await ok(['collection', 'update', 'staff-picks', '--title', 'Staff Favourites', '--type', type, '--products', first!.handle], {
      viaFlag: true,
    });
    picks = await query<CollectionAnswer>(COLLECTION, { handle: 'staff-picks' });
    expect(picks.collection!.title).toBe('Staff Favourites');
    const handles = picks.collection!.products.nodes.map((p) => p.handle);
    expect(handles[0]).toBe(first!.handle);
    expect(new Set(handles)).toEqual(
      new Set([first!.handle, ...products.nodes.filter((p) => p.productType === type).map((p) => p.handle)]),
    );

    const table = await ok(['collection', 'list']);
    expect(table).toMatch(new RegExp(`^staff-picks\\s+Staff Favourites\\s+${type}\\s+1$`, 'm'));
    const json = JSON.parse(await ok(['collection', 'list', '--json'])) as {
      collections: { handle: string; productType: string | null }[];
    };
    expect(json.collections.find((c) => c.handle === 'staff-picks')?.productType).toBe(type);

    expect(await ok(['collection', 'delete', 'staff-picks'])).toBe('Deleted collection staff-picks.\n');
    expect((await query<CollectionAnswer>(COLLECTION, { handle: 'staff-picks' })).collection).toBeNull();
    // The products themselves stay in the shop.
    expect(
      (await query<{ product: { handle: string } | null }>('query($h: String!) { product(handle: $h) { handle } }', { h: first!.handle }))
        .product,
    ).not.toBeNull();
  });

  it('refuses bad input in one line with exit status 2 and writes nothing', async () => {
    const before = await query<{ collections: { nodes: unknown[] } }>(COLLECTIONS);
    for (const [args, message] of [
      [['collection', 'create', 'Ghosts', '--products', 'no-such-shirt'], /no-such-shirt.*no product of this shop/],
      [['collection', 'create', 'Office', '--handle', 'office-humor'], /office-humor exists already/],
      [['collection', 'create', 'Bad', '--handle', 'Bad Handle'], /^tshirt-gen: Invalid collection: handle must be lowercase/],
      [['collection', 'update', 'nope'], /No collection has the handle nope/],
      [['collection', 'delete', 'nope'], /No collection has the handle nope/],
    ] as const) {
      const result = await cli([...args]);
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toMatch(/^tshirt-gen: [^\n]+\n$/);
    }
    expect(await query<{ collections: { nodes: unknown[] } }>(COLLECTIONS)).toEqual(before);
  });
});

const CART_CREATE = `mutation Cart($lines: [CartLineInput!]!, $codes: [String!]) {
  cartCreate(input: { lines: $lines, discountCodes: $codes }) {
    cart { discountCodes { code applicable } cost { subtotalAmount { amount } totalAmount { amount } } }
    userErrors { field message }
  }
}`;

interface CartAnswer {
  cartCreate: {
    cart: {
      discountCodes: { code: string; applicable: boolean }[];
      cost: { subtotalAmount: { amount: string }; totalAmount: { amount: string } };
    };
  };
}

describe('tshirt-gen shop discount', () => {
  it('adds a code that a cart then applies, lists it and removes it', async () => {
    const { products } = await query<{ products: { nodes: { variants: { nodes: { id: string }[] } }[] } }>(
      'query { products(first: 1) { nodes { variants(first: 1) { nodes { id } } } } }',
    );
    const lines = [{ merchandiseId: products.nodes[0]!.variants.nodes[0]!.id, quantity: 2 }];
    expect(await ok(['discount', 'add', 'STAFF3', '--amount', '3', '--minimum', '1.50'])).toBe('Discount code STAFF3: 3.00 off.\n');

    const cart = (await query<CartAnswer>(CART_CREATE, { lines, codes: ['STAFF3'] })).cartCreate.cart;
    expect(cart.discountCodes).toEqual([{ code: 'STAFF3', applicable: true }]);
    expect(Number(cart.cost.subtotalAmount.amount) - Number(cart.cost.totalAmount.amount)).toBeCloseTo(3, 2);

    const listed = JSON.parse(await ok(['discount', 'list', '--json'])) as { discountCodes: unknown[] };
    expect(listed.discountCodes).toContainEqual({ code: 'STAFF3', percentOff: null, amountOffCents: 300, minimumSubtotalCents: 150 });

    expect(await ok(['discount', 'remove', 'STAFF3'])).toBe('Removed discount code STAFF3.\n');
    const after = (await query<CartAnswer>(CART_CREATE, { lines, codes: ['STAFF3'] })).cartCreate.cart;
    expect(after.discountCodes).toEqual([{ code: 'STAFF3', applicable: false }]);
    expect(after.cost.totalAmount.amount).toBe(after.cost.subtotalAmount.amount);
  });

  it('refuses a code without exactly one kind of discount, a bad amount and an unknown code', async () => {
    for (const args of [
      ['discount', 'add', 'TWO', '--percent', '10', '--amount', '2'],
      ['discount', 'add', 'NONE'],
      ['discount', 'add', 'BAD', '--percent', '150'],
      ['discount', 'add', 'BAD', '--amount', '1.999'],
      ['discount', 'add', 'x', '--percent', '5'],
      ['discount', 'remove', 'NOT-THERE'],
    ]) {
      const result = await cli(args);
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
      expect(result.stderr).toMatch(/^tshirt-gen: [^\n]+\n$/);
    }
    expect(JSON.parse(await ok(['discount', 'list', '--json'])).discountCodes.map((d: { code: string }) => d.code)).not.toContain('TWO');
  });
});

describe('tshirt-gen shop menu, page and policy', () => {
  it('sets a menu from standard input, a page and a policy from files or standard input', async () => {
    const items = [
      { title: 'Home', type: 'FRONTPAGE' },
      { title: 'Office', type: 'COLLECTION', handle: 'office-humor', items: [{ title: 'About', type: 'PAGE', handle: 'about' }] },
    ];
    expect(await ok(['menu', 'set', 'main-menu', '--file', '-'], { input: JSON.stringify(items) })).toBe('Menu main-menu has 2 items.\n');
    const { menu } = await query<{
      menu: { title: string; items: { title: string; type: string; url: string; items: { title: string }[] }[] };
    }>('query { menu(handle: "main-menu") { title items { title type url items { title } } } }');
    expect(menu.items.map((i) => [i.title, i.type])).toEqual([
      ['Home', 'FRONTPAGE'],
      ['Office', 'COLLECTION'],
    ]);
    expect(menu.items[1]!.items).toEqual([{ title: 'About' }]);

    await ok(['page', 'set', 'returns-faq', '--title', 'Returns FAQ'], { input: 'Send it back.\n\nWithin 30 days.' });
    const { page } = await query<{ page: { title: string; body: string } }>('query { page(handle: "returns-faq") { title body } }');
    expect(page).toEqual({ title: 'Returns FAQ', body: '<p>Send it back.</p><p>Within 30 days.</p>' });

    await ok(['policy', 'set', 'refund-policy'], { input: 'No refunds for <b>jokes</b> that landed.' });
    const { shop: answer } = await query<{ shop: { refundPolicy: { title: string; body: string } } }>(
      'query { shop { refundPolicy { title body } } }',
    );
    expect(answer.refundPolicy.title).toBe('Refund Policy');
    expect(answer.refundPolicy.body).toContain('No refunds for &lt;b&gt;jokes&lt;/b&gt; that landed.');
  });

  it('refuses bad menus, pages and policies in one line with exit status 2', async () => {
    for (const [args, input, message] of [
      [['menu', 'set', 'main-menu'], 'not json', /The menu items are not JSON/],
      [['menu', 'set', 'main-menu'], '[{"title":"X","type":"COLLECTION"}]', /Invalid menu: items\.0\.handle is required/],
      [['menu', 'set', 'new-menu'], '[]', /There is no menu new-menu yet: give its --title/],
      [['page', 'set', 'new-page'], 'Body', /There is no page new-page yet/],
      [['page', 'set', 'about'], '  \n', /The page body is empty/],
      [['policy', 'set', 'cookie-policy'], 'x', /must be one of privacy-policy/],
      [['policy', 'set', 'refund-policy', '--file', '/no/such/file'], '', /Cannot read policy text from \/no\/such\/file: ENOENT/],
    ] as const) {
      const result = await cli([...args], { input });
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toMatch(/^tshirt-gen: [^\n]+\n$/);
    }
  });
});
