import type { APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import type { PublishResult } from '../../shared/generator/browser.ts';
import { LocalShopStore } from '../../shared/local-shop/index.ts';
import * as concepts from '../../site/pages/api/generate-product-concepts.ts';
import * as designs from '../../site/pages/api/generate-product-design.ts';
import * as settings from '../../site/pages/api/generator-settings.ts';
import * as designFiles from '../../site/pages/api/designs/[file].ts';
import * as publishing from '../../site/pages/api/publish-to-shopify.ts';
import { callRoute, openGeneratorServices, type OpenedGeneratorServices } from '../support/generator-api.ts';
import { endlessJsonBody } from '../support/stream-body.ts';

/**
 * The generator API's endpoints, called directly with Request objects, over the real services:
 * offline concepts and designs in a worker thread, designs on disk, publishing into a local shop.
 */

const published: PublishResult[] = [];
let opened: OpenedGeneratorServices | undefined;

beforeAll(async () => {
  opened = await openGeneratorServices({ HOST: '127.0.0.1' }, { onPublished: (result) => published.push(result) });
});

afterAll(async () => {
  await opened?.close();
});

const ORIGIN = 'http://127.0.0.1:4321';

async function call(route: APIRoute | undefined, request: Request, params: Record<string, string> = {}): Promise<Response> {
  if (!route) throw new Error('the endpoint does not export that method');
  // Every call authenticates as a staff member's script (x-api-key), unless the test sent its own credentials.
  if (!request.headers.has('x-api-key') && !request.headers.has('cookie')) request.headers.set('x-api-key', opened!.auth['x-api-key']!);
  return callRoute(route, request, opened!, params);
}

function post(pathname: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function errorOf(response: Response): Promise<string> {
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = (await response.json()) as { error?: unknown };
  expect(typeof body.error).toBe('string');
  expect(String(body.error)).not.toMatch(/\n\s+at /); // never a stack
  return String(body.error);
}

const conceptsBody = (overrides: Record<string, unknown> = {}) => ({
  productCount: 2,
  theme: 'cats who refactor legacy code',
  brand: BRAND,
  ...overrides,
});
const designBody = { productName: 'Legacy Cat', quote: 'I refactor, therefore I nap.', category: 'Tech Humor', colors: [...BRAND.colors] };

describe('POST /api/generate-product-concepts', () => {
  it('answers {products}: as many concepts as asked for, shaped as the pipeline expects', async () => {
    const response = await call(
      concepts.POST,
      post('/api/generate-product-concepts', conceptsBody({ guidelines: 'Keep it wholesome. Keywords: gift for developers' })),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { products } = (await response.json()) as { products: Array<Record<string, unknown>> };
    expect(products).toHaveLength(2);
    for (const product of products) {
      expect(Object.keys(product).sort()).toEqual(['category', 'description', 'keywords', 'name', 'price', 'quote_primary']);
      // The guidelines reach the provider: their keywords join every product's.
      expect(product.keywords).toContain('gift for developers');
    }
  });

  it.each([
    [0, 'productCount must be a whole number from 1 to 20 (got 0)'],
    [21, 'productCount must be a whole number from 1 to 20 (got 21)'],
    [2.5, 'productCount must be a whole number from 1 to 20 (got 2.5)'],
    ['6', 'productCount must be a whole number from 1 to 20 (got "6")'],
    [undefined, 'productCount must be a whole number from 1 to 20 (got undefined)'],
  ])('refuses productCount %j with 400: %s', async (productCount, message) => {
    const response = await call(concepts.POST, post('/api/generate-product-concepts', conceptsBody({ productCount })));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toContain(message);
  });

  it('refuses a body without a theme or brand, naming the fields', async () => {
    const response = await call(concepts.POST, post('/api/generate-product-concepts', { productCount: 2 }));
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toContain('theme is missing');
    expect(error).toContain('brand is missing');
  });

  it('answers malformed JSON, an empty body and a JSON array with 400', async () => {
    for (const body of ['{"productCount": 2,', '', '[1, 2]']) {
      const response = await call(concepts.POST, post('/api/generate-product-concepts', body));
      expect(response.status, body).toBe(400);
      await errorOf(response);
    }
  });

  it('answers a body that is not JSON with 415', async () => {
    const response = await call(
      concepts.POST,
      post('/api/generate-product-concepts', 'productCount=2', { 'content-type': 'application/x-www-form-urlencoded' }),
    );
    expect(response.status).toBe(415);
    expect(await errorOf(response)).toContain('Content-Type: application/json');
  });

  it('answers a body over 1 MB with 413, by its declared length before reading it', async () => {
    const big = JSON.stringify(conceptsBody({ guidelines: 'x'.repeat(1_100_000) }));
    const response = await call(
      concepts.POST,
      post('/api/generate-product-concepts', big, { 'content-length': String(Buffer.byteLength(big)) }),
    );
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(await errorOf(response)).toBe('The request body is larger than 1 MB');
  });

  it('stops reading a body of unknown length at the chunk that passes 1 MB', async () => {
    const endless = endlessJsonBody();
    const request = new Request(`${ORIGIN}/api/generate-product-concepts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: endless.body,
      duplex: 'half',
    } as RequestInit);
    const response = await call(concepts.POST, request);
    expect(response.status).toBe(413);
    // About 1 MB in 64 KB chunks, and not one chunk more than needed to know.
    expect(endless.pulled()).toBeLessThan(20);
  });

  it('answers other methods with 405 and says which one works', async () => {
    const response = await call(concepts.ALL, new Request(`${ORIGIN}/api/generate-product-concepts`));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await errorOf(response)).toBe('Use POST for this endpoint');
  });

  it('answers 503 when the server gave the route no generator services', async () => {
    const response = await callRoute(concepts.POST, post('/api/generate-product-concepts', conceptsBody()));
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toContain('npm start');
  });
});

describe('POST /api/generate-product-design and GET /api/designs/{name}', () => {
  let imageUrl = '';
  let printUrl = '';

  it('stores the design and answers the URLs of its preview and print file', async () => {
    const response = await call(designs.POST, post('/api/generate-product-design', designBody));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { imageUrl: string; printUrl: string };
    expect(body.imageUrl).toMatch(/^\/api\/designs\/legacy-cat-[0-9a-f]{24}-preview\.png$/);
    expect(body.printUrl).toBe(body.imageUrl.replace('-preview.png', '-print.png'));
    ({ imageUrl, printUrl } = body);
  });

  it('serves the preview as a PNG to staff only, kept by the browser for good, never by shared caches, never sniffed', async () => {
    const name = imageUrl.split('/').pop()!;
    const response = await call(designFiles.GET, new Request(`${ORIGIN}${imageUrl}`), { file: name });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('refuses a design image to a request without a session or key (401)', async () => {
    const name = imageUrl.split('/').pop()!;
    const response = await callRoute(designFiles.GET, new Request(`${ORIGIN}${imageUrl}`), opened!, { file: name });
    expect(response.status).toBe(401);
  });

  it('serves the 4500×5400 print file as a download', async () => {
    const name = printUrl.split('/').pop()!;
    const response = await call(designFiles.GET, new Request(`${ORIGIN}${printUrl}`), { file: name });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.readUInt32BE(16)).toBe(4500); // IHDR width
    expect(bytes.readUInt32BE(20)).toBe(5400);
  });

  it.each(['../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', 'legacy-cat-000000000000000000000000-preview.png', 'notes.txt', ''])(
    'answers 404 for %j',
    async (file) => {
      const response = await call(designFiles.GET, new Request(`${ORIGIN}/api/designs/x`), { file });
      expect(response.status).toBe(404);
      await errorOf(response);
    },
  );

  it('refuses a quote the designs cannot hold and a color that is not hex, with 400', async () => {
    const long = await call(designs.POST, post('/api/generate-product-design', { ...designBody, quote: 'q'.repeat(201) }));
    expect(long.status).toBe(400);
    expect(await errorOf(long)).toBe('quote must be at most 200 characters');
    const color = await call(designs.POST, post('/api/generate-product-design', { ...designBody, colors: ['orange'] }));
    expect(color.status).toBe(400);
    expect(await errorOf(color)).toContain('hex color');
  });

  it('publishes the design into the shop: {productId, handle}, and tells the store to rebuild', async () => {
    const product = {
      name: 'Legacy Cat',
      description: 'A cat that refactors.',
      price: 24.99,
      category: 'Tech Humor',
      keywords: ['cats', 'code'],
      imageUrl,
    };
    const response = await call(publishing.POST, post('/api/publish-to-shopify', { product }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as PublishResult;
    expect(body.productId).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
    expect(body.handle).toBe('legacy-cat');
    expect(published).toEqual([body]);
    const store = LocalShopStore.open(opened!.dataDir);
    try {
      expect(store.productByHandle('legacy-cat')?.title).toBe('Legacy Cat');
    } finally {
      store.close();
    }
  });

  it('also takes the design by its absolute URL, whatever host the page used', async () => {
    const product = {
      name: 'Legacy Cat Two',
      description: 'Again.',
      price: 19.99,
      category: 'Tech Humor',
      keywords: ['cats'],
      imageUrl: `https://store.example.test${imageUrl}`,
    };
    const response = await call(publishing.POST, post('/api/publish-to-shopify', { product }));
    expect(response.status).toBe(200);
  });
});

describe('POST /api/publish-to-shopify refusals', () => {
  const product = { name: 'Nope', description: 'Nope.', price: 20, category: 'AI', keywords: ['ai'] };

  it('refuses a product without a design image with 400', async () => {
    const response = await call(publishing.POST, post('/api/publish-to-shopify', { product }));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe('product.imageUrl: No design image available');
  });

  it('refuses images from anywhere but this server, and designs it does not have', async () => {
    for (const imageUrl of ['https://evil.example/shirt.png', 'file:///etc/passwd', '/api/designs/../secret.png']) {
      const response = await call(publishing.POST, post('/api/publish-to-shopify', { product: { ...product, imageUrl } }));
      expect(response.status, imageUrl).toBe(400);
      expect(await errorOf(response)).toContain('must be a design made by this server');
    }
    const gone = await call(
      publishing.POST,
      post('/api/publish-to-shopify', { product: { ...product, imageUrl: '/api/designs/nope-0123456789abcdef01234567-preview.png' } }),
    );
    expect(gone.status).toBe(400);
    expect(await errorOf(gone)).toBe('That design is no longer on this server; generate it again');
  });

  it('refuses a product with a bad price or no keywords, naming the fields', async () => {
    const response = await call(
      publishing.POST,
      post('/api/publish-to-shopify', {
        product: { ...product, price: -1, keywords: [], imageUrl: '/api/designs/a-0123456789abcdef01234567-preview.png' },
      }),
    );
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toContain('price must be more than 0');
    expect(error).toContain('keywords must have at least 1 entry');
  });
});

describe('GET /api/generator-settings', () => {
  it('gives the page its pause between designs, the shop name and the providers, and nothing secret', async () => {
    const response = await call(settings.GET, new Request(`${ORIGIN}/api/generator-settings`));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      delayMs: 1000,
      shopName: 'Shopify',
      generators: 'offline (no OPENAI_API_KEY)',
      publishTo: 'the embedded shop',
    });
  });
});
