import { createStorefrontApiClient, type StorefrontApiClient } from '@shopify/storefront-api-client';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_LIMITS, measureOperations } from '../../shared/local-shop/graphql/query-limits.ts';
import { SEED_DISCOUNT_CODE } from '../../shared/local-shop/index.ts';
import { startSeededTestShop, type TestShop } from '../support/local-shop.ts';
import * as docs from '../support/storefront-documents.ts';
import { shapeProblems } from '../support/storefront-shape.ts';

/**
 * Shopify's own Storefront client (@shopify/storefront-api-client, pinned in package.json) against
 * the embedded shop, with documents written in the style of the open-source storefronts. The
 * client always builds https:// URLs from its store domain, so `customFetchApi` sends them to the
 * shop's loopback http:// address; everything else is the client as a storefront runs it.
 * hydrogen-react's own createStorefrontClient runs in hydrogen-react-client.test.ts; its headers are also pinned below.
 */

const TOKEN = 'storefront-test-token';
let shop: TestShop;
let client: StorefrontApiClient;

const overHttp = (url: string | URL | Request, init?: RequestInit) => fetch(String(url).replace(/^https:/, 'http:'), init);

function shopifyClient(token: { publicAccessToken: string } | { privateAccessToken: string }): StorefrontApiClient {
  return createStorefrontApiClient({ storeDomain: shop.origin, apiVersion: '2025-07', customFetchApi: overHttp, ...token });
}

async function run<T>(query: string, variables: Record<string, unknown> = {}, on = client): Promise<T> {
  const { data, errors } = await on.request<T>(query, { variables });
  expect(errors).toBeUndefined();
  expect(shapeProblems(query, data, variables)).toEqual([]);
  return data as T;
}

beforeAll(async () => {
  shop = await startSeededTestShop({ token: TOKEN });
  client = shopifyClient({ publicAccessToken: TOKEN });
});

afterAll(async () => {
  await shop?.stop();
});

describe('query limits', () => {
  it('keeps a fourfold cost margin and three levels of depth over every open-storefront document', () => {
    for (const [name, query] of Object.entries(docs.STOREFRONT_STYLE_DOCUMENTS)) {
      for (const { cost, depth } of measureOperations(parse(query), { numCartLines: 100, first: 24, limit: 10 }, undefined)) {
        expect(cost * 4, name).toBeLessThanOrEqual(QUERY_LIMITS.maxCost);
        expect(depth + 3, name).toBeLessThanOrEqual(QUERY_LIMITS.maxDepth);
      }
    }
  });
});

