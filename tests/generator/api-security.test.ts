import type { APIRoute } from 'astro';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import { CONCEPT_LIMITS } from '../../shared/generator/index.ts';
import { MAX_GUIDELINES_CHARS, MAX_THEME_CHARS } from '../../shared/limits/index.ts';
import { LocalShopStore } from '../../shared/local-shop/index.ts';
import * as concepts from '../../site/pages/api/generate-product-concepts.ts';
import * as designs from '../../site/pages/api/generate-product-design.ts';
import * as designFiles from '../../site/pages/api/designs/[file].ts';
import * as publishing from '../../site/pages/api/publish-to-shopify.ts';
import { DesignRequestSchema } from '../../site/features/generator/server/request-schemas.ts';
import { callRoute, openGeneratorServices, type OpenedGeneratorServices } from '../support/generator-api.ts';
import { HOSTILE_TEXTS } from '../support/hostile-text.ts';
import { endlessJsonBody } from '../support/stream-body.ts';

/**
 * Property-based attacks on the generator API's bodies, with the endpoints called directly over the
 * real services (offline providers in their worker thread, designs on disk, publishing into a local
 * shop): whatever arrives, bad input gets a 4xx with a JSON `{error}`, never a 500 or a crash, and
 * valid bodies with any text in them still succeed.
 */

const ORIGIN = 'http://127.0.0.1:4321';
let opened: OpenedGeneratorServices | undefined;
let logged: string[] = [];
let designUrl = '';

beforeAll(async () => {
  opened = await openGeneratorServices({ HOST: '127.0.0.1' });
  logged = opened.logged;
  const made = await call(designs.POST, {
    productName: 'Fixture Tee',
    quote: 'A design to publish with.',
    category: 'Tests',
    colors: ['#000000'],
  });
  expect(made.status).toBe(200);
  designUrl = (made.json as { imageUrl: string }).imageUrl;
}, 60_000);

afterAll(async () => {
  await opened?.close();
});

interface Answer {
  status: number;
  contentType: string | null;
  json: unknown;
}

