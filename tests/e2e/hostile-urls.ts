import { describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import { rawRequest } from '../support/local-shop.ts';
import { streamUntilAnswered } from '../support/stream-body.ts';
import { harness, siteFetch, staffKey } from './harness.ts';

/**
 * The store's own URLs over raw HTTP, the way `npm start` serves them (static files from the build,
 * design images and the generator API through the build's handler): no way out of the build or the
 * designs folder in any encoding, the right content type with nosniff on every kind of answer, and
 * 413 for oversized bodies on every POST endpoint with the store answering right after.
 */

// What would show that a file outside the served folders leaked.
const LEAKS = [/SQLite format 3/, /"name":\s*"tshirt-store"/, /\bimport\s*[{*]/, /root:.*:0:0:/, /STAFF_AUTH_SECRET|e2e-staff-auth-secret/];

const TRAVERSALS = [
  '/../server/entry.mjs',
  '/..%2fserver%2fentry.mjs',
  '/%2e%2e/server/entry.mjs',
  '/%2e%2e%2fserver%2fentry.mjs',
  '/%2E%2E%2F%2E%2E%2F%2E%2E%2Fdata%2Fshop%2Fshop.sqlite',
  '/_astro/..%2f..%2fserver%2fentry.mjs',
  '/_astro/%2e%2e/%2e%2e/server/entry.mjs',
  '/%252e%252e/server/entry.mjs',
  '/%252e%252e%252f%252e%252e%252fdata%252fshop%252fshop.sqlite',
  '/..%5cserver%5centry.mjs',
  '/..\\server\\entry.mjs',
  '/%c0%ae%c0%ae/server/entry.mjs',
  '/%c0%ae%c0%ae%c0%afserver%c0%afentry.mjs',
  '/%e0%80%ae%e0%80%ae/server/entry.mjs',
  '/..%00/server/entry.mjs',
  '/favicon.svg%00.html',
  '/favicon.svg/..%2f..%2fserver%2fentry.mjs',
  '/.%2e/.%2e/.%2e/.%2e/etc/passwd',
  '//etc/passwd',
  '/%2fetc%2fpasswd',
  '/../../../../../../etc/passwd',
  '/api/designs/../../../data/shop/shop.sqlite',
  '/api/designs/..%2f..%2fshop%2fshop.sqlite',
  '/api/designs/%2e%2e%2f%2e%2e%2fdata%2fshop%2fshop.sqlite',
  '/api/designs/..%5c..%5cshop%5cshop.sqlite',
  '/api/designs/%252e%252e%252fshop.sqlite',
  '/api/designs/%c0%ae%c0%ae%c0%afshop.sqlite',
  '/api/designs/a-000000000000000000000000-preview.png%00.txt',
  '/api/designs/%2fetc%2fpasswd',
  '/api/designs//etc/passwd',
  '/api/designs/',
];

// Far beyond the 1 MB limit and beyond what loopback's kernel buffers hold, so an answer that
// arrives before the upload ends shows the server refused the body while it was arriving.
const STREAM_LIMIT = 48 * 1024 * 1024;

export function hostileUrlJourneys(): void {
  describe('the store’s URLs under attack', () => {
    it('answers every traversal in any encoding with a 400 or 404 that leaks nothing, with nosniff', async () => {
      // With a staff key, so the designs route's own path checks answer, not the sign-in guard.
      const headers = { 'x-api-key': await staffKey() };
      for (const attempt of TRAVERSALS) {
        const response = await rawRequest(harness.store.siteUrl, attempt, { headers });
        expect({ attempt, status: response.status }).toSatisfy(({ status }: { status: number }) => status === 400 || status === 404);
        expect(response.headers['x-content-type-options'], attempt).toBe('nosniff');
        for (const leak of LEAKS) expect(response.text, attempt).not.toMatch(leak);
      }
      expect((await fetch(harness.store.siteUrl)).status).toBe(200);
    });

    it('labels every kind of answer with its content type and nosniff', async () => {
      const home = await (await fetch(harness.store.siteUrl)).text();
      const product = await (await fetch(new URL('/product/hostile-markup', harness.store.siteUrl))).text();
      // The pages inline their CSS; they link scripts, fonts and the lifestyle photo.
      const script = /\/_astro\/[\w.-]+\.js/.exec(home)?.[0];
      const font = /\/_astro\/[\w./-]+\.woff2/.exec(home)?.[0];
      const photo = /\/_astro\/[\w.-]+\.(webp|jpg|avif)/.exec(product)?.[0];
      expect([script, font, photo].every(Boolean), `a script, a font and a photo are linked: ${[script, font, photo].join(', ')}`).toBe(
        true,
      );
      const expected: [string, RegExp, number][] = [
        ['/', /^text\/html/, 200],
        ['/product/hostile-markup', /^text\/html/, 200],
        [script!, /^(text|application)\/javascript/, 200],
        [font!, /^font\/woff2/, 200],
        [photo!, /^image\/(webp|jpeg|avif)/, 200],
        ['/favicon.svg', /^image\/svg\+xml/, 200],
        ['/robots.txt', /^text\/plain/, 200],
        ['/sitemap.xml', /^(application|text)\/xml/, 200],
        ['/no-such-page', /^text\/html/, 404],
        ['/api/generator-settings', /^application\/json/, 401],
        ['/api/designs/a-000000000000000000000000-preview.png', /^application\/json/, 401],
      ];
      for (const [path, type, status] of expected) {
        const response = await rawRequest(harness.store.siteUrl, path);
        expect({ path, status: response.status, type: response.headers['content-type'] }).toEqual({
          path,
          status,
          type: expect.stringMatching(type),
        });
        expect(response.headers['x-content-type-options'], path).toBe('nosniff');
      }
      // Signed in, a design that does not exist is a labelled 404.
      const missing = await rawRequest(harness.store.siteUrl, '/api/designs/a-000000000000000000000000-preview.png', {
        headers: { 'x-api-key': await staffKey() },
      });
      expect([missing.status, missing.headers['content-type'], missing.headers['x-content-type-options']]).toEqual([
        404,
        expect.stringMatching(/^application\/json/),
        'nosniff',
      ]);
    });

    it('answers 413 on every POST endpoint for 2 MB, declared or streamed, and keeps answering', async () => {
      const big = JSON.stringify({ productCount: 1, theme: 'cats', brand: BRAND, guidelines: 'x'.repeat(2 * 1024 * 1024) });
      for (const path of ['/api/generate-product-concepts', '/api/generate-product-design', '/api/publish-to-shopify']) {
        const declared = await siteFetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: big,
          key: await staffKey(),
        });
        expect({ path, status: declared.status }).toEqual({ path, status: 413 });
        expect(await declared.json()).toEqual({ error: 'The request body is larger than 1 MB' });

        const streamed = await streamUntilAnswered(
          new URL(path, harness.store.siteUrl).toString(),
          {
            'content-type': 'application/json',
            'x-api-key': await staffKey(),
          },
          STREAM_LIMIT,
        );
        expect({ path, status: streamed.status }).toEqual({ path, status: 413 });
        expect(streamed.written).toBeLessThan(STREAM_LIMIT); // answered (and closed) long before the upload could end
        expect((await fetch(harness.store.siteUrl)).status).toBe(200);
      }
    });
  });
}