describe('@shopify/storefront-api-client', () => {
  it('reads a Hydrogen product page with the variant fields, and decodes the variant encodings', async () => {
    const data = await run<{
      product: {
        encodedVariantExistence: string;
        encodedVariantAvailability: string;
        options: { name: string; optionValues: { name: string; firstSelectableVariant: { title: string } }[] }[];
        selectedOrFirstAvailableVariant: { title: string };
        adjacentVariants: { title: string }[];
        seo: { title: string };
      };
    }>(docs.HYDROGEN_PRODUCT, {
      handle: 'per-my-last-prompt',
      selectedOptions: [
        { name: 'Size', value: 'M' },
        { name: 'Color', value: 'White' },
      ],
    });
    const p = data.product;
    expect(p.selectedOrFirstAvailableVariant.title).toBe('M / White');
    // One option changed at a time: the four other sizes in White and M in Black.
    expect(p.adjacentVariants.map((v) => v.title).sort()).toEqual(['2XL / White', 'L / White', 'M / Black', 'S / White', 'XL / White']);
    // 5 sizes × 2 colours all exist; 2XL / White is sold out.
    expect(p.encodedVariantExistence).toBe('v1_0:0-1,1:0-1,2:0-1,3:0-1,4:0-1,');
    expect(p.encodedVariantAvailability).toBe('v1_0:0-1,1:0-1,2:0-1,3:0-1,4:0,');
    expect(decode(p.encodedVariantAvailability)).toHaveLength(9);
    expect(p.options[1]!.optionValues.map((v) => v.firstSelectableVariant.title)).toEqual(['S / Black', 'S / White']);
    const single = await run<{ product: { encodedVariantExistence: string; encodedVariantAvailability: string } }>(docs.HYDROGEN_PRODUCT, {
      handle: 'human-in-the-loop-since-1979',
      selectedOptions: [],
    });
    expect(single.product.encodedVariantExistence).toBe('v1_0-4');
    expect(single.product.encodedVariantAvailability).toBe('v1_1-4');
  });

  it('runs the collection, search, menu, policy and page documents', async () => {
    const collection = await run<{ collection: { products: { nodes: unknown[]; filters: unknown[] } } }>(docs.HYDROGEN_COLLECTION, {
      handle: 'ai-humor',
      first: 4,
      sortKey: 'PRICE',
      filters: [{ variantOption: { name: 'Size', value: 'S' } }, { available: true }],
    });
    expect(collection.collection.products.nodes).toHaveLength(4);
    expect(collection.collection.products.filters.length).toBeGreaterThan(2);
    const search = await run<{ predictiveSearch: { products: unknown[]; queries: unknown[] } }>(docs.HYDROGEN_PREDICTIVE_SEARCH, {
      term: 'prompt',
      limit: 5,
      limitScope: 'EACH',
    });
    expect(search.predictiveSearch.products.length).toBeGreaterThan(0);
    const header = await run<{ menu: { items: { title: string }[] }; shop: { primaryDomain: { url: string } } }>(docs.HYDROGEN_HEADER, {
      headerMenuHandle: 'main-menu',
    });
    expect(header.menu.items.map((i) => i.title)).toEqual(['Home', 'Shop', 'About', 'FAQ']);
    const policy = await run<{ shop: { refundPolicy: { title: string } } }>(docs.HYDROGEN_POLICY, { refundPolicy: true });
    expect(policy.shop).toEqual({ refundPolicy: expect.objectContaining({ title: 'Refund Policy', handle: 'refund-policy' }) });
    for (const [query, variables] of [
      [docs.NEXT_PRODUCTS, { sortKey: 'PRICE', reverse: true, query: 'tag:founders' }],
      [docs.NEXT_PRODUCT_PAGE, { handle: 'per-my-last-prompt' }],
      [docs.NEXT_COLLECTION_PRODUCTS, { handle: 'office-humor', sortKey: 'TITLE' }],
      [docs.NEXT_COLLECTIONS, {}],
      [docs.NEXT_MENU, { handle: 'footer' }],
      [docs.NEXT_PAGE, { handle: 'about' }],
      [docs.ASTRO_PRODUCTS, { first: 8 }],
    ] as const) {
      await run(query, variables);
    }
    const product = await run<{ product: { id: string } }>(docs.NEXT_PRODUCT_PAGE, { handle: 'per-my-last-prompt' });
    await run(docs.NEXT_RECOMMENDATIONS, { productId: product.product.id });
  });

  it('runs a Hydrogen cart through create (buyerIdentity: {}), add, update, remove and discount, and a Next.js cart read', async () => {
    const products = await run<{
      products: { edges: { node: { variants: { edges: { node: { id: string; availableForSale: boolean } }[] } } }[] };
    }>(docs.NEXT_PRODUCTS, { query: 'available_for_sale:true' });
    const ids = products.products.edges.flatMap((e) => e.node.variants.edges.filter((v) => v.node.availableForSale).map((v) => v.node.id));
    type Payload = {
      cart: {
        id: string;
        lines: { nodes: { id: string; quantity: number }[] };
        cost: { totalAmount: { amount: string }; subtotalAmount: { amount: string } };
      };
      userErrors: unknown[];
    };
    const created = await run<{ cartCreate: Payload }>(docs.HYDROGEN_CART_CREATE, {
      input: { lines: [{ merchandiseId: ids[0], quantity: 1 }], buyerIdentity: {} },
    });
    expect(created.cartCreate.userErrors).toEqual([]);
    const cartId = created.cartCreate.cart.id;
    const added = await run<{ cartLinesAdd: Payload }>(docs.HYDROGEN_CART_LINES_ADD, {
      cartId,
      lines: [{ merchandiseId: ids[1], quantity: 2 }],
    });
    expect(added.cartLinesAdd.cart.lines.nodes.map((l) => l.quantity)).toEqual([1, 2]);
    const updated = await run<{ cartLinesUpdate: Payload }>(docs.HYDROGEN_CART_LINES_UPDATE, {
      cartId,
      lines: [{ id: added.cartLinesAdd.cart.lines.nodes[0]!.id, quantity: 3 }],
    });
    expect(updated.cartLinesUpdate.cart.lines.nodes.map((l) => l.quantity)).toEqual([3, 2]);
    const removed = await run<{ cartLinesRemove: Payload }>(docs.HYDROGEN_CART_LINES_REMOVE, {
      cartId,
      lineIds: [updated.cartLinesUpdate.cart.lines.nodes[1]!.id],
    });
    expect(removed.cartLinesRemove.cart.lines.nodes).toHaveLength(1);
    const discounted = await run<{ cartDiscountCodesUpdate: Payload }>(docs.HYDROGEN_CART_DISCOUNT, {
      cartId,
      discountCodes: [SEED_DISCOUNT_CODE],
    });
    const cost = discounted.cartDiscountCodesUpdate.cart.cost;
    expect(Number(cost.totalAmount.amount)).toBeCloseTo(Number(cost.subtotalAmount.amount) * 0.9, 1);
    await run(docs.NEXT_ADD_TO_CART, { cartId, lines: [{ merchandiseId: ids[2] }] });
    const read = await run<{ cart: { totalQuantity: number } }>(docs.NEXT_CART_QUERY, { cartId });
    expect(read.cart.totalQuantity).toBe(4);
    await run(docs.ASTRO_CART_ADD, { cartId, merchandiseId: ids[3], quantity: 1 });
  });

  it('streams a @defer document in parts that add up to the whole answer', async () => {
    const stream = await client.requestStream(docs.DEFERRED_RECOMMENDATIONS, { variables: { handle: 'per-my-last-prompt' } });
    const parts: { data?: unknown; hasNext: boolean; errors?: unknown }[] = [];
    for await (const part of stream) parts.push(part as (typeof parts)[number]);
    // The client merges parts that arrive together, so one or two here; the wire format is checked below.
    expect(parts.length).toBeGreaterThanOrEqual(1);
    expect(parts.at(-1)!.hasNext).toBe(false);
    expect(parts.every((p) => p.errors === undefined)).toBe(true);
    const final = parts.at(-1)!.data as {
      product: { title: string; seo: { title: string }; collections: { nodes: { handle: string }[] } };
    };
    expect(final.product.title).toBe('Per My Last Prompt');
    expect(final.product.seo.title).toBe('Per My Last Prompt');
    expect(final.product.collections.nodes.map((c) => c.handle)).toContain('office-humor');

    const raw = await fetch(shop.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'multipart/mixed', 'X-Shopify-Storefront-Access-Token': TOKEN },
      body: JSON.stringify({ query: docs.DEFERRED_RECOMMENDATIONS, variables: { handle: 'per-my-last-prompt' } }),
    });
    expect(raw.headers.get('content-type')).toBe('multipart/mixed; boundary="-"');
    const body = await raw.text();
    const payloads = body
      .split('\r\n---')
      .filter((chunk) => chunk.includes('{'))
      .map((chunk) => JSON.parse(chunk.slice(chunk.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>);
    expect(payloads[0]).toEqual({ data: { product: { id: expect.any(String), title: 'Per My Last Prompt' } }, hasNext: true });
    expect(payloads[1]).toMatchObject({
      hasNext: false,
      incremental: [{ path: ['product'], label: 'recommendations', data: { seo: { title: 'Per My Last Prompt' } } }],
    });
    expect(body.endsWith('\r\n-----\r\n')).toBe(true);

    // A plain JSON client gets the deferred fields in the one answer.
    const plain = await fetch(shop.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Shopify-Storefront-Access-Token': TOKEN },
      body: JSON.stringify({ query: docs.DEFERRED_RECOMMENDATIONS, variables: { handle: 'per-my-last-prompt' } }),
    });
    expect(((await plain.json()) as { data: { product: { seo: { title: string } } } }).data.product.seo.title).toBe('Per My Last Prompt');
  });

  it('accepts the private token header a server-side storefront sends, and refuses a wrong one', async () => {
    const server = shopifyClient({ privateAccessToken: TOKEN });
    const data = await run<{ shop: { name: string } }>('{ shop { name } }', {}, server);
    expect(data.shop.name).toBe('Neural Threads');
    const wrong = shopifyClient({ privateAccessToken: 'not-the-token' });
    const { errors } = await wrong.request('{ shop { name } }');
    expect(errors?.networkStatusCode).toBe(401);
  });
});

