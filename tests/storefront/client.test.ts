import { afterEach, describe, expect, it } from 'vitest';
import { createStorefrontClient, type StorefrontClient, backoffDelay, parseRetryAfter } from '../../shared/storefront/index.ts';
import { browserCartCreate, StorefrontError, withCheckoutChannel } from '../../shared/storefront/browser.ts';
import { startScriptedServer, type ScriptedAnswer, type ScriptedServer, type RecordedRequest } from '../support/scripted-server.ts';
import { productsPage, rawCart, rawProduct } from '../support/storefront-fixtures.ts';

const fast = { baseDelayMs: 1, maxDelayMs: 5, retries: 3, timeoutMs: 2_000 };

let server: ScriptedServer | undefined;
let client: StorefrontClient | undefined;

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

async function clientFor(
  answer: (request: RecordedRequest, index: number) => ScriptedAnswer,
  options: Parameters<typeof createStorefrontClient>[1] = fast,
) {
  server = await startScriptedServer(answer);
  client = createStorefrontClient({ graphqlUrl: server.url, token: 'public-token' }, options);
  return { server, client };
}

async function failure(promise: Promise<unknown>): Promise<StorefrontError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(StorefrontError);
    return error as StorefrontError;
  }
  throw new Error('expected the call to fail');
}

