import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_COPY_WIDTHS, MAX_IMAGE_SIDE, copyWidth } from '../../shared/local-shop/store/image-variants.ts';
import { plainPng, rawRequest, startTestShop, type TestShop } from '../support/local-shop.ts';

/**
 * The embedded shop's image URLs under attack: every encoded or disguised way out of the image
 * folder is a 404, hostile size parameters never fail or enlarge, answers carry the right content
 * type and nosniff, and the resized copies on disk stay bounded however many sizes are asked for.
 */

let shop: TestShop;
let name: string;
let hash: string;

beforeAll(async () => {
  shop = await startTestShop();
  await shop.store.createProduct({ title: 'Small Tee', price: '20.00', image: { bytes: await plainPng(400, 300) } });
  const image = shop.store.productByHandle('small-tee')!.images[0]!;
  name = image.file;
  hash = name.slice(0, 64);
});

afterAll(() => shop?.stop());

const get = (requestPath: string, headers: Record<string, string> = {}) => rawRequest(shop.origin, requestPath, { headers });

describe('paths that try to leave the image folder', () => {
  it('answers 404 with nosniff to encoded, double-encoded, overlong, NUL, backslash and absolute variants', async () => {
    const attempts = [
      '/cdn/shop/files/../shop.sqlite',
      '/cdn/shop/files/..%2fshop.sqlite',
      '/cdn/shop/files/%2e%2e%2fshop.sqlite',
      '/cdn/shop/files/%2E%2E/%2E%2E/shop/shop.sqlite',
      '/cdn/shop/files/%252e%252e%252fshop.sqlite', // double encoding
      '/cdn/shop/files/%c0%ae%c0%ae%c0%afshop.sqlite', // overlong UTF-8 for "../"
      '/cdn/shop/files/%e0%80%ae%e0%80%ae/shop.sqlite',
      '/cdn/shop/files/..%5c..%5cshop.sqlite',
      '/cdn/shop/files/..\\..\\shop.sqlite',
      '/cdn/shop/files/%uff0e%uff0e/shop.sqlite',
      '/cdn/shop/files/%ef%bc%8e%ef%bc%8e%ef%bc%8fshop.sqlite', // fullwidth "../"
      '/cdn/shop/files//etc/passwd',
      '/cdn/shop/files/%2fetc%2fpasswd',
      '/cdn/shop/files/C:%5cWindows%5cwin.ini',
      '/cdn/shop/files/file:///etc/passwd',
      `/cdn/shop/files/${name}%00.txt`,
      `/cdn/shop/files/${name}%00`,
      `/cdn/shop/files/${hash}%00.png`,
      `/cdn/shop/files/./${name}`,
      `/cdn/shop/files/x/../${name}`,
      `/cdn/shop/files/${name}/..`,
      `/cdn/shop/files/${name}.`,
      `/cdn/shop/files/${name};.html`,
      `/cdn/shop/files/${hash}.PNG`,
      `/cdn/shop/files/${hash}.svg`,
      `/cdn/shop/files/${hash}.png.html`,
      `/cdn/shop/files/%2e/${name}`,
      `/cdn//shop/files/${name}`,
      `/CDN/shop/files/${name}`,
      `/cdn/shop/files/resized/${hash}-w200.png`,
      `/cdn/shop/files/${hash}-w200.png`,
      '/cdn/shop/files/shop.sqlite',
      '/cdn/shop/files/.incoming-1-abc',
    ];
    for (const attempt of attempts) {
      const response = await get(attempt);
      expect({ attempt, status: response.status }).toEqual({ attempt, status: 404 });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      // The image route's plain 404, or the shop's not-found page for paths outside it: never a file.
      expect(response.headers['content-type']).toMatch(/^text\/(plain|html); charset=utf-8$/);
      expect(response.text).not.toContain('SQLite');
    }
    expect((await get(`/cdn/shop/files/${name}`)).status).toBe(200);
  });

  it('serves no file a product does not use, even with a valid content-addressed name in the folder', async () => {
    const orphan = `${'ab'.repeat(32)}.png`;
    writeFileSync(path.join(shop.store.images.dir, orphan), await plainPng(20, 20));
    expect((await get(`/cdn/shop/files/${orphan}`)).status).toBe(404);
  });
});

