import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdminClient } from '../../shared/generator/providers/shopify-admin/admin-client.ts';
import { PRODUCT_CREATE } from '../../shared/generator/providers/shopify-admin/documents.ts';
import { createShopifyAdminPublisher } from '../../shared/generator/providers/shopify-admin/publisher.ts';
import type { PublishRequestBody } from '../../shared/generator/browser.ts';
import {
  EXPECTED_THROTTLE_WAIT_MS,
  STAGED_PARAMETERS,
  startShopifyAdminServer,
  type ShopifyAdminServer,
  type ShopifyAdminServerOptions,
} from '../support/shopify-admin-server.ts';

const TOKEN = 'shpat_test_0123456789abcdef';

let png: Buffer;
let tmp: string;
beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 77, channels: 4, background: { r: 240, g: 85, b: 24, alpha: 1 } } })
    .png()
    .toBuffer();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'publish-'));
});
afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

let servers: ShopifyAdminServer[] = [];
async function shop(options: Partial<ShopifyAdminServerOptions> = {}) {
  const s = await startShopifyAdminServer({ token: TOKEN, images: { 'design.png': { body: png } }, ...options });
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

function publisher(s: ShopifyAdminServer, token = TOKEN) {
  const waits: number[] = [];
  const p = createShopifyAdminPublisher({
    domain: s.origin,
    token,
    timeoutMs: 5_000,
    // Record the throttle waits instead of sleeping through them.
    wait: async (ms) => {
      waits.push(ms);
    },
  });
  return { publisher: p, waits };
}

const product = (patch: Partial<PublishRequestBody> = {}): PublishRequestBody => ({
  name: 'Chief Cats Officer',
  description: 'A tee for <script>alert("cats")</script> & friends.\n\nSecond paragraph',
  price: 24.99,
  category: 'AI Humor',
  imageUrl: '',
  keywords: ['cats', 'ai humor', 'cats'],
  ...patch,
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error,
  );

describe('Shopify Admin publisher (loopback Admin API)', () => {
  it('with a publish key: created as DRAFT under the key as handle, then variants, then ACTIVE, then the Online Store', async () => {
    const s = await shop();
    const { publisher: p } = publisher(s);
    const result = await p.publish(product({ imageUrl: s.imageUrl('design.png'), publishKey: 'chief-cats-officer-0a1b2c3d4e5f' }));
    await p.close();
    expect(result).toEqual({ productId: 'gid://shopify/Product/1001', handle: 'chief-cats-officer-0a1b2c3d4e5f' });
    expect(s.calls.map((c) => c.operation)).toEqual([
      'productByIdentifier',
      'stagedUploadsCreate',
      'productCreate',
      'productVariantsBulkCreate',
      // Its category's collection, before it goes live: none yet, so a smart one is made and published.
      'collectionByIdentifier',
      'collectionCreate',
      'publications',
      'publishablePublish',
      'productUpdate',
      'publishablePublish',
    ]);
    expect(s.products).toEqual([
      {
        id: 'gid://shopify/Product/1001',
        handle: 'chief-cats-officer-0a1b2c3d4e5f',
        title: 'Chief Cats Officer',
        productType: 'AI Humor',
        status: 'ACTIVE',
        variants: 5,
        media: 2,
        publications: ['gid://shopify/Publication/12'],
        metafields: {},
      },
    ]);
  });

  it.each(['productCreate', 'productVariantsBulkCreate', 'publishablePublish'] as const)(
    'a retry after the store did %s but the answer was lost finds the product by its key: one product, finished',
    async (lost) => {
      const s = await shop({ loseAnswerOnce: [lost] });
      const { publisher: p } = publisher(s);
      const body = product({ imageUrl: s.imageUrl('design.png'), publishKey: 'chief-cats-officer-feedfacecafe' });
      const first = await p.publish(body).then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      if (lost === 'publishablePublish') {
        // Publishing is idempotent: the client asked again by itself.
        expect(first).toBeUndefined();
      } else {
        expect(first?.message).toContain(lost);
        // The product exists but nobody sees it until it is whole.
        expect(s.products.map((x) => x.status)).toEqual(['DRAFT']);
      }
      const again = await p.publish(body);
      await p.close();
      expect(again).toEqual({ productId: 'gid://shopify/Product/1001', handle: 'chief-cats-officer-feedfacecafe' });
      expect(s.products).toHaveLength(1);
      expect(s.products[0]).toMatchObject({ status: 'ACTIVE', variants: 5, publications: ['gid://shopify/Publication/12'] });
      // The retry did not upload or create again.
      expect(s.calls.filter((c) => c.operation === 'productCreate')).toHaveLength(1);
    },
  );

  it('removes the product made under a publish key; a lost productDelete answer is not sent again, and the next removal finds nothing', async () => {
    const s = await shop({ loseAnswerOnce: ['productCreate', 'productDelete'] });
    const { publisher: p } = publisher(s);
    const key = 'chief-cats-officer-0badc0ffee00';
    // The publish made the draft, then lost the answer: the store holds the product under the key.
    expect((await failure(p.publish(product({ imageUrl: s.imageUrl('design.png'), publishKey: key })))).message).toContain('productCreate');
    expect(s.products.map((x) => [x.handle, x.status])).toEqual([[key, 'DRAFT']]);
    // The store deletes it, but the answer never comes back: the removal fails, naming the step, without asking twice.
    const lost = await failure(p.remove(key));
    expect(lost.message).toMatch(/^Shopify productDelete failed: /);
    expect(s.products).toEqual([]);
    expect(s.calls.filter((c) => c.operation === 'productDelete')).toHaveLength(1);
    // Asked again, the store holds nothing under the key: nothing to delete.
    expect(await p.remove(key)).toBeUndefined();
    expect(s.calls.filter((c) => c.operation === 'productDelete')).toHaveLength(1);
    await p.close();
  });

  it('uploads, creates the product with sizes and prices, publishes to the Online Store, and waits out a THROTTLED answer', async () => {
    const s = await shop({ throttleOnce: ['productCreate'] });
    const { publisher: p, waits } = publisher(s);
    const result = await p.publish(product({ imageUrl: s.imageUrl('design.png') }));
    await p.close();

    expect(result).toEqual({ productId: 'gid://shopify/Product/1001', handle: 'chief-cats-officer' });
    expect(s.calls.map((c) => `${c.operation}${c.throttled ? ' (throttled)' : ''}`)).toEqual([
      'stagedUploadsCreate',
      'productCreate (throttled)',
      'productCreate',
      'productVariantsBulkCreate',
      'collectionByIdentifier',
      'collectionCreate',
      'publications',
      'publishablePublish',
      'productUpdate',
      'publishablePublish',
    ]);
    // The wait is what the bucket needs: (requested 52 − available 2) / restore 50 per second.
    expect(waits).toEqual([EXPECTED_THROTTLE_WAIT_MS]);
    for (const call of s.calls) expect(call.headers['x-shopify-access-token']).toBe(TOKEN);

    // Two images: the t-shirt photo for the storefront, then the design itself.
    const staged = s.calls[0]!.variables as { input: Array<Record<string, string>> };
    expect(staged.input.map((i) => [i.resource, i.filename, i.mimeType, i.httpMethod])).toEqual([
      ['IMAGE', 'chief-cats-officer.png', 'image/png', 'POST'],
      ['IMAGE', 'chief-cats-officer-design.png', 'image/png', 'POST'],
    ]);
    expect(staged.input[1]!.fileSize).toBe(String(png.length));

    expect(s.uploads).toHaveLength(2);
    for (const upload of s.uploads) {
      expect(upload.order).toEqual([...STAGED_PARAMETERS.map((p) => p.name), 'file']);
      for (const { name, value } of STAGED_PARAMETERS) expect(upload.fields[name]).toBe(value);
      expect(upload.file?.type).toBe('image/png');
      expect(upload.headers['x-shopify-access-token']).toBeUndefined();
    }
    const photo = await sharp(s.uploads[0]!.file!.bytes).metadata();
    expect([photo.format, photo.width, photo.height]).toEqual(['png', 1200, 1200]);
    expect(String(s.uploads[0]!.file!.bytes.length)).toBe(staged.input[0]!.fileSize);
    expect(s.uploads[1]!.file?.bytes.equals(png)).toBe(true);

    const create = s.calls[2]!.variables as { product: Record<string, unknown>; media: unknown[] };
    expect(create.product).toEqual({
      title: 'Chief Cats Officer',
      descriptionHtml: '<p>A tee for &lt;script&gt;alert(&quot;cats&quot;)&lt;/script&gt; &amp; friends.</p><p>Second paragraph</p>',
      productType: 'AI Humor',
      vendor: 'Neural Threads',
      tags: ['cats', 'ai humor'],
      // Unpublished until its variants are in; productUpdate makes it ACTIVE after them.
      status: 'DRAFT',
      productOptions: [{ name: 'Size', values: [{ name: 'S' }, { name: 'M' }, { name: 'L' }, { name: 'XL' }, { name: '2XL' }] }],
    });
    expect(create.media).toEqual([
      { originalSource: `${s.origin}/staged/7777/chief-cats-officer.png`, mediaContentType: 'IMAGE', alt: 'Chief Cats Officer t-shirt' },
      {
        originalSource: `${s.origin}/staged/7778/chief-cats-officer-design.png`,
        mediaContentType: 'IMAGE',
        alt: 'Chief Cats Officer design',
      },
    ]);

    const variants = s.calls[3]!.variables as {
      productId: string;
      strategy: string;
      variants: Array<{ optionValues: unknown; price: string }>;
    };
    expect(variants.productId).toBe('gid://shopify/Product/1001');
    expect(variants.strategy).toBe('REMOVE_STANDALONE_VARIANT');
    expect(variants.variants.map((v) => [v.optionValues, v.price])).toEqual([
      [[{ optionName: 'Size', name: 'S' }], '24.99'],
      [[{ optionName: 'Size', name: 'M' }], '24.99'],
      [[{ optionName: 'Size', name: 'L' }], '24.99'],
      [[{ optionName: 'Size', name: 'XL' }], '24.99'],
      [[{ optionName: 'Size', name: '2XL' }], '26.99'],
    ]);

    expect(s.calls[8]!.variables).toEqual({ product: { id: 'gid://shopify/Product/1001', status: 'ACTIVE' } });
    expect(s.calls[9]!.variables).toEqual({ id: 'gid://shopify/Product/1001', input: [{ publicationId: 'gid://shopify/Publication/12' }] });
  });

  it('looks the Online Store publication up once per publisher', async () => {
    const s = await shop();
    const { publisher: p } = publisher(s);
    const first = await p.publish(product({ imageUrl: s.imageUrl('design.png') }));
    const second = await p.publish(product({ name: 'Second Shirt', imageUrl: s.imageUrl('design.png') }));
    await p.close();
    expect([first.productId, second.productId]).toEqual(['gid://shopify/Product/1001', 'gid://shopify/Product/1002']);
    expect(s.calls.filter((c) => c.operation === 'publications')).toHaveLength(1);
    // Two products and the category's collection, made once.
    expect(s.calls.filter((c) => c.operation === 'publishablePublish')).toHaveLength(3);
    expect(s.calls.filter((c) => c.operation === 'collectionCreate')).toHaveLength(1);
  });

  describe("the category's collection", () => {
    it('is made when the store has none: a smart collection of the product type, on the Online Store, holding the product', async () => {
      const s = await shop();
      const { publisher: p } = publisher(s);
      const { productId } = await p.publish(product({ imageUrl: s.imageUrl('design.png'), category: 'Office Humor' }));
      await p.close();
      expect(s.collections).toEqual([
        {
          id: 'gid://shopify/Collection/4001',
          handle: 'office-humor',
          title: 'Office Humor',
          productTypeRule: 'Office Humor',
          productIds: [],
          publications: ['gid://shopify/Publication/12'],
        },
      ]);
      expect(s.inCollection(s.collections[0]!, productId)).toBe(true);
      const create = s.calls.find((c) => c.operation === 'collectionCreate')!.variables as { input: Record<string, unknown> };
      expect(create.input).toMatchObject({
        title: 'Office Humor',
        handle: 'office-humor',
        ruleSet: { appliedDisjunctively: false, rules: [{ column: 'TYPE', relation: 'EQUALS', condition: 'Office Humor' }] },
      });
    });

    it('two products of a new category published at once make one collection', async () => {
      const s = await shop();
      const { publisher: p } = publisher(s);
      const [a, b] = await Promise.all([
        p.publish(product({ imageUrl: s.imageUrl('design.png') })),
        p.publish(product({ name: 'Second Shirt', imageUrl: s.imageUrl('design.png') })),
      ]);
      await p.close();
      expect(s.calls.filter((c) => c.operation === 'collectionCreate')).toHaveLength(1);
      expect(s.collections).toHaveLength(1);
      expect([s.inCollection(s.collections[0]!, a.productId), s.inCollection(s.collections[0]!, b.productId)]).toEqual([true, true]);
    });

    it('an existing smart collection is used as it is: nothing made, nothing added', async () => {
      const existing = {
        id: 'gid://shopify/Collection/7',
        handle: 'ai-humor',
        title: 'AI Humor',
        productTypeRule: 'AI Humor',
        productIds: [],
        publications: [],
      };
      const s = await shop({ collections: [existing] });
      const { publisher: p } = publisher(s);
      const { productId } = await p.publish(product({ imageUrl: s.imageUrl('design.png') }));
      await p.close();
      expect(s.calls.map((c) => c.operation).filter((o) => o.startsWith('collection'))).toEqual(['collectionByIdentifier']);
      expect(s.collections).toHaveLength(1);
      expect(s.inCollection(s.collections[0]!, productId)).toBe(true);
    });

    it('a collection the merchant made by hand under that handle gets the product added, once even when published again', async () => {
      const handMade = {
        id: 'gid://shopify/Collection/8',
        handle: 'ai-humor',
        title: 'AI Humor',
        productTypeRule: null,
        productIds: [],
        publications: [],
      };
      const s = await shop({ collections: [handMade] });
      const { publisher: p } = publisher(s);
      const body = product({ imageUrl: s.imageUrl('design.png'), publishKey: 'chief-cats-officer-00aa11bb22cc' });
      const { productId } = await p.publish(body);
      await p.publish(body);
      await p.close();
      expect(s.collections[0]!.productIds).toEqual([productId]);
      expect(s.calls.filter((c) => c.operation === 'collectionAddProducts')).toHaveLength(1);
      expect(s.calls.filter((c) => c.operation === 'collectionCreate')).toHaveLength(0);
    });

    it('made by another process a moment before: the refused collectionCreate is followed by the lookup, and the product lands', async () => {
      const other = {
        id: 'gid://shopify/Collection/9',
        handle: 'ai-humor',
        title: 'AI Humor',
        productTypeRule: 'AI Humor',
        productIds: [],
        publications: [],
      };
      const s = await shop({ collectionsMadeMeanwhile: [other] });
      const { publisher: p } = publisher(s);
      const { productId } = await p.publish(product({ imageUrl: s.imageUrl('design.png') }));
      await p.close();
      expect(s.calls.map((c) => c.operation).filter((o) => o.startsWith('collection'))).toEqual([
        'collectionByIdentifier',
        'collectionCreate',
        'collectionByIdentifier',
      ]);
      expect(s.collections).toHaveLength(1);
      expect(s.inCollection(s.collections[0]!, productId)).toBe(true);
      expect(s.products[0]!.status).toBe('ACTIVE');
    });

    it('userErrors at collectionCreate stop the publish before the product goes ACTIVE, naming the step and the product', async () => {
      const s = await shop({ userErrors: { collectionCreate: [{ field: ['input', 'title'], message: 'Title is too long' }] } });
      const { publisher: p } = publisher(s);
      const error = await failure(p.publish(product({ imageUrl: s.imageUrl('design.png') })));
      await p.close();
      expect(error.message).toBe(
        'Shopify collectionCreate failed: input.title: Title is too long; product gid://shopify/Product/1001 was created but not finished',
      );
      expect(s.products[0]!.status).toBe('DRAFT');
    });
  });

  it('reads the design from a file: URL too', async () => {
    const file = path.join(tmp, 'design.png');
    await fs.writeFile(file, png);
    const s = await shop();
    const { publisher: p } = publisher(s);
    await p.publish(product({ imageUrl: pathToFileURL(file).href }));
    await p.close();
    expect(s.uploads[1]!.file?.bytes.equals(png)).toBe(true);
  });

  it.each([
    [
      'stagedUploadsCreate',
      [{ field: ['input', '0', 'mimeType'], message: 'is not supported' }],
      'Shopify stagedUploadsCreate failed: input.0.mimeType: is not supported',
    ],
    ['productCreate', [{ field: ['title'], message: "Title can't be blank" }], "Shopify productCreate failed: title: Title can't be blank"],
    [
      'productVariantsBulkCreate',
      [{ field: ['variants', '4', 'price'], message: 'Price must be less than 1000000' }],
      'Shopify productVariantsBulkCreate failed: variants.4.price: Price must be less than 1000000; product gid://shopify/Product/1001 was created but not finished',
    ],
    [
      'publishablePublish',
      [{ field: null, message: 'Publication does not exist' }],
      'Shopify publishablePublish failed: Publication does not exist; product gid://shopify/Product/1001 was created but not finished',
    ],
  ] as const)('userErrors at %s stop the run with the step named', async (operation, userErrors, message) => {
    const s = await shop({ userErrors: { [operation]: userErrors } });
    const { publisher: p } = publisher(s);
    const error = await failure(p.publish(product({ imageUrl: s.imageUrl('design.png') })));
    await p.close();
    expect(error.message).toBe(message);
    expect(s.calls.at(-1)!.operation).toBe(operation);
  });

  it('an image that is missing or not a PNG fails before anything is sent to Shopify', async () => {
    const s = await shop({ images: { 'page.png': { body: '<!doctype html><p>login</p>', contentType: 'text/html' } } });
    const { publisher: p } = publisher(s);
    const missing = await failure(p.publish(product({ imageUrl: `${s.imageUrl('missing.png')}?signature=SECRET` })));
    expect(missing.message).toBe(
      `Shopify image download failed: Could not fetch the design image from ${s.origin}/images/missing.png (HTTP 404)`,
    );
    const html = await failure(p.publish(product({ imageUrl: s.imageUrl('page.png') })));
    expect(html.message).toBe(`Shopify image download failed: The design image at ${s.origin}/images/page.png is not a PNG (HTML)`);
    const nofile = await failure(p.publish(product({ imageUrl: pathToFileURL(path.join(tmp, 'nope.png')).href })));
    expect(nofile.message).toMatch(/^Shopify image download failed: The design image file does not exist: file:\/\/.*nope\.png$/);
    await p.close();
    expect(s.calls).toHaveLength(0);
  });

  it('a wrong token is reported as such, without the token', async () => {
    const s = await shop();
    const { publisher: p } = publisher(s, 'shpat_wrong_SECRET');
    const error = await failure(p.publish(product({ imageUrl: s.imageUrl('design.png') })));
    await p.close();
    expect(error.message).toBe(
      'Shopify stagedUploadsCreate failed: the Admin API refused the access token (401); check SHOPIFY_ADMIN_TOKEN and its scopes (write_products, write_publications, write_files)',
    );
    expect(error.message).not.toContain('SECRET');
  });

  it('throttling that never ends gives up after a bounded number of waits', async () => {
    const s = await shop({ throttleAlways: ['publications'] });
    const { publisher: p, waits } = publisher(s);
    const error = await failure(p.publish(product({ imageUrl: s.imageUrl('design.png') })));
    await p.close();
    expect(error.message).toBe(
      'Shopify publications failed: the Admin API kept throttling the request (THROTTLED 6 times); try again in a minute; product gid://shopify/Product/1001 was created but not finished',
    );
    expect(waits).toHaveLength(5);
  });

  it('a storage service that refuses the upload stops before productCreate', async () => {
    const s = await shop({ uploadStatus: 403 });
    const { publisher: p } = publisher(s);
    const error = await failure(p.publish(product({ imageUrl: s.imageUrl('design.png') })));
    await p.close();
    expect(error.message).toBe('Shopify image upload failed: the storage service answered HTTP 403 (AccessDenied Invalid signature)');
    expect(s.calls.map((c) => c.operation)).toEqual(['stagedUploadsCreate']);
  });

  it('a store without an Online Store publication says so', async () => {
    const s = await shop({
      publications: [{ id: 'gid://shopify/Publication/11', name: 'Point of Sale', catalog: { title: 'Point of Sale' } }],
    });
    const { publisher: p } = publisher(s);
    const error = await failure(p.publish(product({ imageUrl: s.imageUrl('design.png') })));
    await p.close();
    expect(error.message).toMatch(
      /^Shopify publications failed: the store has no "Online Store" publication.*; product gid:\/\/shopify\/Product\/1001 was created but not finished$/,
    );
  });

  it('the loopback Admin API checks against Shopify’s 2025-07 schema: a 2024-style productCreate(input:) is refused', async () => {
    const s = await shop();
    const client = createAdminClient({ domain: s.origin, token: TOKEN });
    const legacy = PRODUCT_CREATE.replace('product: $product', 'input: $product');
    const error = await failure(
      client.call({ step: 'productCreate', query: legacy, variables: { product: { title: 'x' } }, idempotent: false }),
    );
    expect(error.message).toBe(
      'Shopify productCreate failed: Variable "$product" of type "ProductCreateInput!" used in position expecting type "ProductInput".',
    );
    const badVariables = await failure(
      client.call({
        step: 'productCreate',
        query: PRODUCT_CREATE,
        variables: { product: { title: 'x', bodyHtml: '<p>old</p>' } },
        idempotent: false,
      }),
    );
    expect(badVariables.message).toMatch(
      /^Shopify productCreate failed: Variable "\$product" has invalid value: Expected value of type "ProductCreateInput" not to include unknown field "bodyHtml"/,
    );
    await client.close();
    // Refused before anything ran: no product was made.
    expect(s.products).toEqual([]);
  });
});
