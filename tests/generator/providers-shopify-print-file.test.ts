import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createShopifyAdminPublisher } from '../../shared/generator/providers/shopify-admin/publisher.ts';
import type { PublishRequestBody } from '../../shared/generator/browser.ts';
import {
  FIRST_STAGED_TARGET,
  STAGED_PARAMETERS,
  startShopifyAdminServer,
  type ShopifyAdminServer,
  type ShopifyAdminServerOptions,
} from '../support/shopify-admin-server.ts';

/**
 * The print file reaches the Shopify store: a 4500×5400 PNG uploaded to Files (stagedUploadsCreate →
 * multipart upload → fileCreate), waited for until READY, and linked from the product by the
 * metafield custom.print_file (file_reference) before the product is made ACTIVE. A retried publish
 * finds both the product (by its handle, the publish key) and the file (by its name) instead of
 * making a second one. Against the Admin stand-in, which checks every call against Shopify's schema.
 */

const TOKEN = 'shpat_print_file_0123456789';
const KEY = 'chief-cats-officer-0a1b2c3d4e5f';

let design: Buffer;
let print: Buffer;
beforeAll(async () => {
  design = await sharp({ create: { width: 64, height: 77, channels: 4, background: { r: 240, g: 85, b: 24, alpha: 1 } } })
    .png()
    .toBuffer();
  // A real print file's size and shape: 4500×5400, transparent around the artwork.
  const artwork = await sharp({ create: { width: 1800, height: 900, channels: 4, background: '#fe972e' } })
    .png()
    .toBuffer();
  print = await sharp({ create: { width: 4500, height: 5400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: artwork, left: 1350, top: 900 }])
    .png()
    .toBuffer();
});

let servers: ShopifyAdminServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function shop(options: Partial<ShopifyAdminServerOptions> = {}) {
  const s = await startShopifyAdminServer({
    token: TOKEN,
    images: { 'design.png': { body: design }, 'print.png': { body: print } },
    ...options,
  });
  servers.push(s);
  return s;
}

function publisher(s: ShopifyAdminServer, extra: { fileReadyTimeoutMs?: number } = {}) {
  const waits: number[] = [];
  const p = createShopifyAdminPublisher({
    domain: s.origin,
    token: TOKEN,
    timeoutMs: 10_000,
    wait: async (ms) => {
      waits.push(ms);
    },
    ...extra,
  });
  return { publisher: p, waits };
}

