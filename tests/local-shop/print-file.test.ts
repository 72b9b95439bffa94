import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import { createLocalShopPublisher } from '../../shared/generator/providers/local-shop-publisher.ts';
import type { PublishRequestBody } from '../../shared/generator/browser.ts';
import { LocalShopStore } from '../../shared/local-shop/index.ts';
import * as printFileRoute from '../../site/pages/api/products/[handle]/print-file.ts';
import { callRoute, openGeneratorServices, type OpenedGeneratorServices } from '../support/generator-api.ts';
import { rawRequest, startTestShop, tempDir } from '../support/local-shop.ts';

/**
 * The embedded shop keeps the print file the way Shopify does: a file of the shop (among its private
 * files, never under /cdn/shop/files/) linked from the product by the metafield custom.print_file
 * (file_reference). Staff fetch it at /api/products/{handle}/print-file with a session or an API key;
 * shoppers get 401, and the Storefront API answers null for the metafield, as Shopify does for a
 * metafield that is not exposed to the storefront.
 */

let dir: string;
let design: Buffer;
let print: Buffer;
let designUrl: string;
let printUrl: string;
beforeAll(async () => {
  dir = await tempDir('print-file-');
  design = await sharp({ create: { width: 96, height: 115, channels: 4, background: '#fe972e' } })
    .png()
    .toBuffer();
  const artwork = await sharp({ create: { width: 1500, height: 700, channels: 4, background: '#2d3142' } })
    .png()
    .toBuffer();
  print = await sharp({ create: { width: 4500, height: 5400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: artwork, left: 1500, top: 1200 }])
    .png()
    .toBuffer();
  await fs.writeFile(path.join(dir, 'design.png'), design);
  await fs.writeFile(path.join(dir, 'print.png'), print);
  designUrl = pathToFileURL(path.join(dir, 'design.png')).href;
  printUrl = pathToFileURL(path.join(dir, 'print.png')).href;
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const product = (patch: Partial<PublishRequestBody> = {}): PublishRequestBody => ({
  name: 'Prompt Whisperer',
  description: 'For the one who talks to machines.',
  price: 22,
  category: 'AI Humor',
  imageUrl: designUrl,
  printUrl,
  keywords: ['prompts'],
  publishKey: 'prompt-whisperer-0a1b2c3d4e5f',
  ...patch,
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the embedded shop keeps the print file', () => {
  it('as a private file linked by custom.print_file, written with the product; a second publish makes no second file', async () => {
    const dataDir = path.join(dir, 'publish');
    const publisher = createLocalShopPublisher({ dataDir });
    const first = await publisher.publish(product());
    const again = await publisher.publish(product());
    await publisher.close();
    expect(again).toEqual(first);

    const store = LocalShopStore.open(dataDir);
    try {
      const id = Number(first.productId.split('/').pop());
      expect(store.productMetafield(id, 'custom', 'print_file')).toMatchObject({
        type: 'file_reference',
        value: 'gid://shopify/GenericFile/1',
      });
      const found = store.productFile(first.handle!, 'custom', 'print_file');
      expect(found?.file).toMatchObject({
        gid: 'gid://shopify/GenericFile/1',
        filename: 'prompt-whisperer-0a1b2c3d4e5f-print.png',
        mimeType: 'image/png',
        size: print.length,
        width: 4500,
        height: 5400,
        altText: 'Prompt Whisperer print file (4500×5400 PNG)',
      });
      // The stored bytes are the print file's, in the private folder, not among the product images.
      expect(found?.path).toBe(path.join(dataDir, 'shop', 'files', `${sha256(print)}.png`));
      expect((await fs.readFile(found!.path)).equals(print)).toBe(true);
      expect(await fs.readdir(store.images.dir)).not.toContain(`${sha256(print)}.png`);
      expect(store.fileById(2)).toBeNull();
    } finally {
      store.close();
    }
  });

  it('a product published before without its print file gets it on the next publish, once', async () => {
    const dataDir = path.join(dir, 'later');
    const publisher = createLocalShopPublisher({ dataDir });
    const bare = await publisher.publish(product({ printUrl: undefined }));
    const store = LocalShopStore.open(dataDir);
    try {
      expect(store.productFile(bare.handle!, 'custom', 'print_file')).toBeNull();
      expect(await publisher.publish(product())).toEqual(bare);
      expect(await publisher.publish(product())).toEqual(bare);
      expect(store.productFile(bare.handle!, 'custom', 'print_file')?.file.id).toBe(1);
      expect(store.fileById(2)).toBeNull();
    } finally {
      store.close();
      await publisher.close();
    }
  });

  it('a print file that is not a PNG stops the publish before anything is written', async () => {
    const dataDir = path.join(dir, 'bad');
    await fs.writeFile(path.join(dir, 'print.txt'), 'not a png');
    const publisher = createLocalShopPublisher({ dataDir });
    await expect(publisher.publish(product({ printUrl: pathToFileURL(path.join(dir, 'print.txt')).href }))).rejects.toThrow(
      /^Publishing to the local shop failed: The print file at file:\/\/.*print\.txt is not a PNG/,
    );
    await publisher.close();
    await expect(fs.readdir(dataDir)).rejects.toThrow(/ENOENT/);
  });

  it('the Storefront API does not expose it, and no image URL reaches it', async () => {
    const shop = await startTestShop({ dataDir: path.join(dir, 'storefront') });
    try {
      const publisher = createLocalShopPublisher({ dataDir: shop.dataDir });
      const { handle } = await publisher.publish(product());
      await publisher.close();
      const response = await fetch(shop.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `query ($handle: String!) {
            product(handle: $handle) {
              title
              metafield(namespace: "custom", key: "print_file") { value type reference { __typename } }
              metafields(identifiers: [{ namespace: "custom", key: "print_file" }]) { value }
              images(first: 10) { nodes { url } }
            }
          }`,
          variables: { handle },
        }),
      });
      const body = (await response.json()) as {
        data: { product: { title: string; metafield: unknown; metafields: unknown[]; images: { nodes: Array<{ url: string }> } } };
      };
      expect(body.data.product).toMatchObject({ title: 'Prompt Whisperer', metafield: null, metafields: [null] });
      expect(JSON.stringify(body)).not.toContain(sha256(print));
      // Not among the product images: the content-addressed image route refuses its name.
      const image = await rawRequest(shop.origin, `/cdn/shop/files/${sha256(print)}.png`);
      expect(image.status).toBe(404);
    } finally {
      await shop.stop();
    }
  });
});

