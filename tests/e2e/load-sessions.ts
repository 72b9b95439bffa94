import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import { harness, siteFetch, staffKey } from './harness.ts';

/**
 * Ten staff sessions using the generator API at once over HTTP, against the real server (one
 * generator worker, one designs folder, one shop): each runs concepts → one design → publish with
 * its own theme, name and colour, and every answer it gets is its own. The store's model is the
 * loopback OpenAI model (tests/support/openai-model.ts), reached through the real SDK: its concepts
 * are about the theme it was sent and its artwork is drawn in the colour the prompt allows, so
 * the design each session is served is drawn in its colour from the artwork to the quote, and
 * after the rebuild each product page carries its session's title.
 */

const SESSIONS = 10;
// One word per session that appears nowhere else, and a colour far from the others.
const WORDS = ['quokka', 'narwhal', 'axolotl', 'pangolin', 'capybara', 'okapi', 'tapir', 'wombat', 'ocelot', 'platypus'];
const COLORS = ['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#ff00ff', '#00ffff', '#800000', '#008000', '#000080', '#808000'];
const REBUILT_WITHIN_MS = 180_000;

interface SessionResult {
  word: string;
  concepts: string;
  imageUrl: string;
  printUrl: string;
  productId: string;
  handle: string;
  name: string;
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await siteFetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    key: await staffKey(),
  });
  const json = (await response.json()) as T & { error?: string };
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${json.error}`);
  return json;
}

/**
 * Opaque pixels of a PNG and how many of them are `hex`, give or take a rounding step per channel:
 * a nearly opaque edge pixel of the downscaled preview can come back one or two levels off once its
 * alpha is taken out, while the other sessions' colours are at least 128 levels away.
 */
async function pixelsOf(png: Buffer, hex: string): Promise<{ opaque: number; matching: number }> {
  const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  let opaque = 0;
  let matching = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3]! < 250) continue;
    opaque++;
    if (Math.abs(data[i]! - r!) <= 4 && Math.abs(data[i + 1]! - g!) <= 4 && Math.abs(data[i + 2]! - b!) <= 4) matching++;
  }
  return { opaque, matching };
}

async function runSession(index: number): Promise<SessionResult> {
  const word = WORDS[index]!;
  const name = `Session ${index} ${word}`;
  const { products } = await post<{ products: { name: string }[] }>('/api/generate-product-concepts', {
    productCount: 2,
    theme: `${word} keepers who automate invoices`,
    brand: BRAND,
  });
  expect(products).toHaveLength(2);
  const { imageUrl, printUrl } = await post<{ imageUrl: string; printUrl: string }>('/api/generate-product-design', {
    productName: name,
    quote: `Only the ${word} knows this quote.`,
    category: 'Load test',
    colors: [COLORS[index]!],
  });
  // The image this session is served is the one drawn for it: its name, and its colour in every opaque pixel.
  expect(imageUrl).toMatch(new RegExp(`^/api/designs/session-${index}-${word}-[0-9a-f]{24}-preview\\.png$`));
  const image = await siteFetch(imageUrl, { key: await staffKey() });
  expect([image.status, image.headers.get('content-type'), image.headers.get('x-content-type-options')]).toEqual([
    200,
    'image/png',
    'nosniff',
  ]);
  const { opaque, matching } = await pixelsOf(Buffer.from(await image.arrayBuffer()), COLORS[index]!);
  expect(opaque).toBeGreaterThan(1000);
  expect(matching).toBe(opaque);
  const { productId, handle } = await post<{ productId: string; handle: string }>('/api/publish-to-shopify', {
    product: { name, description: `Published by session ${index}.`, price: 20 + index, category: 'Load test', imageUrl, keywords: [word] },
  });
  return { word, concepts: JSON.stringify(products), imageUrl, printUrl, productId, handle, name };
}

export function loadSessionJourneys(): void {
  describe(`the generator API under ${SESSIONS} concurrent staff sessions`, () => {
    it('answers every session with its own concepts, design and product, with no cross-talk', async () => {
      const outputBefore = harness.store.output().length;
      const results = await Promise.all(Array.from({ length: SESSIONS }, (_, index) => runSession(index)));

      for (const [index, result] of results.entries()) {
        // Its concepts are about its own theme, and about no other session's.
        expect(result.concepts).toContain(result.word);
        for (const other of WORDS.filter((w) => w !== result.word)) expect(result.concepts, `session ${index}`).not.toContain(other);
        expect(result.handle).toBe(`session-${index}-${result.word}`);
      }
      for (const key of ['imageUrl', 'printUrl', 'productId', 'handle'] as const) {
        expect(new Set(results.map((r) => r[key])).size, key).toBe(SESSIONS);
      }

      // The publishes are gathered into rebuilds; then every product page is its session's product.
      const deadline = Date.now() + REBUILT_WITHIN_MS;
      const titles = new Map<string, string | undefined>();
      for (;;) {
        for (const result of results) {
          if (titles.get(result.handle)) continue;
          const page = await fetch(new URL(`/product/${result.handle}`, harness.store.siteUrl));
          const html = await page.text();
          titles.set(result.handle, page.status === 200 ? /<h1[^>]*class="product-title"[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] : undefined);
        }
        if (results.every((r) => titles.get(r.handle)) || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      for (const result of results) expect(titles.get(result.handle), result.handle).toBe(result.name);
      // Let the last rebuild finish, so the store stops cleanly afterwards.
      const log = () => harness.store.output().slice(outputBefore);
      while (
        (log().match(/Rebuilding the store/g) ?? []).length > (log().match(/Store rebuilt in|could not be rebuilt/g) ?? []).length &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }, 300_000);
  });
}
