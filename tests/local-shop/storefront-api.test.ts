import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorefrontClient, type StorefrontClient } from '../../shared/storefront/index.ts';
import { CART_CREATE_MUTATION, PRODUCTS_QUERY, STOREFRONT_DOCUMENTS } from '../../shared/storefront/browser.ts';
import type { Product } from '../../shared/storefront/browser.ts';
import { plainPng, postGraphql, rawRequest, startTestShop, type TestShop } from '../support/local-shop.ts';

/** The embedded shop through the project's own Storefront client and through raw HTTP, on a seeded catalogue. */

let shop: TestShop;
let client: StorefrontClient;
let products: Product[];

const GID = (type: string) => new RegExp(`^gid://shopify/${type}/\\d+$`);
const DECIMAL = /^\d+\.\d{1,2}$/;

function variantWhere(predicate: (v: Product['variants'][number], p: Product) => boolean) {
  for (const product of products) {
    const variant = product.variants.find((v) => predicate(v, product));
    if (variant) return { product, variant };
  }
  throw new Error('no such variant in the seed catalogue');
}

beforeAll(async () => {
  shop = await startTestShop({ seed: true });
  client = createStorefrontClient({ graphqlUrl: shop.graphqlUrl, token: '' }, { retries: 0 });
  products = await client.listProducts(20);
});

afterAll(async () => {
  await client?.close();
  await shop?.stop();
});