const product = (s: ShopifyAdminServer, patch: Partial<PublishRequestBody> = {}): PublishRequestBody => ({
  name: 'Chief Cats Officer',
  description: 'A tee for cats in charge.',
  price: 24.99,
  category: 'AI Humor',
  imageUrl: s.imageUrl('design.png'),
  printUrl: s.imageUrl('print.png'),
  keywords: ['cats'],
  publishKey: KEY,
  ...patch,
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error,
  );

const operations = (s: ShopifyAdminServer) => s.calls.map((c) => c.operation);

describe('the print file on a Shopify store', () => {
  it('is uploaded to Files, waited for until READY and linked as custom.print_file before the product goes ACTIVE', async () => {
    const s = await shop();
    const { publisher: p, waits } = publisher(s);
    const result = await p.publish(product(s));
    await p.close();
    expect(result).toEqual({ productId: 'gid://shopify/Product/1001', handle: KEY });

    expect(operations(s)).toEqual([
      'productByIdentifier',
      'stagedUploadsCreate',
      'productCreate',
      'productVariantsBulkCreate',
      // The print file: a staged target of its own, the upload, the file, its processing, the link.
      'stagedUploadsCreate',
      'fileCreate',
      'fileStatus',
      'fileStatus',
      'metafieldsSet',
      // The category's collection, made (smart, by product type) and published.
      'collectionByIdentifier',
      'collectionCreate',
      'publications',
      'publishablePublish',
      'productUpdate',
      'publishablePublish',
    ]);
    // Every call passed the stand-in's checks against Shopify's 2025-07 schema.
    expect(s.calls.filter((c) => c.errors)).toEqual([]);

    const staged = s.calls[4]!.variables as { input: Array<Record<string, string>> };
    expect(staged.input).toEqual([
      { resource: 'FILE', filename: `${KEY}-print.png`, mimeType: 'image/png', httpMethod: 'POST', fileSize: String(print.length) },
    ]);

    // The bytes that reached the storage service are the print file, whole: a 4500×5400 PNG.
    expect(s.uploads).toHaveLength(3);
    const upload = s.uploads[2]!;
    expect(upload.target).toBe(FIRST_STAGED_TARGET + 2);
    expect(upload.order).toEqual([...STAGED_PARAMETERS.map((x) => x.name), 'file']);
    expect(upload.file?.name).toBe(`${KEY}-print.png`);
    expect(upload.file?.type).toBe('image/png');
    expect(upload.file?.bytes.equals(print)).toBe(true);
    expect(upload.headers['x-shopify-access-token']).toBeUndefined();
    const meta = await sharp(upload.file!.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 4500, 5400]);

    expect(s.calls[5]!.variables).toEqual({
      files: [
        {
          originalSource: `${s.origin}/staged/${FIRST_STAGED_TARGET + 2}/${KEY}-print.png`,
          contentType: 'FILE',
          filename: `${KEY}-print.png`,
          alt: 'Chief Cats Officer print file (4500×5400 PNG)',
          duplicateResolutionMode: 'RAISE_ERROR',
        },
      ],
    });
    expect(s.files).toHaveLength(1);
    const file = s.files[0]!;
    expect(file).toMatchObject({
      id: 'gid://shopify/GenericFile/3001',
      filename: `${KEY}-print.png`,
      contentType: 'FILE',
      status: 'READY',
      mimeType: 'image/png',
    });
    expect(file.bytes.length).toBe(print.length);
    expect(file.bytes.equals(print)).toBe(true);

    expect(s.calls[8]!.variables).toEqual({
      metafields: [{ ownerId: result.productId, namespace: 'custom', key: 'print_file', type: 'file_reference', value: file.id }],
    });
    expect(s.products).toEqual([
      expect.objectContaining({
        status: 'ACTIVE',
        media: 2,
        variants: 5,
        publications: ['gid://shopify/Publication/12'],
        metafields: { 'custom.print_file': { type: 'file_reference', value: file.id } },
      }),
    ]);
    // One PROCESSING answer, one short pause, then READY.
    expect(waits).toEqual([250]);
  });

  it('publishing again finds everything done: no upload, no file, no product made twice', async () => {
    const s = await shop();
    const { publisher: p } = publisher(s);
    const first = await p.publish(product(s));
    const before = s.calls.length;
    const again = await p.publish(product(s));
    await p.close();
    expect(again).toEqual(first);
    // The collection already holds it (its rule): only looked up.
    expect(operations(s).slice(before)).toEqual(['productByIdentifier', 'collectionByIdentifier', 'productUpdate', 'publishablePublish']);
    expect([s.products.length, s.files.length, s.uploads.length]).toEqual([1, 1, 3]);
  });

  it.each(['fileCreate', 'fileStatus', 'metafieldsSet', 'productUpdate'] as const)(
    'a retry after the store did %s but the answer was lost finishes with one product and one file',
    async (lost) => {
      const s = await shop({ loseAnswerOnce: [lost] });
      const { publisher: p } = publisher(s);
      const first = await p.publish(product(s)).then(
        () => undefined,
        (error: unknown) => error as Error,
      );
      if (lost === 'fileCreate') {
        // Creating a file is not repeated blindly: the publish stops, the product still a DRAFT.
        expect(first?.message).toMatch(
          /^Shopify fileCreate failed: .*; product gid:\/\/shopify\/Product\/1001 was created but not finished$/,
        );
        expect(s.products.map((x) => x.status)).toEqual(['DRAFT']);
      } else {
        // Reading a status, setting a metafield and the status update are safe to send again: the client did.
        expect(first).toBeUndefined();
      }
      const again = await p.publish(product(s));
      await p.close();
      expect(again).toEqual({ productId: 'gid://shopify/Product/1001', handle: KEY });
      expect(s.products).toHaveLength(1);
      expect(s.files).toHaveLength(1);
      expect(s.products[0]).toMatchObject({
        status: 'ACTIVE',
        metafields: { 'custom.print_file': { type: 'file_reference', value: s.files[0]!.id } },
      });
      expect(s.calls.filter((c) => c.operation === 'fileCreate')).toHaveLength(1);
      // The print file went up once: the retry found it by its name instead of uploading it again.
      expect(s.uploads.filter((u) => u.file?.name === `${KEY}-print.png`)).toHaveLength(1);
      expect(s.calls.filter((c) => c.errors)).toEqual([]);
    },
  );

  it('a retry whose search does not see the earlier file yet is stopped by the file name, then takes that file', async () => {
    const s = await shop({ loseAnswerOnce: ['fileCreate'], fileSearchMisses: 1 });
    const { publisher: p } = publisher(s);
    await failure(p.publish(product(s)));
    await p.publish(product(s));
    await p.close();
    const creates = s.calls.filter((c) => c.operation === 'fileCreate');
    // The second fileCreate asked Shopify to refuse a taken name, so no second file was made.
    expect(creates.map((c) => (c.variables.files as Array<{ duplicateResolutionMode: string }>)[0]?.duplicateResolutionMode)).toEqual([
      'RAISE_ERROR',
      'RAISE_ERROR',
    ]);
    expect(s.files).toHaveLength(1);
    expect(s.products[0]).toMatchObject({ status: 'ACTIVE', metafields: { 'custom.print_file': { value: s.files[0]!.id } } });
    expect(s.calls.filter((c) => c.operation === 'files')).toHaveLength(2);
  });

  it('a file Shopify fails to process stops the publish before ACTIVE, saying why', async () => {
    const s = await shop({ fileFailure: 'The file is corrupt' });
    const { publisher: p } = publisher(s);
    const error = await failure(p.publish(product(s)));
    await p.close();
    expect(error.message).toBe(
      'Shopify fileStatus failed: Shopify could not process the print file gid://shopify/GenericFile/3001 (File processing failed: The file is corrupt); product gid://shopify/Product/1001 was created but not finished',
    );
    expect(s.products.map((x) => [x.status, x.metafields])).toEqual([['DRAFT', {}]]);
    expect(operations(s)).not.toContain('productUpdate');
  });

  it('a file that stays PROCESSING is waited for within a bound, then reported', async () => {
    const s = await shop({ fileProcessingChecks: 1000 });
    const { publisher: p, waits } = publisher(s, { fileReadyTimeoutMs: 2000 });
    const error = await failure(p.publish(product(s)));
    await p.close();
    expect(error.message).toBe(
      'Shopify fileStatus failed: the print file gid://shopify/GenericFile/3001 was still PROCESSING after 2 s; publish again to finish it; product gid://shopify/Product/1001 was created but not finished',
    );
    expect(waits.reduce((a, b) => a + b, 0)).toBe(2000);
    expect(waits).toEqual([250, 500, 1000, 250]);
  });

  it('a print file that is missing or not a PNG fails before anything is made', async () => {
    const s = await shop({ images: { 'design.png': { body: design }, 'page.png': { body: '<!doctype html>', contentType: 'text/html' } } });
    const { publisher: p } = publisher(s);
    const missing = await failure(p.publish(product(s, { printUrl: s.imageUrl('missing-print.png'), publishKey: undefined })));
    expect(missing.message).toBe(
      `Shopify print file download failed: Could not fetch the print file from ${s.origin}/images/missing-print.png (HTTP 404)`,
    );
    const html = await failure(p.publish(product(s, { printUrl: s.imageUrl('page.png'), publishKey: undefined })));
    expect(html.message).toBe(`Shopify print file download failed: The print file at ${s.origin}/images/page.png is not a PNG (HTML)`);
    await p.close();
    expect(s.calls).toEqual([]);
  });

  it('without a publish key the file is named after the handle, and Shopify may rename a taken name', async () => {
    const s = await shop();
    const { publisher: p } = publisher(s);
    await p.publish(product(s, { publishKey: undefined }));
    await p.publish(product(s, { publishKey: undefined }));
    await p.close();
    const creates = s.calls.filter((c) => c.operation === 'fileCreate').map((c) => (c.variables.files as Array<Record<string, string>>)[0]);
    expect(creates.map((f) => [f?.filename, f?.duplicateResolutionMode])).toEqual([
      ['chief-cats-officer-print.png', 'APPEND_UUID'],
      ['chief-cats-officer-1-print.png', 'APPEND_UUID'],
    ]);
    expect(s.products.map((x) => x.metafields['custom.print_file']?.value)).toEqual(s.files.map((f) => f.id));
  });

  it('without a print file the product is published as before, with no file and no metafield', async () => {
    const s = await shop();
    const { publisher: p } = publisher(s);
    await p.publish(product(s, { printUrl: undefined }));
    await p.close();
    expect(operations(s)).not.toContain('fileCreate');
    expect(s.files).toEqual([]);
    expect(s.products[0]!.metafields).toEqual({});
  });
});