function request(body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}/api/endpoint`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...opened!.auth, ...headers },
    body,
    ...(typeof body === 'string' ? {} : { duplex: 'half' }),
  } as RequestInit);
}

async function answerOf(route: APIRoute | undefined, req: Request, params: Record<string, string> = {}): Promise<Answer> {
  const response = await callRoute(route, req, opened!, params);
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, contentType: response.headers.get('content-type'), json };
}

/** POSTs `body` (JSON-encoded unless it is already a string) to `route`. */
function call(route: APIRoute | undefined, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return answerOf(route, request(typeof body === 'string' ? body : JSON.stringify(body), headers));
}

/** A refusal as the API promises it: a 4xx from `statuses`, JSON, `{error}` with a one-line message. */
function expectRefusal(answer: Answer, statuses: readonly number[] = [400]): string {
  expect(statuses, JSON.stringify(answer.json)).toContain(answer.status);
  expect(answer.contentType).toBe('application/json; charset=utf-8');
  const { error } = answer.json as { error?: unknown };
  expect(typeof error).toBe('string');
  expect(String(error).length).toBeGreaterThan(5);
  expect(String(error)).not.toMatch(/\n\s+at |TypeError|ReferenceError|undefined is not/);
  return String(error);
}

const ENDPOINTS = [
  { name: 'generate-product-concepts', route: concepts.POST },
  { name: 'generate-product-design', route: designs.POST },
  { name: 'publish-to-shopify', route: publishing.POST },
] as const;

const validConcepts = () => ({
  productCount: 2,
  theme: 'cats who refactor legacy code',
  brand: { ...BRAND },
  guidelines: 'Warm, never mean.',
});
const validDesign = () => ({
  productName: 'Legacy Cat',
  quote: 'I refactor, therefore I nap.',
  category: 'Tech Humor',
  colors: [...BRAND.colors],
});
const validProduct = () => ({
  name: 'Legacy Cat',
  description: 'A tee for people who refactor.',
  price: 24.99,
  category: 'Tech Humor',
  imageUrl: designUrl,
  keywords: ['cats', 'refactoring'],
});

// ── Junk that no field accepts, or that breaks a field's bounds ─────────────────────────────────

const notText = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }), // JSON has neither: they would arrive as null
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);
const visible = fc.constantFrom('a', 'Z', 'é', '🤖', '<', '&', '"', '\u202E', '中', '\u0301');
/** Text past `max` UTF-16 units even after trimming, sometimes far past it (a few hundred KB). */
const tooLong = (max: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: visible, minLength: max + 1, maxLength: max + 40 }) },
    { weight: 1, arbitrary: fc.constant('x'.repeat(300_000)) },
  );
const blank = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u3000', '\ufeff'), maxLength: 12 });
const badText = (max: number) => fc.oneof(notText, blank, tooLong(max));
const notNumber = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.constant({}),
);
const badCount = fc.oneof(
  notNumber,
  fc.integer({ max: 0 }),
  fc.integer({ min: 21 }),
  fc.double({ min: 1.01, max: 19.99, noNaN: true }).filter((n) => !Number.isInteger(n)),
  fc.constant(1e308),
);
const hex = fc.stringMatching(/^#[0-9a-fA-F]{6}$/);
const badHex = fc.oneof(
  notText,
  fc.string({ maxLength: 10 }).filter((s) => !/^#[0-9a-f]{6}$/i.test(s)),
);
const badColors = fc.oneof(
  notText.filter((v) => !Array.isArray(v)),
  fc.constant([]),
  fc.array(badHex, { minLength: 1, maxLength: 3 }),
  fc.array(hex, { minLength: 9, maxLength: 12 }),
);
const badPrice = fc.oneof(
  notNumber,
  fc.double({ max: 0, noNaN: true }),
  fc.double({ min: 1000.01, max: 1e300, noNaN: true }),
  fc.constant(0.001),
);
const badKeywords = fc.oneof(
  notText.filter((v) => !Array.isArray(v)),
  fc.constant([]),
  fc.array(fc.constant('kw'), { minLength: 11, maxLength: 15 }),
  fc.array(badText(CONCEPT_LIMITS.keyword), { minLength: 1, maxLength: 3 }),
);
const badImageUrl = fc.oneof(
  notText,
  fc.constantFrom(
    '',
    'https://evil.example/x.png',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    '/api/designs/../../shop/shop.sqlite',
    '/api/designs/%2e%2e%2f%2e%2e%2fshop.sqlite',
    '/api/designs/legacy-cat-000000000000000000000000-preview.png?x=1',
    '/api/designs/legacy-cat-000000000000000000000000-preview.png#x',
    '/api/designs/legacy-cat-000000000000000000000000-preview.png\u0000',
    '//evil.example/api/designs/a-000000000000000000000000-preview.png',
  ),
  fc.string({ maxLength: 40 }),
);
const badBrand = fc.oneof(
  notText.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
  fc.record({ name: badText(80) }).map((junk) => ({ ...BRAND, ...junk })),
  fc.record({ colors: badColors }).map((junk) => ({ ...BRAND, ...junk })),
  fc
    .record({
      fonts: fc.oneof(
        notText.filter((v) => !Array.isArray(v)),
        fc.array(badText(60), { minLength: 1, maxLength: 2 }),
      ),
    })
    .map((junk) => ({ ...BRAND, ...junk })),
);

type FieldJunk = Record<string, fc.Arbitrary<unknown>>;

/** One field of a valid body replaced by junk, or removed; the error must name it. */
function mutated(valid: () => Record<string, unknown>, junk: FieldJunk) {
  const field = fc.constantFrom(...Object.keys(junk));
  return field.chain((name) =>
    fc.oneof(
      junk[name]!.map((value) => ({ name, body: { ...valid(), [name]: value } })),
      fc.constant({ name, body: Object.fromEntries(Object.entries(valid()).filter(([key]) => key !== name)) }),
    ),
  );
}

const CONCEPT_JUNK: FieldJunk = {
  productCount: badCount,
  theme: badText(MAX_THEME_CHARS),
  brand: badBrand,
  guidelines: fc.oneof(
    notText.filter((v) => v !== null),
    tooLong(MAX_GUIDELINES_CHARS),
  ),
};
const DESIGN_JUNK: FieldJunk = {
  productName: badText(CONCEPT_LIMITS.name),
  quote: fc.oneof(badText(CONCEPT_LIMITS.quoteMax), fc.constantFrom('a', 'ab', ' ab ')),
  category: badText(CONCEPT_LIMITS.category),
  colors: badColors,
};
const PRODUCT_JUNK: FieldJunk = {
  name: badText(CONCEPT_LIMITS.name),
  description: badText(CONCEPT_LIMITS.description),
  price: badPrice,
  category: badText(CONCEPT_LIMITS.category),
  imageUrl: badImageUrl,
  keywords: badKeywords,
};

describe('any JSON at all', () => {
  for (const { name, route } of ENDPOINTS) {
    it(`${name}: arbitrary JSON values and arbitrary text are refused with 400 and {error}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.jsonValue().map((value) => JSON.stringify(value)),
            fc.string({ unit: 'binary', maxLength: 200 }),
          ),
          async (body) => {
            expectRefusal(await call(route, body));
          },
        ),
        { numRuns: 150 },
      );
    });
  }
});