describe('Storefront client: requests and answers', () => {
  it('POSTs {query, variables} as JSON with the token header and asks for 20 products by default', async () => {
    const { server, client } = await clientFor(() => ({ body: productsPage(1, 2, false) }));
    const products = await client.listProducts();
    const request = server.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/2025-07/graphql.json');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-shopify-storefront-access-token']).toBe('public-token');
    const body = JSON.parse(request.body) as { query: string; variables: Record<string, unknown> };
    expect(body.variables).toEqual({ first: 20, after: null });
    expect(body.query).toContain('query Products');
    expect(products.map((p) => p.handle)).toEqual(['shirt-1', 'shirt-2']);
    // Connections come back unwrapped into plain arrays.
    expect(products[0]!.images).toEqual([{ url: 'https://cdn.example/shirt-1.png', altText: null }]);
    expect(products[0]!.variants.map((v) => v.title)).toEqual(['S', 'M']);
    expect(products[0]!.priceRange.minVariantPrice).toEqual({ amount: '24.99', currencyCode: 'USD' });
  });

  it('asks for the newest products first when told to (the home page does)', async () => {
    const { server, client } = await clientFor(() => ({ body: productsPage(1, 2, false) }));
    await client.listProducts(20, undefined, { newestFirst: true });
    expect((JSON.parse(server.requests[0]!.body) as { variables: unknown }).variables).toEqual({ first: 20, after: null, reverse: true });
  });

  it('finds a product by handle and answers null for an unknown one', async () => {
    const { client } = await clientFor((req) => {
      const { variables } = JSON.parse(req.body) as { variables: { handle: string } };
      return { body: { data: { product: variables.handle === 'shirt-7' ? rawProduct(7) : null } } };
    });
    expect((await client.productByHandle('shirt-7'))?.title).toBe('Shirt 7');
    expect(await client.productByHandle('nope')).toBeNull();
  });

  it('refuses a page size Shopify would refuse before sending anything', async () => {
    const { server, client } = await clientFor(() => ({ body: productsPage(1, 1, false) }));
    await expect(client.listProducts(251)).rejects.toThrow(RangeError);
    await expect(client.listProducts(0)).rejects.toThrow(RangeError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('Storefront client: errors, verbatim from the error catalogue', () => {
  it('HTTP 402 → billing message, without retrying', async () => {
    const { server, client } = await clientFor(() => ({ status: 402, body: { errors: 'Payment Required' } }));
    const error = await failure(client.listProducts());
    expect(error.message).toBe('Shopify API access requires an active Shopify billing plan.');
    expect(error.kind).toBe('billing');
    expect(server.requests).toHaveLength(1);
  });

  it('500 then 200 → retried, and succeeds', async () => {
    const { server, client } = await clientFor((_, i) => (i === 0 ? { status: 500, body: 'oops' } : { body: productsPage(1, 3, false) }));
    expect(await client.listProducts()).toHaveLength(3);
    expect(server.requests).toHaveLength(2);
  });

  it('503 forever → "HTTP error! status: 503" after bounded retries', async () => {
    const { server, client } = await clientFor(() => ({ status: 503, body: 'down' }));
    const error = await failure(client.listProducts());
    expect(error.message).toBe('HTTP error! status: 503');
    expect(error.status).toBe(503);
    expect(server.requests).toHaveLength(1 + fast.retries);
  });

  it('reports the last status when a storm changes status between retries', async () => {
    const statuses = [500, 502, 429, 504];
    const { client } = await clientFor((_, i) => ({ status: statuses[i] ?? 500, headers: { 'retry-after': '0' } }));
    expect((await failure(client.listProducts())).message).toBe('HTTP error! status: 504');
  });

  it('other 4xx are final at once', async () => {
    const { server, client } = await clientFor(() => ({ status: 404, body: 'no' }));
    expect((await failure(client.listProducts())).message).toBe('HTTP error! status: 404');
    expect(server.requests).toHaveLength(1);
  });

  it('429 and 430 are retried, honouring Retry-After', async () => {
    const { server, client } = await clientFor((_, i) =>
      i === 0 ? { status: 429, headers: { 'retry-after': '0' } } : i === 1 ? { status: 430 } : { body: productsPage(1, 1, false) },
    );
    expect(await client.listProducts()).toHaveLength(1);
    expect(server.requests).toHaveLength(3);
  });

  it('an errors array → "Error calling Shopify: …" with the messages joined', async () => {
    const { client } = await clientFor(() => ({
      body: { errors: [{ message: "Field 'titel' doesn't exist on type 'Product'" }, { message: 'Second problem' }] },
    }));
    expect((await failure(client.listProducts())).message).toBe(
      "Error calling Shopify: Field 'titel' doesn't exist on type 'Product', Second problem",
    );
  });

  it('cart userErrors → "Cart creation failed: …"', async () => {
    const { client } = await clientFor(() => ({
      body: {
        data: {
          cartCreate: {
            cart: null,
            userErrors: [
              { field: ['input'], message: 'The merchandise does not exist.' },
              { field: null, message: 'Also this.' },
            ],
          },
        },
      },
    }));
    const error = await failure(client.cartCreate([{ merchandiseId: 'gid://shopify/ProductVariant/1', quantity: 1 }]));
    expect(error.message).toBe('Cart creation failed: The merchandise does not exist., Also this.');
  });

  it('no checkout URL → "No checkout URL returned from Shopify"', async () => {
    const { client } = await clientFor(() => ({ body: { data: { cartCreate: { cart: rawCart(null), userErrors: [] } } } }));
    const error = await failure(client.cartCreate([{ merchandiseId: 'gid://shopify/ProductVariant/1', quantity: 1 }]));
    expect(error.message).toBe('No checkout URL returned from Shopify');
  });

  it('a body that is not JSON → a clear error naming the operation', async () => {
    const { client } = await clientFor(() => ({ body: '<html>Maintenance</html>' }));
    const error = await failure(client.listProducts());
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toMatch(/^Unexpected response from the Storefront API \(Products\): the body is not JSON \(text\/html\)/);
  });

  it('a shape it does not expect → a clear error naming the operation and the field, never a TypeError', async () => {
    const broken = productsPage(1, 1, false);
    (broken.data.products.edges[0]!.node as Record<string, unknown>).variants = { nodes: [] };
    const { client } = await clientFor(() => ({ body: broken }));
    const error = await failure(client.listProducts());
    expect(error.message).toMatch(/^Unexpected response from the Storefront API \(Products\): products\.edges\.0\.node\.variants\.edges/);
  });

  it('JSON without data → a clear error', async () => {
    const { client } = await clientFor(() => ({ body: { hello: 'world' } }));
    expect((await failure(client.productByHandle('x'))).message).toBe(
      'Unexpected response from the Storefront API (ProductByHandle): it has no "data" object',
    );
  });

  it('a response slower than the timeout → a timeout error after bounded retries', async () => {
    const { server, client } = await clientFor(() => ({ delayMs: 1_500, body: productsPage(1, 1, false) }), {
      ...fast,
      retries: 1,
      timeoutMs: 200,
    });
    const error = await failure(client.listProducts());
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('did not answer within 200 ms (Products)');
    expect(server.requests).toHaveLength(2);
  });

  it('a connection that is refused → a network error after bounded retries', async () => {
    const probe = await startScriptedServer(() => ({}));
    const deadUrl = probe.url;
    await probe.close();
    client = createStorefrontClient({ graphqlUrl: deadUrl, token: '' }, { ...fast, retries: 2 });
    const error = await failure(client.listProducts());
    expect(error.kind).toBe('network');
    expect(error.message).toContain('Could not reach the Storefront API');
  });

  it('a socket hung up mid-request is retried like any network fault', async () => {
    const { server, client } = await clientFor((_, i) => (i === 0 ? { hangUp: true } : { body: productsPage(1, 1, false) }));
    expect(await client.listProducts()).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it('a cancelled signal stops the retries', async () => {
    const { client } = await clientFor(() => ({ status: 503 }), { ...fast, baseDelayMs: 10_000, maxDelayMs: 10_000 });
    const controller = new AbortController();
    const pending = client.listProducts(20, controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).kind).toBe('aborted');
  });
});

describe('Storefront client: catalogue walk and cart', () => {
  it('walks every page of a catalogue larger than 250 products, 250 at a time', async () => {
    const total = 612;
    const { server, client } = await clientFor((req) => {
      const { variables } = JSON.parse(req.body) as { variables: { first: number; after: string | null } };
      const from = variables.after ? Number(variables.after.replace('cursor-', '')) + 1 : 1;
      const count = Math.min(variables.first, total - from + 1);
      return { body: productsPage(from, count, from + count - 1 < total) };
    });
    const pages: number[] = [];
    const products = await client.allProducts({ onPage: (n) => pages.push(n) });
    expect(products).toHaveLength(total);
    expect(new Set(products.map((p) => p.id)).size).toBe(total);
    expect(products[0]!.handle).toBe('shirt-1');
    expect(products.at(-1)!.handle).toBe('shirt-612');
    expect(pages).toEqual([250, 500, 612]);
    const sent = server.requests.map((r) => (JSON.parse(r.body) as { variables: unknown }).variables);
    expect(sent).toEqual([
      { first: 250, after: null },
      { first: 250, after: 'cursor-250' },
      { first: 250, after: 'cursor-500' },
    ]);
  });

  it('stops with a clear error when a server repeats its cursor forever', async () => {
    const { client } = await clientFor(() => ({ body: productsPage(1, 2, true) }));
    const error = await failure(client.allProducts());
    expect(error.message).toContain('gives no new endCursor');
  });

  it('creates a cart and adds channel=online_store to its checkout URL, keeping other parameters', async () => {
    const { server, client } = await clientFor(() => ({
      body: { data: { cartCreate: { cart: rawCart('https://shop.example/cart/c/abc?key=k1'), userErrors: [] } } },
    }));
    const cart = await client.cartCreate([{ merchandiseId: 'gid://shopify/ProductVariant/10', quantity: 2 }]);
    expect(cart.checkoutUrl).toBe('https://shop.example/cart/c/abc?key=k1&channel=online_store');
    expect(cart.lines[0]!.merchandise.product.handle).toBe('shirt-1');
    expect(cart.cost.totalAmount.amount).toBe('49.98');
    const body = JSON.parse(server.requests[0]!.body) as { variables: unknown };
    expect(body.variables).toEqual({ input: { lines: [{ merchandiseId: 'gid://shopify/ProductVariant/10', quantity: 2 }] } });
  });

  it('refuses cart lines with a non-positive or fractional quantity before sending', async () => {
    const { server, client } = await clientFor(() => ({ body: {} }));
    await expect(client.cartCreate([{ merchandiseId: 'gid://shopify/ProductVariant/1', quantity: 0 }])).rejects.toThrow(/quantity/);
    await expect(client.cartCreate([{ merchandiseId: 'gid://shopify/ProductVariant/1', quantity: 1.5 }])).rejects.toThrow(/quantity/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('browser checkout path (fetch, no zod)', () => {
  const lines = [{ merchandiseId: 'gid://shopify/ProductVariant/10', quantity: 1 }];

  it('creates the cart and returns the checkout URL with the channel', async () => {
    server = await startScriptedServer(() => ({
      body: { data: { cartCreate: { cart: rawCart('https://shop.example/cart/c/x?key=1'), userErrors: [] } } },
    }));
    const result = await browserCartCreate({ graphqlUrl: server.url, token: 't' }, lines);
    expect(result.checkoutUrl).toBe('https://shop.example/cart/c/x?key=1&channel=online_store');
    expect(result.totalQuantity).toBe(2);
    expect(server.requests[0]!.headers['x-shopify-storefront-access-token']).toBe('t');
  });

  it.each([
    [{ status: 402 }, 'Shopify API access requires an active Shopify billing plan.'],
    [{ status: 500 }, 'HTTP error! status: 500'],
    [{ body: { errors: [{ message: 'a' }, { message: 'b' }] } }, 'Error calling Shopify: a, b'],
    [{ body: { data: { cartCreate: { cart: null, userErrors: [{ message: 'Sold out' }] } } } }, 'Cart creation failed: Sold out'],
    [{ body: { data: { cartCreate: { cart: rawCart(null), userErrors: [] } } } }, 'No checkout URL returned from Shopify'],
  ] as [ScriptedAnswer, string][])('fails with the catalogue message (%#)', async (answer, message) => {
    server = await startScriptedServer(() => answer);
    await expect(browserCartCreate({ graphqlUrl: server.url, token: '' }, lines)).rejects.toThrow(message);
  });

  it('gives up after its timeout instead of spinning forever', async () => {
    server = await startScriptedServer(() => ({ delayMs: 2_000, body: {} }));
    const error = await failure(browserCartCreate({ graphqlUrl: server.url, token: '' }, lines, { timeoutMs: 100 }));
    expect(error.kind).toBe('timeout');
  });
});

describe('transport rules', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter('0.5')).toBe(500);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });

  it('backs off exponentially with full jitter, capped', () => {
    expect(backoffDelay(0, 100, 1000, () => 1)).toBe(100);
    expect(backoffDelay(3, 100, 1000, () => 1)).toBe(800);
    expect(backoffDelay(6, 100, 1000, () => 1)).toBe(1000);
    expect(backoffDelay(3, 100, 1000, () => 0)).toBe(0);
  });

  it('sets channel=online_store with the URL API', () => {
    expect(withCheckoutChannel('https://a.example/c?channel=pos&x=1')).toBe('https://a.example/c?channel=online_store&x=1');
    expect(() => withCheckoutChannel('not a url')).toThrow();
  });
});
