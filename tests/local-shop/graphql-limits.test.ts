import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_LIMITS } from '../../shared/local-shop/graphql/query-limits.ts';
import { PRODUCTS_QUERY } from '../../shared/storefront/browser.ts';
import { plainPng, startTestShop, type TestShop } from '../support/local-shop.ts';
import { streamUntilAnswered } from '../support/stream-body.ts';

/**
 * Hostile GraphQL documents against the embedded shop: each is refused with an error that says which
 * limit it broke (never a stack overflow, a 500 or a hang), and the shop answers a normal query
 * right after.
 */

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
  await shop.store.createProduct({ title: 'Plain Tee', price: '20.00', image: { bytes: await plainPng(64, 64) } });
});

afterAll(() => shop?.stop());

interface Answer {
  status: number;
  errors: { message: string; extensions?: { code?: string } }[];
  data: unknown;
}

// A hang fails the test here rather than stalling the suite; no latency is asserted.
const HANG_GUARD_MS = 20_000;

async function send(body: string): Promise<Answer> {
  const response = await fetch(shop.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(HANG_GUARD_MS),
  });
  const json = (await response.json()) as { errors?: Answer['errors']; data?: unknown };
  return { status: response.status, errors: json.errors ?? [], data: json.data };
}

/** Posts `query`, expects a refusal with `code`, then checks the shop still answers the home page's query. */
async function expectRefused(query: string, code: string, message: RegExp): Promise<void> {
  const answer = await send(JSON.stringify({ query }));
  expect(answer.status).toBe(200); // as Shopify: GraphQL errors travel in a 200
  expect(answer.data).toBeUndefined();
  expect(answer.errors.map((e) => e.extensions?.code)).toContain(code);
  expect(answer.errors.find((e) => e.extensions?.code === code)?.message).toMatch(message);
  for (const error of answer.errors) expect(error.message).not.toMatch(/call stack|RangeError|Internal error/);
  await expectResponsive();
}

async function expectResponsive(): Promise<void> {
  const normal = await send(JSON.stringify({ query: PRODUCTS_QUERY, variables: { first: 20 } }));
  expect(normal.errors).toEqual([]);
  expect((normal.data as { products: { edges: unknown[] } }).products.edges).toHaveLength(1);
}

const nested = (levels: number, open: string, leaf: string, close: string) => `${open.repeat(levels)}${leaf}${close.repeat(levels)}`;

describe('deeply nested documents', () => {
  it('refuses 10,000 nested selections by their nesting, before the parser can overflow its stack', async () => {
    await expectRefused(`{ ${nested(10_000, 'a {', 'b', '}')} }`, 'MAX_DEPTH_EXCEEDED', /nests brackets more than 64 levels deep/);
    // Just under the token limit, where graphql-js alone overflowed at about 2,000 levels.
    await expectRefused(`{ ${nested(2_000, 'a {', 'b', '}')} }`, 'MAX_DEPTH_EXCEEDED', /more than 64 levels/);
  });

  it('refuses argument values nested thousands deep (lists and input objects)', async () => {
    await expectRefused(
      `{ products(first: 1, sortKey: ${nested(7_000, '[', 'ID', ']')}) { nodes { id } } }`,
      'MAX_DEPTH_EXCEEDED',
      /more than 64 levels/,
    );
    await expectRefused(
      `{ products(first: 1, sortKey: ${nested(4_000, '{a: ', '1', '}')}) { nodes { id } } }`,
      'MAX_DEPTH_EXCEEDED',
      /more than 64 levels/,
    );
  });

  it('still measures a document within the nesting limit by its selection depth', async () => {
    await expectRefused(`{ ${nested(40, 'a {', 'b', '}')} }`, 'MAX_DEPTH_EXCEEDED', /selection depth of 41, which exceeds the limit of 15/);
  });

  it('refuses variables nested 100,000 deep in the JSON with a variable error', async () => {
    const deep = nested(100_000, '[', '', ']');
    const answer = await send(`{"query":"query Deep($ids: [ID!]!) { nodes(ids: $ids) { id } }","variables":{"ids":${deep}}}`);
    expect(answer.status).toBe(200);
    expect(answer.errors[0]?.message).toMatch(/^Variable "\$ids" has invalid value/);
    await expectResponsive();
  });
});