describe('GET /api/products/{handle}/print-file', () => {
  let opened: OpenedGeneratorServices | undefined;
  beforeAll(async () => {
    opened = await openGeneratorServices({ HOST: '127.0.0.1', GENERATOR_DELAY_MS: '0' });
  });
  afterAll(async () => {
    await opened?.close();
  });

  const get = (handle: string, headers: Record<string, string> = {}) =>
    callRoute(printFileRoute.GET, new Request(`http://127.0.0.1:4321/api/products/${handle}/print-file`, { headers }), opened!, { handle });

  it('a design published from the generator takes its print file along; staff download it, shoppers get 401', async () => {
    const services = opened!.services;
    const design = await services.generateDesign({
      productName: 'Print Route Cat',
      quote: 'Ship it, then nap.',
      category: 'Tech Humor',
      colors: [...BRAND.colors],
    });
    expect(design.printUrl).toMatch(/^\/api\/designs\/print-route-cat-[0-9a-f]{24}-print\.png$/);
    const { handle } = await services.publish({
      name: 'Print Route Cat',
      description: 'Published with its print file.',
      price: 21,
      category: 'Tech Humor',
      keywords: ['cats'],
      imageUrl: design.imageUrl,
      printUrl: design.printUrl!,
      publishKey: 'print-route-cat-00aa11bb22cc',
    });
    expect(handle).toBe('print-route-cat-00aa11bb22cc');
    const stored = await services.designFile(design.printUrl!.split('/').pop()!);
    const bytes = await fs.readFile(stored!);

    const staff = await get(handle!, opened!.auth);
    expect(staff.status).toBe(200);
    expect(staff.headers.get('content-type')).toBe('image/png');
    expect(staff.headers.get('content-disposition')).toBe('attachment; filename="print-route-cat-00aa11bb22cc-print.png"');
    expect(staff.headers.get('cache-control')).toBe('private, no-cache');
    const served = Buffer.from(await staff.arrayBuffer());
    expect(served.equals(bytes)).toBe(true);
    expect(staff.headers.get('content-length')).toBe(String(bytes.length));
    const meta = await sharp(served).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 4500, 5400]);

    const shopper = await get(handle!);
    expect(shopper.status).toBe(401);
    expect(shopper.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const wrongKey = await get(handle!, { 'x-api-key': 'nt_not-a-key' });
    expect(wrongKey.status).toBe(401);
  });

  it('a product of a run (the /generator page’s way) is published with its print file', async () => {
    const runs = opened!.services.runs!;
    const run = runs.start({ count: 1, theme: 'print files', actor: null });
    await runs.runner.idle(run.id);
    expect(runs.runner.publish(run.id, undefined, null)).toEqual([0]);
    await runs.runner.idle(run.id);
    const published = runs.get(run.id)!.products[0]!;
    expect(published.status).toBe('published');
    const response = await get(published.handle!, opened!.auth);
    expect(response.status).toBe(200);
    const stored = await opened!.services.designFile(published.printUrl!.split('/').pop()!);
    expect(Buffer.from(await response.arrayBuffer()).equals(await fs.readFile(stored!))).toBe(true);
  });

  it('answers 404 for a product without one, and for a handle that is not one', async () => {
    for (const handle of ['no-such-product', '..%2F..%2Fshop.sqlite', 'UPPER']) {
      const response = await get(handle, opened!.auth);
      expect(response.status, handle).toBe(404);
      expect(((await response.json()) as { error: string }).error).toBe('There is no print file for that product in the embedded shop');
    }
  });

  it('refuses a publish whose printUrl is not one of this server’s print files', async () => {
    await expect(
      opened!.services.publish({
        name: 'Sneaky',
        description: 'x',
        price: 20,
        category: 'AI Humor',
        keywords: [],
        imageUrl: '/api/designs/sneaky-0123456789abcdef01234567-preview.png',
        printUrl: 'file:///etc/passwd',
      }),
    ).rejects.toThrow('product.printUrl must be a print file made by this server (/api/designs/…)');
  });
});
