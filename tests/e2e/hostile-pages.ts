import { describe, expect, it } from 'vitest';
import { STORE_NAME } from '../../shared/common/index.ts';
import { metaDescription } from '../../shared/common/index.ts';
import { harness, hydrated, jsonLdOf, newPage, newTabFrom, openDrawer, suggestFor, unexpectedErrors, visit } from './harness.ts';
import { HOSTILE_PRODUCTS } from './hostile-catalogue.ts';
import { expectNothingRan, textsOf, watchDialogs } from './hostile-guard.ts';

/**
 * The storefront with a hostile catalogue, in Chromium: home page, product page (with its JSON-LD),
 * the toast, the cart drawer and the embedded shop's checkout page show every title, description,
 * option and alt text as the literal text, and nothing in them runs.
 */

const [markup, quotes] = HOSTILE_PRODUCTS as [(typeof HOSTILE_PRODUCTS)[number], (typeof HOSTILE_PRODUCTS)[number]];

export function hostilePageJourneys(): void {
  describe('hostile product text in Chromium', () => {
    it('home page: every title, description and alt text shows as text, and nothing runs', async () => {
      const { page, context, messages, close } = await newPage();
      const watch = watchDialogs(context);
      await visit(page, '/');
      for (const product of HOSTILE_PRODUCTS) {
        const link = page.locator(`a.card-link[href="/product/${product.handle}"]`);
        expect(await link.textContent()).toBe(product.title);
        expect(await link.isVisible()).toBe(true);
        const card = page.locator('.card', { has: link });
        expect(await card.locator('.card-description').textContent()).toBe(product.description);
        expect(await card.locator('img').getAttribute('alt')).toBe(product.altText);
      }
      await page
        .locator('.card', { has: page.locator(`a[href="/product/${quotes.handle}"]`) })
        .getByRole('button', { name: 'Add to Cart' })
        .click();
      await page.locator('.toast', { hasText: 'Added to cart!' }).waitFor();
      expect(await page.locator('.toast-description').first().textContent()).toBe(quotes.title);
      await expectNothingRan(page, watch);
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });

    it('product page: title, description, options and JSON-LD hold the literal text; picking a hostile option and adding it runs nothing', async () => {
      const { page, context, messages, close } = await newPage();
      const watch = watchDialogs(context);
      await visit(page, `/product/${markup.handle}`);
      expect(await page.title()).toBe(`${markup.title} | ${STORE_NAME}`);
      expect(await page.locator('h1.product-title').textContent()).toBe(markup.title);
      expect(await page.locator('.product-description p').textContent()).toBe(markup.description);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(metaDescription(markup.description));
      expect(await page.locator('.media-main img').getAttribute('alt')).toBe(markup.altText);
      expect(await textsOf(page, '.option-value')).toEqual(markup.optionValues);

      // The description's `</script>` did not end the JSON-LD: it parses, with the texts intact.
      const data = await jsonLdOf<{ name: string; description: string; offers: { name: string }[] }>(page);
      expect([data.name, data.description]).toEqual([markup.title, markup.description]);
      expect(data.offers.map((offer) => offer.name)).toEqual(markup.optionValues);

      const hostileValue = markup.optionValues[1]!;
      await page.locator('.option-value', { hasText: hostileValue }).click();
      // The click hydrates the island and is replayed on it.
      await page.waitForFunction((value) => document.querySelector('.option-chosen')?.textContent === `: ${value}`, hostileValue);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.locator('.toast', { hasText: 'Added to cart!' }).waitFor();
      expect(await page.locator('.toast-description').first().textContent()).toBe(markup.title);
      await expectNothingRan(page, watch);
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });

    it("search: the box's suggestions and the /search page's results show hostile titles as text, and nothing runs", async () => {
      const { page, context, messages, close } = await newPage();
      const watch = watchDialogs(context);
      await visit(page, '/');
      const { listbox } = await suggestFor(page, 'Tee');
      expect(await listbox.locator('.search-option-label').allTextContents()).toContain(markup.title);
      await expectNothingRan(page, watch);
      for (const [words, product] of [
        ['Tee', markup],
        ['Jerry', quotes],
      ] as const) {
        await visit(page, `/search?q=${words}`);
        await page.locator('.search-result').first().waitFor();
        const result = page.locator('.search-result', { has: page.locator(`a[href="/product/${product.handle}"]`) });
        expect(await result.locator('.search-result-title').textContent(), words).toBe(product.title);
        const description = (await result.locator('.search-result-description').textContent())!.replace(/…$/, '');
        expect(description.length, words).toBeGreaterThan(10);
        expect(product.description.startsWith(description), words).toBe(true);
        await expectNothingRan(page, watch);
      }
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });

    it('product page with a hostile option name: the heading shows it as text', async () => {
      const { page, context, close } = await newPage();
      const watch = watchDialogs(context);
      await visit(page, `/product/${quotes.handle}`);
      expect(await page.locator('h1.product-title').textContent()).toBe(quotes.title);
      expect((await page.locator('.option-name').textContent())?.startsWith(quotes.optionName)).toBe(true);
      expect(await textsOf(page, '.option-value')).toEqual(quotes.optionValues);
      const data = await jsonLdOf<{ name: string; description: string }>(page);
      expect([data.name, data.description]).toEqual([quotes.title, quotes.description]);
      await expectNothingRan(page, watch);
      await close();
    });

    it('hostile paths, query strings and fragments in the address run nothing, on the 404 page or a product page', async () => {
      const { page, context, messages, close } = await newPage();
      const watch = watchDialogs(context);
      const addresses = [
        '/%3Cscript%3Ewindow.__pwned=1%3C/script%3E',
        '/product/%22%3E%3Csvg%20onload=alert(1)%3E',
        `/product/${markup.handle}?variant=%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E`,
        `/product/${markup.handle}#%3Cimg%20src=x%20onerror=alert(1)%3E`,
        '/?q=%3Cscript%3Ewindow.__pwned=1%3C/script%3E',
      ];
      for (const address of addresses) {
        await page.goto(new URL(address, harness.store.siteUrl).toString());
        await hydrated(page);
        await expectNothingRan(page, watch);
      }
      // The 404 page logs the missing path, as text.
      expect(messages).toContain('error: Page not found: /%3Cscript%3Ewindow.__pwned=1%3C/script%3E');
      expect(unexpectedErrors(messages, [/Page not found: /, /404 \(Not Found\)/])).toEqual([]);
      await close();
    });

    it('cart drawer and the embedded shop’s checkout page show the hostile lines as text', async () => {
      const { page, context, messages, close } = await newPage();
      const watch = watchDialogs(context);
      await visit(page, `/product/${markup.handle}`);
      const hostileValue = markup.optionValues[2]!;
      await page.locator('.option-value', { hasText: 'evil' }).click();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      // Both clicks hydrate the island and are replayed on it; the toast says the line is in.
      await page.locator('.toast', { hasText: 'Added to cart!' }).waitFor();
      await visit(page, `/product/${quotes.handle}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();

      const sheet = await openDrawer(page);
      expect(await textsOf(page, '.drawer .line-title')).toEqual([markup.title, quotes.title]);
      expect(await textsOf(page, '.drawer .line-options')).toEqual([hostileValue, quotes.optionValues[0]!]);
      expect(await sheet.getByRole('button', { name: `Remove ${markup.title}` }).count()).toBe(1);
      await expectNothingRan(page, watch);

      const checkout = await newTabFrom(context, () => sheet.getByRole('button', { name: 'Checkout' }).click());
      expect(new URL(checkout.url()).origin).toBe(new URL(harness.store.shopUrl).origin);
      expect(await textsOf(checkout, '.title')).toEqual([markup.title, quotes.title]);
      expect(await textsOf(checkout, '.opts')).toEqual([
        `${markup.optionName}: ${hostileValue}`,
        `${quotes.optionName}: ${quotes.optionValues[0]}`,
      ]);
      expect(await checkout.locator('td img').first().getAttribute('alt')).toBe(markup.altText);
      await expectNothingRan(checkout, watch);
      await hydrated(page);
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });
  });
}