describe('products', () => {
  it('answers the product list with every product field the storefront reads through the Storefront client', () => {
    expect(products.length).toBeGreaterThanOrEqual(12);
    for (const product of products) {
      expect(product.id).toMatch(GID('Product'));
      expect(product.title.length).toBeGreaterThan(0);
      expect(product.description.length).toBeGreaterThan(0);
      expect(product.handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(product.priceRange.minVariantPrice).toEqual({ amount: expect.stringMatching(DECIMAL), currencyCode: 'USD' });
      expect(product.variants.length).toBeGreaterThan(0);
      expect(product.variants.length).toBeLessThanOrEqual(10);
      for (const variant of product.variants) {
        expect(variant.id).toMatch(GID('ProductVariant'));
        expect(variant.price.amount).toMatch(DECIMAL);
        expect(typeof variant.availableForSale).toBe('boolean');
        expect(variant.selectedOptions.map((o) => o.name)).toEqual(product.options.map((o) => o.name));
        expect(variant.title).toBe(variant.selectedOptions.map((o) => o.value).join(' / '));
      }
      expect(product.options[0]).toEqual({ name: 'Size', values: ['S', 'M', 'L', 'XL', '2XL'] });
      const min = Math.min(...product.variants.map((v) => Number(v.price.amount)));
      expect(Number(product.priceRange.minVariantPrice.amount)).toBe(min);
    }
    const withImage = products.filter((p) => p.images.length > 0);
    expect(withImage.length).toBeGreaterThan(0);
    for (const image of withImage.flatMap((p) => p.images)) {
      expect(image.url.startsWith(`${shop.publicUrl}/cdn/shop/files/`)).toBe(true);
      expect(image.altText).toEqual(expect.any(String));
    }
  });

  it('serves the same data over raw HTTP as JSON with pageInfo', async () => {
    const response = await postGraphql(shop.graphqlUrl, { query: PRODUCTS_QUERY, variables: { first: 5 } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const data = response.json.data as {
      products: { edges: { node: { id: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
    };
    expect(response.json.errors).toBeUndefined();
    expect(data.products.edges.map((e) => e.node.id)).toEqual(products.slice(0, 5).map((p) => p.id));
    expect(data.products.pageInfo.hasNextPage).toBe(true);
    expect(typeof data.products.pageInfo.endCursor).toBe('string');
  });

  it('prints money the way Shopify does: a decimal string with no trailing zero but one decimal', async () => {
    const amounts = products.flatMap((p) => p.variants.map((v) => v.price.amount));
    for (const amount of amounts) expect(amount).toMatch(/^\d+\.(\d?[1-9]|0)$/);
  });

  it('runs every GraphQL document the project sends without errors', async () => {
    const product = products[0]!;
    const variables: Record<string, Record<string, unknown>> = {
      Products: { first: 3, after: null },
      ProductByHandle: { handle: product.handle },
      ProductAvailability: { handle: product.handle },
      CartCreate: { input: { lines: [{ merchandiseId: product.variants[0]!.id, quantity: 1 }] } },
      Cart: { id: 'gid://shopify/Cart/c1-00000000000000000000000000000000?key=none' },
      PredictiveSearch: { query: 'prompt', limit: 6 },
      Search: { query: 'prompt', first: 10 },
      Collections: { first: 20 },
      CollectionProductIds: { handle: 'office-humor', first: 20, sortKey: 'PRICE', reverse: false },
      ProductRecommendations: { p0: product.id, p1: products[1]!.id },
      Menu: { handle: 'main-menu' },
      Pages: { first: 10 },
    };
    for (const [name, query] of Object.entries(STOREFRONT_DOCUMENTS)) {
      const response = await postGraphql(shop.graphqlUrl, { query, variables: variables[name] ?? {}, operationName: name });
      expect({ name, errors: response.json.errors }).toEqual({ name, errors: undefined });
      expect(response.json.data).toBeTruthy();
    }
  });

  it('implements the cheap neighbours: nodes, featuredImage sizes, vendor, tags, option ids, shop name', async () => {
    const response = await postGraphql(shop.graphqlUrl, {
      query: `{
        shop { name }
        products(first: 1) {
          nodes {
            vendor productType tags availableForSale descriptionHtml
            featuredImage { id url(transform: { maxWidth: 300 }) width height }
            options { id name optionValues { id name } }
            variants(first: 1) { nodes { sku product { handle } } }
          }
        }
      }`,
    });
    expect(response.json.errors).toBeUndefined();
    const data = response.json.data as {
      shop: { name: string };
      products: {
        nodes: {
          vendor: string;
          productType: string;
          tags: string[];
          featuredImage: { id: string; url: string; width: number; height: number };
          options: { id: string }[];
          variants: { nodes: { product: { handle: string } }[] };
        }[];
      };
    };
    const node = data.products.nodes[0]!;
    expect(data.shop.name).toBe('Neural Threads');
    expect(node.vendor).toBe('Neural Threads');
    expect(node.productType).toBe('T-Shirt');
    expect(node.tags.length).toBeGreaterThan(0);
    expect(node.featuredImage.id).toMatch(GID('ProductImage'));
    expect(new URL(node.featuredImage.url).searchParams.get('width')).toBe('300');
    expect(node.featuredImage.width).toBe(1200);
    expect(node.featuredImage.height).toBe(1200);
    expect(node.variants.nodes[0]!.product.handle).toBe(products[0]!.handle);
  });
});

describe('product by handle', () => {
  it('finds a product by handle and by id, and answers null for unknown ones', async () => {
    const wanted = products[3]!;
    const found = await client.productByHandle(wanted.handle);
    expect(found).toEqual(wanted);
    expect(await client.productByHandle('no-such-shirt')).toBeNull();
    const byId = await postGraphql(shop.graphqlUrl, {
      query: 'query($id: ID!) { product(id: $id) { handle } }',
      variables: { id: wanted.id },
    });
    expect(byId.json.data).toEqual({ product: { handle: wanted.handle } });
    const unknown = await postGraphql(shop.graphqlUrl, {
      query: '{ a: product(id: "gid://shopify/Product/999999") { id } b: product(id: "not-a-gid") { id } }',
    });
    expect(unknown.json).toEqual({ data: { a: null, b: null } });
  });
});

describe('carts and the checkout page', () => {
  it('creates a cart, reads it back, and its checkout page lists the lines and the total', async () => {
    const colored = variantWhere((v, p) => v.availableForSale && p.options.length === 2);
    const plain = variantWhere((v, p) => v.availableForSale && p.options.length === 1 && p.id !== colored.product.id);
    const cart = await client.cartCreate([
      { merchandiseId: colored.variant.id, quantity: 2 },
      { merchandiseId: plain.variant.id, quantity: 1 },
    ]);
    expect(cart.id).toMatch(/^gid:\/\/shopify\/Cart\/c1-[0-9a-f]{32}\?key=[0-9a-f]{32}$/);
    expect(cart.totalQuantity).toBe(3);
    const expectedTotal = 2 * Number(colored.variant.price.amount) + Number(plain.variant.price.amount);
    expect(Number(cart.cost.totalAmount.amount)).toBeCloseTo(expectedTotal, 2);
    expect(cart.cost.totalAmount.currencyCode).toBe('USD');
    expect(cart.lines.map((l) => [l.merchandise.id, l.quantity, l.merchandise.product.handle])).toEqual([
      [colored.variant.id, 2, colored.product.handle],
      [plain.variant.id, 1, plain.product.handle],
    ]);
    const url = new URL(cart.checkoutUrl);
    expect(url.origin).toBe(shop.publicUrl);
    expect(url.searchParams.get('channel')).toBe('online_store');

    const again = await client.cart(cart.id);
    expect(again?.totalQuantity).toBe(3);

    const page = await fetch(cart.checkoutUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(page.headers.get('content-security-policy')).not.toMatch(/script-src|unsafe-inline/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await page.text();
    expect(html).toMatch(/TEST CHECKOUT/);
    expect(html).toMatch(/no payment is taken/);
    const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');
    expect(html).toContain(escapeAttribute(colored.product.title));
    expect(html).toContain(escapeAttribute(plain.product.title));
    for (const option of colored.variant.selectedOptions) expect(html).toContain(`${option.name}: ${escapeAttribute(option.value)}`);
    expect(html).toContain(`USD $${Number(colored.variant.price.amount).toFixed(2)}`);
    expect(html).toContain(`USD $${(2 * Number(colored.variant.price.amount)).toFixed(2)}`);
    expect(html).toMatch(new RegExp(`Total</td><td class="num">USD \\$${expectedTotal.toFixed(2).replace('.', '\\.')}<`));
    expect(html).toMatch(/<td class="num">2<\/td>/);
  });

  it('refuses the checkout page for a wrong key or an unknown cart with a 404 page', async () => {
    const { variant } = variantWhere((v) => v.availableForSale);
    const cart = await client.cartCreate([{ merchandiseId: variant.id, quantity: 1 }]);
    const url = new URL(cart.checkoutUrl);
    url.searchParams.set('key', '0'.repeat(32));
    const wrongKey = await fetch(url);
    expect(wrongKey.status).toBe(404);
    expect(await wrongKey.text()).toMatch(/Cart not found/);
    const unknown = await fetch(`${shop.origin}/cart/c/c1-${'a'.repeat(32)}?key=x`);
    expect(unknown.status).toBe(404);
    expect(await client.cart(cart.id.replace(/key=\w+/, 'key=wrong'))).toBeNull();
  });

  it('answers userErrors and no cart for unknown and malformed variants and bad quantities; a sold-out one is kept at 0 with a warning', async () => {
    const soldOut = variantWhere((v) => !v.availableForSale);
    const available = variantWhere((v) => v.availableForSale);
    const cases: [unknown[], RegExp][] = [
      [
        [{ merchandiseId: 'gid://shopify/ProductVariant/987654', quantity: 1 }],
        /^The merchandise with id gid:\/\/shopify\/ProductVariant\/987654 does not exist\.$/,
      ],
      [[{ merchandiseId: 'not-a-variant', quantity: 1 }], /^The merchandise with id not-a-variant does not exist\.$/],
      [[{ merchandiseId: available.variant.id, quantity: 0 }], /quantity must be at least 1/],
    ];
    for (const [lines, message] of cases) {
      const response = await postGraphql(shop.graphqlUrl, { query: CART_CREATE_MUTATION, variables: { input: { lines } } });
      const payload = (response.json.data as { cartCreate: { cart: unknown; userErrors: { field: string[]; message: string }[] } })
        .cartCreate;
      expect(payload.cart).toBeNull();
      expect(payload.userErrors).toHaveLength(1);
      expect(payload.userErrors[0]!.message).toMatch(message);
      expect(payload.userErrors[0]!.field.slice(0, 3)).toEqual(['input', 'lines', '0']);
    }
    // Since API version 2024-10 stock is no user error: the line stays at quantity 0, with a warning.
    const kept = await client.cartCreate([
      { merchandiseId: available.variant.id, quantity: 1 },
      { merchandiseId: soldOut.variant.id, quantity: 1 },
    ]);
    expect(kept.lines.map((line) => [line.merchandise.id, line.quantity])).toEqual([
      [available.variant.id, 1],
      [soldOut.variant.id, 0],
    ]);
    expect(kept.totalQuantity).toBe(1);
    expect(kept.warnings).toEqual([
      {
        code: 'MERCHANDISE_OUT_OF_STOCK',
        message: `The product '${soldOut.product.title}' is already sold out.`,
        target: kept.lines[1]!.id,
      },
    ]);
  });

  it('merges repeated lines for the same variant, as Shopify does', async () => {
    const { variant } = variantWhere((v) => v.availableForSale);
    const cart = await client.cartCreate([
      { merchandiseId: variant.id, quantity: 1 },
      { merchandiseId: variant.id, quantity: 2 },
    ]);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]!.quantity).toBe(3);
  });
});

describe('documents Shopify would reject, and fields the shop does not implement', () => {
  it('rejects a misspelled field with an errors array and no data', async () => {
    const response = await postGraphql(shop.graphqlUrl, { query: '{ products(first: 1) { nodes { titel } } }' });
    expect(response.status).toBe(200);
    expect(response.json.data).toBeUndefined();
    expect(response.json.errors?.[0]?.message).toMatch(/Cannot query field "titel" on type "Product"/);
    expect(response.json.errors?.[0]).toHaveProperty('locations', [{ line: 1, column: 32 }]);
  });

  it('rejects syntax errors, wrong argument types and unknown operations', async () => {
    const syntax = await postGraphql(shop.graphqlUrl, { query: '{ products(first: 1) { nodes { id } }' });
    expect(syntax.json.errors?.[0]?.message).toMatch(/Syntax Error/);
    const wrongType = await postGraphql(shop.graphqlUrl, { query: '{ products(first: "ten") { nodes { id } } }' });
    expect(wrongType.json.errors?.[0]?.message).toMatch(/Int/);
    const subscription = await postGraphql(shop.graphqlUrl, { query: 'subscription { products }' });
    expect(subscription.json.errors?.length).toBeGreaterThan(0);
  });

  it('names a valid Shopify field, argument or directive that the shop does not implement', async () => {
    const field = await postGraphql(shop.graphqlUrl, {
      query: '{ products(first: 1) { nodes { id variants(first: 1) { nodes { storeAvailability(first: 1) { nodes { available } } } } } } }',
    });
    expect(field.json.errors?.[0]?.message).toBe("Field 'ProductVariant.storeAvailability' is not implemented by the embedded shop");
    expect(field.json.errors?.[0]?.extensions?.code).toBe('NOT_IMPLEMENTED');
    expect(field.json.data).toBeUndefined();
    const argument = await postGraphql(shop.graphqlUrl, {
      query: '{ products(first: 1) { nodes { images(first: 1, sortKey: POSITION) { nodes { url } } } } }',
    });
    expect(argument.json.errors?.[0]?.message).toBe("Argument 'sortKey' on Field 'Product.images' is not implemented by the embedded shop");
    const mutation = await postGraphql(shop.graphqlUrl, {
      query: 'mutation { customerCreate(input: {email: "a@example.com", password: "secret12"}) { customer { id } } }',
    });
    expect(mutation.json.errors?.[0]?.message).toBe("Field 'Mutation.customerCreate' is not implemented by the embedded shop");
    const onInterface = await postGraphql(shop.graphqlUrl, {
      query: '{ cart(id: "x") { lines(first: 1) { nodes { id estimatedCost { totalAmount { amount } } } } } }',
    });
    expect(onInterface.json.errors?.[0]?.message).toMatch(/^Field 'CartLine\.estimatedCost' is not implemented/);
    const directive = await postGraphql(shop.graphqlUrl, {
      query: '{ products(first: 1) { nodes { id images(first: 2) @stream { nodes { url } } } } }',
    });
    expect(directive.json.errors?.map((e) => e.message)).toContain("Directive '@stream' is not implemented by the embedded shop");
  });

  it('refuses first over 250 and a missing first/last the way Shopify does', async () => {
    const tooMany = await postGraphql(shop.graphqlUrl, { query: PRODUCTS_QUERY, variables: { first: 251 } });
    expect(tooMany.json.data).toBeNull();
    expect(tooMany.json.errors?.[0]?.message).toMatch(/'first'.*250.*251/);
    expect(tooMany.json.errors?.[0]?.path).toEqual(['products']);
    const missing = await postGraphql(shop.graphqlUrl, { query: '{ products { nodes { id } } }' });
    expect(missing.json.errors?.[0]?.message).toBe('you must provide one of first or last');
    const nested = await postGraphql(shop.graphqlUrl, { query: '{ products(first: 1) { nodes { images { nodes { url } } } } }' });
    expect(nested.json.errors?.[0]?.message).toBe('you must provide one of first or last');
  });
});

describe('HTTP envelope and limits', () => {
  it('answers malformed JSON, a missing query and batches with 400 and a JSON error', async () => {
    for (const body of ['{"query": ', '[]', '{"variables": {}}', '{"query": "{ shop { name } }", "variables": [1]}']) {
      const response = await fetch(shop.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(response.status).toBe(400);
      const json = (await response.json()) as { errors: { message: string }[] };
      expect(json.errors[0]!.message.length).toBeGreaterThan(10);
    }
  });

  it('accepts application/graphql bodies', async () => {
    const response = await fetch(shop.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/graphql' },
      body: '{ shop { name } }',
    });
    expect(await response.json()).toEqual({ data: { shop: { name: 'Neural Threads' } } });
  });

  it('refuses a body over 1 MB with 413', async () => {
    const body = JSON.stringify({ query: '{ shop { name } }', variables: { padding: 'x'.repeat(1024 * 1024 + 10) } });
    const response = await fetch(shop.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/larger than 1048576 bytes/);
    // A declared length far past the limit is refused before any of the body is read.
    const declared = await rawRequest(shop.origin, '/api/2025-07/graphql.json', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(64 * 1024 * 1024) },
    });
    expect(declared.status).toBe(413);
  });

  it('refuses documents over 100 KB, too deep, or too costly, with clear errors', async () => {
    const big = await postGraphql(shop.graphqlUrl, { query: `{ shop { name } } # ${'x'.repeat(101 * 1024)}` });
    expect(big.json.errors?.[0]?.message).toMatch(/larger than 100 KB/);

    let deep = 'id';
    for (let i = 0; i < 8; i++) deep = `variants(first: 1) { nodes { product { ${deep} } } }`;
    const tooDeep = await postGraphql(shop.graphqlUrl, { query: `{ products(first: 1) { nodes { ${deep} } } }` });
    expect(tooDeep.json.errors?.[0]?.message).toMatch(/selection depth of \d+, which exceeds the limit of 15/);
    expect(tooDeep.json.errors?.[0]?.extensions?.code).toBe('MAX_DEPTH_EXCEEDED');

    // 250 products × 250 collections × 250 products: a nest no storefront sends.
    const nest = '{ products(first: 250) { nodes { collections(first: 250) { nodes { products(first: 250) { nodes { id } } } } } } }';
    const costly = await postGraphql(shop.graphqlUrl, { query: nest });
    expect(costly.json.errors?.[0]?.message).toMatch(/cost of \d+, which exceeds the limit of 2000000/);

    // A fragment "bomb": each fragment spreads the previous one twice; measuring it must stay linear.
    const fragments = ['fragment F0 on Product { id title }'];
    for (let i = 1; i <= 30; i++) fragments.push(`fragment F${i} on Product { ...F${i - 1} ...F${i - 1} }`);
    const bomb = await postGraphql(shop.graphqlUrl, { query: `{ products(first: 1) { nodes { ...F30 } } } ${fragments.join(' ')}` });
    expect(bomb.json.errors?.[0]?.message).toMatch(/cost of/);
  });

  it('answers other methods on the API with 405', async () => {
    const response = await fetch(shop.graphqlUrl);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
  });
});

describe('CORS', () => {
  it('answers the preflight from any origin and marks responses readable cross-origin', async () => {
    const preflight = await fetch(shop.graphqlUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-shopify-storefront-access-token',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/\bPOST\b/);
    const allowed = preflight.headers.get('access-control-allow-headers')!.toLowerCase();
    expect(allowed).toContain('content-type');
    expect(allowed).toContain('x-shopify-storefront-access-token');
    expect(Number(preflight.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    const post = await postGraphql(shop.graphqlUrl, { query: '{ shop { name } }' }, { origin: 'https://shop.example' });
    expect(post.headers.get('access-control-allow-origin')).toBe('*');
    const invalid = await postGraphql(shop.graphqlUrl, '{', { origin: 'https://shop.example' });
    expect(invalid.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('images', () => {
  let imageUrl: URL;
  beforeAll(() => {
    imageUrl = new URL(products.find((p) => p.images.length)!.images[0]!.url);
  });

  it('serves product images with the right type and immutable caching', async () => {
    const response = await fetch(imageUrl, { headers: { accept: 'image/png' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('vary')).toMatch(/Accept/);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([1200, 1200]);
  });

  it('resizes to ?width (and caches the copy), never enlarges, and serves WebP when asked', async () => {
    const small = new URL(imageUrl);
    small.searchParams.set('width', '300');
    for (let i = 0; i < 2; i++) {
      const response = await fetch(small, { headers: { accept: 'image/png' } });
      expect(response.status).toBe(200);
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(300);
    }
    const huge = new URL(imageUrl);
    huge.searchParams.set('width', '99999');
    expect((await sharp(Buffer.from(await (await fetch(huge)).arrayBuffer())).metadata()).width).toBe(1200);

    const webp = await fetch(small, { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    const webpMeta = await sharp(Buffer.from(await webp.arrayBuffer())).metadata();
    expect([webpMeta.format, webpMeta.width]).toEqual(['webp', 300]);

    const byParam = new URL(imageUrl);
    byParam.searchParams.set('format', 'webp');
    byParam.searchParams.set('height', '200');
    const param = await fetch(byParam, { headers: { accept: 'image/png' } });
    const paramMeta = await sharp(Buffer.from(await param.arrayBuffer())).metadata();
    expect([paramMeta.format, paramMeta.height]).toEqual(['webp', 200]);
  });

  it('serves only exact known names: traversal and unknown files get 404', async () => {
    const name = imageUrl.pathname.split('/').pop()!;
    const attempts = [
      '/cdn/shop/files/../../shop/shop.sqlite',
      '/cdn/shop/files/..%2f..%2fshop%2fshop.sqlite',
      '/cdn/shop/files/%2e%2e/%2e%2e/shop/shop.sqlite',
      '/cdn/shop/files/%2e%2e%2fshop.sqlite',
      `/cdn/shop/files/resized%2f${name}`,
      `/cdn/shop/files/${name.toUpperCase()}`,
      `/cdn/shop/files/${name}/`,
      `/cdn/shop/files/${'0'.repeat(64)}.png`,
      '/cdn/shop/files/',
      `/cdn/shop/files/%2F${name}`,
    ];
    for (const attempt of attempts) {
      const response = await rawRequest(shop.origin, attempt);
      expect({ attempt, status: response.status }).toEqual({ attempt, status: 404 });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await rawRequest(shop.origin, `/cdn/shop/files/${name}`)).status).toBe(200);
  });
});

describe('pages', () => {
  it('says what the server is at /, answers 404 elsewhere, with nosniff and a strict CSP', async () => {
    const home = await fetch(`${shop.origin}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    expect(home.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(await home.text()).toContain(shop.graphqlUrl);
    const missing = await fetch(`${shop.origin}/admin`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(`${shop.origin}/`, { method: 'DELETE' })).status).toBe(405);
  });
});

describe('access token', () => {
  let guarded: TestShop;
  beforeAll(async () => {
    guarded = await startTestShop({ token: 'shpat-local-test-token' });
    await guarded.store.createProduct({ title: 'Guarded Tee', price: '21.50', image: { bytes: await plainPng(100, 100) } });
  });
  afterAll(() => guarded?.stop());

  it('answers 401 without the exact token and 200 with it; images and checkout pages stay public', async () => {
    const query = { query: '{ products(first: 1) { nodes { featuredImage { url } variants(first: 1) { nodes { id } } } } }' };
    const missing = await postGraphql(guarded.graphqlUrl, query);
    expect(missing.status).toBe(401);
    expect(missing.json.errors?.[0]?.message).toMatch(/X-Shopify-Storefront-Access-Token/);
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
    for (const wrong of ['shpat-local-test-toke', 'shpat-local-test-tokenx', 'SHPAT-LOCAL-TEST-TOKEN', '']) {
      expect((await postGraphql(guarded.graphqlUrl, query, { 'X-Shopify-Storefront-Access-Token': wrong })).status).toBe(401);
    }
    const ok = await postGraphql(guarded.graphqlUrl, query, { 'X-Shopify-Storefront-Access-Token': 'shpat-local-test-token' });
    expect(ok.status).toBe(200);
    const node = (ok.json.data as { products: { nodes: { featuredImage: { url: string }; variants: { nodes: { id: string }[] } }[] } })
      .products.nodes[0]!;
    expect((await fetch(node.featuredImage.url)).status).toBe(200);

    const client = createStorefrontClient({ graphqlUrl: guarded.graphqlUrl, token: 'shpat-local-test-token' }, { retries: 0 });
    const cart = await client.cartCreate([{ merchandiseId: node.variants.nodes[0]!.id, quantity: 1 }]);
    await client.close();
    expect((await fetch(cart.checkoutUrl)).status).toBe(200);
    const preflight = await fetch(guarded.graphqlUrl, {
      method: 'OPTIONS',
      headers: { origin: 'https://x.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);

    const unguarded = createStorefrontClient({ graphqlUrl: guarded.graphqlUrl, token: '' }, { retries: 0 });
    await expect(unguarded.listProducts(1)).rejects.toThrow('HTTP error! status: 401');
    await unguarded.close();
  });
});

describe('untrusted product text', () => {
  it('shows titles with markup, ampersands, quotes, emoji and RTL marks as text on the checkout page', async () => {
    const title = '<script>alert("x")</script> & \'Quotes\' 🤖 \u202Eevil\u202C <img src=x onerror=alert(1)>';
    const created = await shop.store.createProduct({ title, price: '19.99' });
    const cart = await client.cartCreate([{ merchandiseId: created.variantIds[0]!, quantity: 1 }]);
    const html = await (await fetch(cart.checkoutUrl)).text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Quotes&#39; 🤖 \u202Eevil\u202C &lt;img src=x onerror=alert(1)&gt;',
    );
    const product = await client.productByHandle(created.handle);
    expect(product?.title).toBe(title);
  });
});
