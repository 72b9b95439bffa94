import { describe, expect, it } from 'vitest';
import type { Concept } from '../../shared/generator/browser.ts';
import { HOSTILE_TEXTS } from '../support/hostile-text.ts';
import { MODEL_API_KEY } from '../support/openai-model.ts';
import { openAIError } from '../support/openai-server.ts';
import { designsDone, openSignedIn, readRun, startRun } from './generator-page.ts';
import { AUTH_CHECK, harness, newPage, unexpectedErrors } from './harness.ts';
import { expectNothingRan, textsOf, watchDialogs } from './hostile-guard.ts';

/**
 * The /generator page with hostile text, on real runs: the store's generator asks the loopback
 * OpenAI model (tests/support/openai-model.ts) through the real SDK, and the model answers hostile
 * text the way a model could: concepts that echo a hostile theme and guidelines, hostile names,
 * categories, quotes and keywords, a refusal, an image request that fails with a hostile message.
 * Cards, the progress line and toasts (a failed run, a publish) show it all as text; nothing runs.
 */

const HOSTILE_CONCEPTS: Concept[] = [
  {
    name: '<img src=x onerror=alert(1)> Tee',
    description: HOSTILE_TEXTS.join(' '),
    price: 24.99,
    category: '</text><script>window.__pwned=3</script>',
    quote_primary: '<script>window.__pwned=1</script> & "quotes" \u202Eevil\u202C',
    keywords: ['<b>bold</b>', '"><svg onload=window.__pwned=4>'],
  },
  {
    name: 'R&D "Lab" \u202Eevil\u202C 🤖',
    description: 'A tee.',
    price: 19.99,
    category: '"><svg onload=window.__pwned=4>',
    quote_primary: '{{constructor.constructor("window.__pwned=7")()}}',
    keywords: ['javascript:window.__pwned=6'],
  },
];
const DESIGN_ERROR = '<img src=x onerror="window.__pwned=2"> could not be drawn & "quoted"';
const REFUSAL = '</script><script>window.__pwned=5</script> I won\'t & can\'t "write" that';

export function hostileGeneratorJourneys(): void {
  describe('hostile text on the generator page', () => {
    it('a run with a hostile theme and guidelines, and a model that refuses in markup: cards and toast show it as text', async () => {
      const { page, context, messages, close } = await newPage();
      const watch = watchDialogs(context);
      await openSignedIn(page);
      const theme = HOSTILE_TEXTS.slice(0, 4).join(' ').slice(0, 200);
      const id = await startRun(page, 1, theme, HOSTILE_TEXTS.join('\n'));
      await designsDone(page);
      const { products } = await readRun(id);
      // The model's concepts carry the theme, as a model's would.
      expect(products[0]!.name).toContain('<script>window.__pwned=1</script>');
      expect(await textsOf(page, '.gen-card-title')).toEqual(products.map((p) => p.name));
      expect(await textsOf(page, '.gen-card-category')).toEqual(products.map((p) => p.category));
      expect(await textsOf(page, '.gen-card-quote')).toEqual(products.map((p) => `“${p.quote_primary}”`));
      const img = page.locator('.gen-card img');
      expect(await img.getAttribute('src')).toMatch(/^\/api\/designs\/[a-z0-9-]+-[0-9a-f]{24}-preview\.png$/);
      expect(await img.getAttribute('alt')).toBe(`Design for ${products[0]!.name}: ${products[0]!.quote_primary}`);
      expect(await img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
      expect(await page.content()).not.toContain(MODEL_API_KEY);
      await expectNothingRan(page, watch);

      // The model refuses, in markup: the run fails, and the toast says why, as text.
      harness.model.conceptsFor('refuse in markup', { refusal: REFUSAL });
      const failedToast = `Failed to generate products: OpenAI declined to write product concepts: "${REFUSAL}"`;
      const toasted = page.locator('.toast-title', { hasText: 'Failed to generate products' }).waitFor({ timeout: 60_000 });
      const refused = await startRun(page, 1, 'please refuse in markup');
      await toasted;
      expect(await textsOf(page, '.toast-title')).toContain(failedToast);
      expect(await readRun(refused)).toMatchObject({ state: 'failed', products: [] });
      await expectNothingRan(page, watch);
      expect(unexpectedErrors(messages, [AUTH_CHECK])).toEqual([]);
      await close();
    }, 120_000);

    it('hostile concepts, a hostile design error and a hostile publish: cards, progress and toasts show them as text', async () => {
      const { page, context, messages, close } = await newPage();
      const watch = watchDialogs(context);
      harness.model.conceptsFor('hostile concepts', HOSTILE_CONCEPTS);
      // The first product's artwork is refused with a hostile message; the second is drawn.
      harness.model.failArtwork(HOSTILE_CONCEPTS[0]!.name, { status: 400, json: openAIError(DESIGN_ERROR) });
      // Held while the progress line names it.
      const held = harness.model.holdArtwork(HOSTILE_CONCEPTS[1]!.name);
      await openSignedIn(page);
      const id = await startRun(page, 2, 'hostile concepts');
      await held.reached;
      const progress = page.locator('.sr-only[aria-live="polite"]');
      await progress.filter({ hasText: 'Generating design 2/2' }).waitFor();
      expect(await textsOf(page, '.sr-only[aria-live="polite"]')).toEqual([`Generating design 2/2: ${HOSTILE_CONCEPTS[1]!.name}`]);
      held.release();
      await designsDone(page);

      expect(await textsOf(page, '.gen-card-title')).toEqual(HOSTILE_CONCEPTS.map((c) => c.name));
      expect(await textsOf(page, '.gen-card-category')).toEqual(HOSTILE_CONCEPTS.map((c) => c.category));
      expect(await textsOf(page, '.gen-card-quote')).toEqual(HOSTILE_CONCEPTS.map((c) => `“${c.quote_primary}”`));
      expect(await textsOf(page, '.gen-card-error')).toEqual([`OpenAI rejected the request for design artwork (400): ${DESIGN_ERROR}`]);
      // The keywords went through as they came (the shop gets them as tags).
      expect((await readRun(id)).products.map((p) => p.keywords)).toEqual(HOSTILE_CONCEPTS.map((c) => c.keywords));
      const drawn = page.locator('.gen-card').nth(1);
      expect(await drawn.locator('img').getAttribute('alt')).toBe(
        `Design for ${HOSTILE_CONCEPTS[1]!.name}: ${HOSTILE_CONCEPTS[1]!.quote_primary}`,
      );
      expect(await drawn.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

      // Published for real, into the embedded shop: the toast and the store link carry the hostile name as text.
      const published = `${HOSTILE_CONCEPTS[1]!.name} published to Shopify!`;
      const toasted = page.locator('.toast-title', { hasText: 'published to Shopify!' }).waitFor({ timeout: 60_000 });
      await drawn.getByRole('button', { name: 'Publish to Shopify' }).click();
      await toasted;
      expect(await textsOf(page, '.toast-title')).toContain(published);
      const { handle } = (await readRun(id)).products[1]!;
      expect(handle).toMatch(/^r-and-d-lab-evil-[a-z0-9]+$/);
      expect(await drawn.getByRole('link', { name: /View on Shopify/ }).getAttribute('href')).toBe(`/product/${handle}`);
      await expectNothingRan(page, watch);
      expect(unexpectedErrors(messages, [AUTH_CHECK])).toEqual([]);
      await close();
    }, 120_000);
  });
}