describe('huge and wide documents', () => {
  it('answers a 5 MB query string with 413 and a JSON error, and a 900 KB one with the document size limit', async () => {
    const huge = await send(JSON.stringify({ query: `{ shop { name } } #${'x'.repeat(5 * 1024 * 1024)}` }));
    expect(huge.status).toBe(413);
    expect(huge.errors[0]?.extensions?.code).toBe('PAYLOAD_TOO_LARGE');
    await expectResponsive();
    await expectRefused(`{ shop { name } } #${'x'.repeat(900 * 1024)}`, 'MAX_QUERY_SIZE_EXCEEDED', /larger than 100 KB/);
  });

  it('answers a streamed body of unknown length with 413 past 1 MB, and drops one past 16 MB, without buffering it', async () => {
    for (const limit of [4 * 1024 * 1024, 64 * 1024 * 1024]) {
      const streamed = await streamUntilAnswered(shop.graphqlUrl, { 'content-type': 'application/json' }, limit);
      // Up to 16 MB the shop reads and discards the rest so the client can read its 413; past that it closes.
      if (limit < 16 * 1024 * 1024) expect(streamed.status).toBe(413);
      else expect(streamed.written).toBeLessThan(limit);
      await expectResponsive();
    }
  });

  it('refuses thousands of aliases by the number of fields written', async () => {
    const aliases = Array.from({ length: 4_000 }, (_, i) => `a${i}: __typename`).join(' ');
    await expectRefused(
      `{ ${aliases} }`,
      'MAX_FIELDS_EXCEEDED',
      new RegExp(`selects 4000 fields \\(aliases included\\), which exceeds the limit of ${QUERY_LIMITS.maxFields}`),
    );
    const inFragments = Array.from({ length: 600 }, (_, i) => `fragment F${i} on Shop { a${i}: name b${i}: name }`).join(' ');
    await expectRefused(`{ shop { ...F0 } } ${inFragments}`, 'MAX_FIELDS_EXCEEDED', /selects 1201 fields/);
  });

  it('explains the field merging graphql-js gives up on, instead of a bare "Validation aborted."', async () => {
    // 998 fields, under the field limit; graphql-js compares every pair of them.
    await expectRefused(`{ ${'same: shop { name } '.repeat(499)} }`, 'MAX_COMPLEXITY_EXCEEDED', /too complex to validate/);
  });

  it('refuses more than one __schema per operation (each is the whole schema), but answers the standard introspection', async () => {
    await expectRefused(
      '{ a: __schema { types { name } } b: __schema { types { name } } }',
      'MAX_INTROSPECTION_EXCEEDED',
      /selects __schema 2 times; the limit is 1/,
    );
    const viaFragments =
      '{ ...A ...B } fragment A on QueryRoot { a: __schema { types { name } } } fragment B on QueryRoot { b: __schema { types { name } } }';
    await expectRefused(viaFragments, 'MAX_INTROSPECTION_EXCEEDED', /2 times/);
    const standard = await send(JSON.stringify({ query: getIntrospectionQuery() }));
    expect(standard.errors).toEqual([]);
    expect((standard.data as { __schema: { queryType: { name: string } } }).__schema.queryType.name).toBe('QueryRoot');
  });
});

describe('fragments', () => {
  it('reports fragment cycles as validation errors', async () => {
    for (const query of [
      '{ shop { ...A } } fragment A on Shop { name ...A }',
      '{ shop { ...A } } fragment A on Shop { ...B } fragment B on Shop { ...C } fragment C on Shop { name ...A }',
    ]) {
      const answer = await send(JSON.stringify({ query }));
      expect(answer.errors[0]?.message).toMatch(/Cannot spread fragment "A" within itself/);
      await expectResponsive();
    }
  });

  it('measures a spread explosion of 1,000 doubling fragments in linear time and refuses it by cost', async () => {
    const fragments = ['fragment F0 on Product { id title }'];
    for (let i = 1; i <= 1_000; i++) fragments.push(`fragment F${i} on Product { ...F${i - 1} ...F${i - 1} }`);
    await expectRefused(
      `{ products(first: 1) { nodes { ...F1000 } } } ${fragments.join(' ')}`,
      'MAX_COST_EXCEEDED',
      /cost of \d+, which exceeds/,
    );
  });

  it('follows a chain of 2,000 fragments without overflowing the stack', async () => {
    const chain = ['fragment F0 on Shop { name }'];
    for (let i = 1; i <= 2_000; i++) chain.push(`fragment F${i} on Shop { ...F${i - 1} }`);
    const answer = await send(JSON.stringify({ query: `{ shop { ...F2000 } } ${chain.join(' ')}` }));
    for (const error of answer.errors) expect(error.message).not.toMatch(/call stack|Internal error/);
    expect(answer.errors.length > 0 || (answer.data as { shop: { name: string } }).shop.name === 'Neural Threads').toBe(true);
    await expectResponsive();
  });
});