describe('one wrong field in an otherwise valid body', () => {
  it('generate-product-concepts: wrong type, blank, oversized or missing fields get 400 naming the field', async () => {
    await fc.assert(
      fc.asyncProperty(mutated(validConcepts, CONCEPT_JUNK), async ({ name, body }) => {
        if (name === 'guidelines' && !('guidelines' in body)) return; // optional: leaving it out is valid
        expect(expectRefusal(await call(concepts.POST, body))).toContain(name);
      }),
      { numRuns: 200 },
    );
  });

  it('generate-product-design: wrong type, blank, oversized or missing fields get 400 naming the field', async () => {
    await fc.assert(
      fc.asyncProperty(mutated(validDesign, DESIGN_JUNK), async ({ name, body }) => {
        expect(expectRefusal(await call(designs.POST, body))).toContain(name);
      }),
      { numRuns: 200 },
    );
  });

  it('publish-to-shopify: wrong type, blank, oversized, foreign images or missing fields get 400 naming the field', async () => {
    await fc.assert(
      fc.asyncProperty(mutated(validProduct, PRODUCT_JUNK), async ({ name, body }) => {
        const error = expectRefusal(await call(publishing.POST, { product: body }));
        // A URL of the right shape whose design does not exist is refused for that reason instead.
        expect(error).toMatch(name === 'imageUrl' ? /imageUrl|No design image available|no longer on this server/ : new RegExp(name));
      }),
      { numRuns: 200 },
    );
  });

  it('publish-to-shopify: a product that is not an object, nested junk around it, or none at all get 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(notText, fc.jsonValue({ maxDepth: 4 })), async (product) => {
        expectRefusal(await call(publishing.POST, { product }));
      }),
      { numRuns: 100 },
    );
    expectRefusal(await call(publishing.POST, {}));
  });
});

describe('transport-level junk', () => {
  it('refuses what is not UTF-8 JSON, whatever its label says, and never pollutes prototypes', async () => {
    for (const { route } of ENDPOINTS) {
      const cases: [string | Buffer, Record<string, string>, number][] = [
        [Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), {}, 400], // invalid UTF-8
        [Buffer.from([0xc0, 0xae, 0x7b, 0x7d]), {}, 400], // overlong UTF-8
        ['\ufeff{"productCount": 2}', {}, 400],
        ['{"a":1}', { 'content-type': 'text/plain' }, 415],
        ['{"a":1}', { 'content-type': 'application/jsonp' }, 415],
        ['{"a":1}', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
        ['{"a":1}', { 'content-type': '' }, 415],
        ['{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}', {}, 400],
        [`${'['.repeat(200_000)}${']'.repeat(200_000)}`, {}, 400], // nested 200,000 deep
        ['{"productCount": 1e400, "price": -0, "quote": "\\ud800"}', {}, 400],
        ['{"a": 1, "a": 2, "a": {"b": [1, 2, {"c": null}]}}', {}, 400],
        ['null', {}, 400],
        ['"just a string"', {}, 400],
        ['   \n\t  ', {}, 400],
      ];
      for (const [body, headers, status] of cases) {
        const req = new Request(`${ORIGIN}/api/endpoint`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...opened!.auth, ...headers },
          body: typeof body === 'string' ? body : new Uint8Array(body),
        });
        expectRefusal(await answerOf(route, req), [status]);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers 413 on every POST endpoint for a body over 1 MB, declared or streamed', async () => {
    const big = JSON.stringify({ ...validConcepts(), guidelines: 'x'.repeat(1_100_000) });
    for (const { name, route } of ENDPOINTS) {
      const declared = await answerOf(route, request(big, { 'content-length': String(Buffer.byteLength(big)) }));
      expect(expectRefusal(declared, [413]), name).toBe('The request body is larger than 1 MB');
      const endless = endlessJsonBody();
      expectRefusal(await answerOf(route, request(endless.body)), [413]);
      expect(endless.pulled()).toBeLessThan(20); // it stopped reading, rather than buffering whatever came
    }
  });
});