describe('content types', () => {
  it('labels each format it answers, with nosniff, also for HEAD', async () => {
    const cases: [string, Record<string, string>, string][] = [
      [`/cdn/shop/files/${name}`, { accept: 'image/png' }, 'image/png'],
      [`/cdn/shop/files/${name}`, { accept: 'image/avif,image/webp,*/*' }, 'image/webp'],
      [`/cdn/shop/files/${name}?format=jpg`, {}, 'image/jpeg'],
      [`/cdn/shop/files/${name}?format=pjpg&width=100`, {}, 'image/jpeg'],
      [`/cdn/shop/files/${name}?format=webp`, { accept: 'image/png' }, 'image/webp'],
      [`/cdn/shop/files/${name}?format=svg`, { accept: 'image/png' }, 'image/png'],
      [`/cdn/shop/files/${name}?format=html`, { accept: 'text/html' }, 'image/png'],
    ];
    for (const [requestPath, headers, type] of cases) {
      const response = await get(requestPath, headers);
      expect({ requestPath, status: response.status, type: response.headers['content-type'] }).toEqual({ requestPath, status: 200, type });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const format = (await sharp(response.body).metadata()).format;
      expect(format === 'jpeg' ? 'image/jpeg' : `image/${format}`).toBe(type);
      const head = await rawRequest(shop.origin, requestPath, { method: 'HEAD', headers });
      expect([head.status, head.headers['content-type'], head.headers['x-content-type-options'], head.body.length]).toEqual([
        200,
        type,
        'nosniff',
        0,
      ]);
    }
  });
});

describe('hostile size parameters', () => {
  it('never fails, never enlarges, and ignores what is not a plain number', async () => {
    const queries = [
      'width=-1',
      'width=0',
      'width=abc',
      'width=1e9',
      'width=99999999999999999999',
      'width=300.5',
      'width=%00',
      'width=0x100',
      'width=%20100',
      'width=100&width=5000',
      'height=-5&width=NaN',
      'width=4097&height=4097',
      'width=1&height=1',
      `width=${'9'.repeat(5000)}`,
    ];
    for (const query of queries) {
      const response = await get(`/cdn/shop/files/${name}?${query}`, { accept: 'image/png' });
      expect({ query, status: response.status }).toEqual({ query, status: 200 });
      const meta = await sharp(response.body).metadata();
      expect(meta.width).toBeLessThanOrEqual(400);
      expect(meta.height).toBeLessThanOrEqual(300);
    }
  });
});

describe('the resized copies on disk', () => {
  it('stay bounded: 400 distinct widths and heights leave one copy per snapped width, each as wide as the snap says', async () => {
    const cacheDir = shop.store.images.cacheDir;
    const before = readdirSync(cacheDir).filter((f) => f.startsWith(hash)).length;
    for (let side = 1; side <= 400; side++) {
      const response = await get(`/cdn/shop/files/${name}?${side % 2 ? 'width' : 'height'}=${side}`, { accept: 'image/png' });
      expect(response.status).toBe(200);
      const expected = copyWidth(
        { width: 400, height: 300 },
        side % 2 ? { width: Math.max(side, 16), height: undefined } : { width: undefined, height: Math.max(side, 16) },
      );
      expect((await sharp(response.body).metadata()).width).toBe(expected ?? 400);
    }
    const copies = readdirSync(cacheDir).filter((f) => f.startsWith(hash));
    const snapped = IMAGE_COPY_WIDTHS.filter((w) => w < 400);
    expect(copies.length - before).toBeLessThanOrEqual(snapped.length);
    for (const copy of copies) expect(copy).toMatch(new RegExp(`^${hash}-w(0|${snapped.join('|')})\\.(png|webp|jpg)$`));
  });

  it('property: a copy is one of the fixed widths, narrower than the original, and at least as wide as the box asked for', () => {
    const side = fc.integer({ min: 1, max: 10_000 });
    const asked = fc.option(fc.integer({ min: 16, max: MAX_IMAGE_SIDE }), { nil: undefined });
    fc.assert(
      fc.property(side, side, asked, asked, (width, height, askedWidth, askedHeight) => {
        const copy = copyWidth({ width, height }, { width: askedWidth, height: askedHeight });
        const box = Math.ceil(width * Math.min(1, askedWidth ? askedWidth / width : 1, askedHeight ? askedHeight / height : 1));
        if (copy === undefined) {
          // The original answers: the box is the whole image, or no fixed width fits under it.
          expect(box >= width || IMAGE_COPY_WIDTHS.every((w) => w < box || w >= width)).toBe(true);
        } else {
          expect(IMAGE_COPY_WIDTHS).toContain(copy);
          expect(copy).toBeLessThan(width);
          expect(copy).toBeGreaterThanOrEqual(box);
        }
      }),
    );
  });
});