describe('hydrogen-react’s createStorefrontClient headers, reproduced', () => {
  // hydrogen-react's public-token headers: its SDK variant and source, the API version, the token.
  const HYDROGEN_HEADERS = {
    'X-SDK-Variant': 'hydrogen-react',
    'X-SDK-Variant-Source': 'react',
    'X-SDK-Version': '2025-07',
    'X-Shopify-Storefront-Access-Token': TOKEN,
  };

  it('lets a browser send them across origins: the preflight allows each header', async () => {
    const preflight = await fetch(shop.graphqlUrl, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://storefront.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': Object.keys(HYDROGEN_HEADERS).join(', ').toLowerCase(),
      },
    });
    expect(preflight.status).toBe(204);
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
    for (const header of [...Object.keys(HYDROGEN_HEADERS), 'content-type']) expect(allowed).toContain(header.toLowerCase());
    const answer = await fetch(shop.graphqlUrl, {
      method: 'POST',
      headers: { ...HYDROGEN_HEADERS, 'content-type': 'application/json', Origin: 'http://storefront.example' },
      body: JSON.stringify({ query: docs.HYDROGEN_HEADER, variables: { headerMenuHandle: 'footer' } }),
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await answer.json()) as { errors?: unknown }).errors).toBeUndefined();
  });
});

/** Shopify's documented v1 encoding read back: the option-value index paths it lists. */
function decode(encoded: string): number[][] {
  expect(encoded.startsWith('v1_')).toBe(true);
  const out: number[][] = [];
  const walk = (text: string, prefix: number[]): string => {
    let rest = text;
    while (rest.length && rest[0] !== ',') {
      const match = /^(\d+)(?:-(\d+))?/.exec(rest)!;
      const from = Number(match[1]);
      const to = match[2] === undefined ? from : Number(match[2]);
      rest = rest.slice(match[0].length);
      if (rest[0] === ':') {
        rest = walk(rest.slice(1), [...prefix, from]).slice(1);
      } else {
        for (let i = from; i <= to; i++) out.push([...prefix, i]);
        if (rest[0] === ' ') rest = rest.slice(1);
      }
    }
    return rest;
  };
  walk(encoded.slice(3), []);
  return out;
}