describe('valid bodies with any text in them', () => {
  const anyText = (max: number) =>
    fc
      .oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: Math.min(max, 40) }), fc.constantFrom(...HOSTILE_TEXTS))
      .filter((text) => text.trim().length > 0 && text.length <= max);

  it('generate-product-concepts succeeds for any theme and guidelines, with concepts that pass the API’s own checks', async () => {
    await fc.assert(
      fc.asyncProperty(
        anyText(MAX_THEME_CHARS),
        fc.option(fc.string({ unit: 'binary', maxLength: 300 }), { nil: undefined }),
        fc.integer({ min: 1, max: 3 }),
        fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
        async (theme, guidelines, productCount, extra) => {
          // Unknown keys are ignored, whatever they hold.
          const body = { ...extra, productCount, theme, brand: BRAND, guidelines: guidelines ?? null };
          const answer = await call(concepts.POST, body);
          expect(answer.status, JSON.stringify(answer.json)).toBe(200);
          const { products } = answer.json as { products: { name: string; quote_primary: string; category: string }[] };
          expect(products).toHaveLength(productCount);
          for (const product of products) {
            // Each concept is a valid body for the next step, as the page sends it.
            const design = {
              productName: product.name,
              quote: product.quote_primary,
              category: product.category,
              colors: [...BRAND.colors],
            };
            expect(DesignRequestSchema.safeParse(design).success, JSON.stringify(design)).toBe(true);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('generate-product-design renders hostile and arbitrary text, or says why it cannot (422), never a 500', async () => {
    const samples = fc.sample(anyText(CONCEPT_LIMITS.category), { numRuns: 2, seed: 7 });
    const texts = ['<script>window.__pwned=1</script>', '</text><svg onload=alert(1)>', 'R&D “quotes” \u202Eevil\u202C 🤖', ...samples];
    for (const text of texts) {
      const answer = await call(designs.POST, {
        productName: text.slice(0, CONCEPT_LIMITS.name),
        quote: `${text} and more`,
        category: text,
        colors: ['#fe972e'],
      });
      if (answer.status !== 200) expectRefusal(answer, [422]);
      else expect((answer.json as { imageUrl: string }).imageUrl).toMatch(/^\/api\/designs\/[a-z0-9-]+-[0-9a-f]{24}-preview\.png$/);
    }
    for (const hostile of texts.slice(0, 3)) {
      const answer = await call(designs.POST, { productName: hostile, quote: hostile, category: 'Hostile', colors: ['#000000'] });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    }
  });

  it('publish-to-shopify publishes any text and price as given, cleaned of control characters', async () => {
    const store = LocalShopStore.open(opened!.dataDir);
    try {
      await fc.assert(
        fc.asyncProperty(
          anyText(CONCEPT_LIMITS.name),
          anyText(CONCEPT_LIMITS.description),
          fc.double({ min: 0.01, max: 1000, noNaN: true }),
          fc.array(anyText(CONCEPT_LIMITS.keyword), { minLength: 1, maxLength: 3 }),
          async (name, description, price, keywords) => {
            const answer = await call(publishing.POST, {
              product: { ...validProduct(), name, description, price, category: name.slice(0, 40), keywords },
            });
            expect(answer.status, JSON.stringify(answer.json)).toBe(200);
            const { handle } = answer.json as { productId: string; handle: string };
            expect(handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
            const stored = store.productByHandle(handle)!;
            expect(stored.title).toBe(
              name
                .replace(/\p{Cc}+/gu, ' ')
                .replace(/\s+/g, ' ')
                .trim(),
            );
          },
        ),
        { numRuns: 6 },
      );
    } finally {
      store.close();
    }
  });
});

describe('GET /api/designs/{name}', () => {
  it('answers 404 {error} for any name that is not a stored design, traversal and NUL included', async () => {
    const names = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.constantFrom(
        '../../shop/shop.sqlite',
        '..\\..\\shop\\shop.sqlite',
        '/etc/passwd',
        'a-000000000000000000000000-preview.png\u0000.txt',
        '.',
        '..',
        '',
      ),
      fc.stringMatching(/^[a-z0-9-]{1,20}-[0-9a-f]{24}-(preview|print)\.png$/),
    );
    await fc.assert(
      fc.asyncProperty(names, async (file) => {
        const answer = await answerOf(designFiles.GET, new Request(`${ORIGIN}/api/designs/x`, { headers: opened!.auth }), { file });
        expectRefusal(answer, [404]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the log', () => {
  it('recorded no 500 among all of the above', () => {
    expect(logged.filter((line) => /\(500\)/.test(line))).toEqual([]);
  });
});
