import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { harness, hydrated, jsonLdOf, layoutShift, newPage, unexpectedErrors, visit, watchIslandCode } from './harness.ts';
import { numericId, productWithoutImage, productWithSoldOutVariant, soldOutProduct, variantsOf } from './shop-data.ts';

/** The product page: variants and the URL, sold-out states, the browser re-read, metadata. */

function optionButton(page: Page, option: string, value: string) {
  return page.getByRole('group', { name: new RegExp(`^${option}`) }).getByRole('button', { name: new RegExp(`^${value}\\b`) });
}

/** Answers the page's ProductAvailability re-read with `data` instead of asking the shop. */
async function answerReRead(page: Page, data: unknown): Promise<void> {
  await page.route(harness.store.graphqlUrl, async (route: Route) => {
    const body = route.request().postData() ?? '';
    if (!body.includes('ProductAvailability')) return route.continue();
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify({ data }),
    });
  });
}

export function productJourneys(): void {
  describe('product page', () => {
    it('chooses a variant from the option buttons and keeps it in the URL across a reload', async () => {
      const { product, available } = await productWithSoldOutVariant();
      const { page, messages, close } = await newPage();
      await visit(page, `/product/${product.handle}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(product.title);
      expect(await page.locator('.product-price').textContent()).toMatch(/^USD \$\d+\.\d{2}$/);
      for (const { name, value } of available.selectedOptions) await optionButton(page, name, value).click();
      await page.waitForURL((url) => url.searchParams.get('variant') === numericId(available.id));
      for (const { name, value } of available.selectedOptions)
        expect(await optionButton(page, name, value).getAttribute('aria-pressed')).toBe('true');

      await page.reload();
      await hydrated(page);
      for (const { name, value } of available.selectedOptions) {
        await page.waitForFunction(
          ([option, choice]) =>
            [...document.querySelectorAll('[role="group"]')].some(
              (group) =>
                group.textContent?.startsWith(option!) &&
                group.querySelector(`button[aria-pressed="true"]`)?.textContent?.startsWith(choice!),
            ),
          [name, value],
        );
      }
      expect(await page.getByRole('button', { name: 'Add to Cart' }).isEnabled()).toBe(true);
      // Hydrating onto the variant from the URL moves nothing.
      expect(await layoutShift(page)).toBeLessThan(0.01);
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });

    it('marks a sold-out combination and shows a disabled Out of Stock for it', async () => {
      const { product, soldOut } = await productWithSoldOutVariant();
      const { page, close } = await newPage();
      await visit(page, `/product/${product.handle}`);
      for (const { name, value } of soldOut.selectedOptions) await optionButton(page, name, value).click();
      // The first click hydrates the island; the clicks are replayed on it in order.
      await page.waitForFunction(() => document.querySelector('.purchase > .btn')?.textContent === 'Out of Stock');
      const button = page.locator('.purchase > .btn');
      expect(await button.isDisabled()).toBe(true);
      // The value that makes the combination sold out is marked, not hidden.
      const last = soldOut.selectedOptions.at(-1)!;
      const first = soldOut.selectedOptions[0]!;
      const marked = await page.locator('.option-value[data-state="sold-out"]').allTextContents();
      expect(marked.some((text) => text.startsWith(first.value) || text.startsWith(last.value))).toBe(true);
      expect(marked.every((text) => text.includes('(sold out)'))).toBe(true);

      // A link straight to the sold-out variant opens on it.
      await visit(page, `/product/${product.handle}?variant=${numericId(soldOut.id)}`);
      await page.waitForFunction(() => document.querySelector('.purchase > .btn')?.textContent === 'Out of Stock');
      expect(await page.locator('.purchase > .btn').isDisabled()).toBe(true);
      await close();
    });

    it('runs no island code while the shop still has the price and availability the page was built with', async () => {
      const { product, available } = await productWithSoldOutVariant();
      const { page, messages, close } = await newPage();
      const { islandCodeFetched } = watchIslandCode(page);
      await visit(page, `/product/${product.handle}`);
      await page.locator('[data-live-check="current"]').waitFor({ state: 'attached' });
      // The header's cart button and the purchase block; the price line is plain markup the check writes into.
      const islands = page.locator('astro-island[client="interact"]');
      expect(await islands.count()).toBe(2);
      expect(await page.locator('astro-island .product-price').count()).toBe(0);
      expect(await page.locator('astro-island[data-hydrate-when="interaction"]').count()).toBe(await islands.count());
      expect(await islandCodeFetched()).toEqual([]);
      // Reaching for the purchase island hydrates it; the clicks are replayed, and Add to Cart works.
      for (const { name, value } of available.selectedOptions) await optionButton(page, name, value).click();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.locator('.toast', { hasText: 'Added to cart!' }).waitFor();
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });

    it('a product sold out in every variant cannot be added', async () => {
      const product = await soldOutProduct();
      const { page, close } = await newPage();
      await visit(page, `/product/${product.handle}`);
      const button = page.locator('.purchase > .btn');
      expect(await button.textContent()).toBe('Out of Stock');
      expect(await button.isDisabled()).toBe(true);
      await close();
    });

    it('a product without an image shows No Image and still sells', async () => {
      const product = await productWithoutImage();
      const { page, close } = await newPage();
      await visit(page, `/product/${product.handle}`);
      expect(await page.locator('.media-main .no-image').textContent()).toBe('No Image');
      expect(await page.getByRole('button', { name: 'Add to Cart' }).isEnabled()).toBe(true);
      await close();
    });

    it('re-reads price and availability after load and shows what changed', async () => {
      const { product } = await productWithSoldOutVariant();
      const variants = variantsOf(product);
      const { page, close } = await newPage();
      await answerReRead(page, {
        product: {
          id: 'gid://shopify/Product/1',
          priceRange: { minVariantPrice: { amount: '11.50', currencyCode: 'USD' } },
          variants: {
            edges: variants.map((v, i) => ({
              node: { id: v.id, availableForSale: i !== 0, price: { amount: '11.50', currencyCode: 'USD' } },
            })),
          },
        },
      });
      await visit(page, `/product/${product.handle}`);
      await page.waitForFunction(() => document.querySelector('.product-price')?.textContent === 'USD $11.50');
      // The first variant (selected by default) has sold out since the build.
      await page.waitForFunction(() => document.querySelector('.purchase > .btn')?.textContent === 'Out of Stock');
      await close();
    });

    it('says Product not found when the product was deleted after the build', async () => {
      const { product } = await productWithSoldOutVariant();
      const { page, close } = await newPage();
      await answerReRead(page, { product: null });
      await visit(page, `/product/${product.handle}`);
      const gone = page.locator('[data-page-state="gone"]');
      await gone.waitFor({ state: 'visible' });
      expect(await gone.getByRole('heading').textContent()).toBe('Product not found');
      expect(await gone.getByRole('link', { name: 'Return to Store' }).getAttribute('href')).toBe('/');
      expect(await page.locator('[data-page-state="ready"]').isVisible()).toBe(false);
      await close();
    });

    it('says Product variant not available when the product has no variants left', async () => {
      const { product } = await productWithSoldOutVariant();
      const { page, close } = await newPage();
      await answerReRead(page, {
        product: { id: 'x', priceRange: { minVariantPrice: { amount: '0.0', currencyCode: 'USD' } }, variants: { edges: [] } },
      });
      await visit(page, `/product/${product.handle}`);
      const missing = page.locator('[data-page-state="no-variant"]');
      await missing.waitFor({ state: 'visible' });
      expect(await missing.getByRole('heading').textContent()).toBe('Product variant not available');
      expect(await missing.getByRole('link', { name: 'Return to Store' }).getAttribute('href')).toBe('/');
      await close();
    });

    it('has Back to Store, metadata and Product JSON-LD with offers', async () => {
      const { product } = await productWithSoldOutVariant();
      const { page, close } = await newPage();
      await visit(page, `/product/${product.handle}?variant=1`);
      expect(await page.getByRole('link', { name: 'Back to Store' }).getAttribute('href')).toBe('/');
      expect(await page.title()).toBe(`${product.title} | Neural Threads`);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${harness.store.siteUrl}/product/${product.handle}`);
      expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('product');
      const jsonLd = await jsonLdOf<{
        '@type': string;
        name: string;
        offers: { price: string; priceCurrency: string; availability: string }[];
      }>(page);
      expect(jsonLd['@type']).toBe('Product');
      expect(jsonLd.name).toBe(product.title);
      expect(jsonLd.offers).toHaveLength(variantsOf(product).length);
      expect(jsonLd.offers.map((o) => o.availability)).toContain('https://schema.org/OutOfStock');
      expect(jsonLd.offers.every((o) => /^\d+\.\d+$/.test(o.price) && o.priceCurrency === 'USD')).toBe(true);
      await close();
    });
  });
}
