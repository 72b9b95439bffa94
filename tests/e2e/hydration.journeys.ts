import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cartCount, drawer, harness, hydrated, newPage, settled, visit, watchIslandCode } from './harness.ts';
import { productWithOptions, soldOutProduct, variantsOf } from './shop-data.ts';

/**
 * Islands hydrate late (client:interact): when the shopper reaches for one of their buttons, and after the page's first
 * press, key or focus the ones near the viewport follow at idle. A shopper who clicks before that must
 * not lose the click. The island code is held back on the
 * network until after the click, so the click surely lands on server-rendered HTML.
 */

/** Opens `path` with every island module held until the returned release() is called. */
async function openWithIslandsHeld(page: Page, path: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not until 'load': a page's own module scripts are held too, and the document waits for them.
  await page.goto(new URL(path, harness.store.siteUrl).toString(), { waitUntil: 'commit' });
  await page.locator('footer').waitFor({ state: 'attached' });
  expect(await page.locator('astro-island[ssr]').count()).toBeGreaterThan(0);
  return release;
}

export function hydrationJourneys(): void {
  describe('clicks before hydration', () => {
    it("a card's Add to Cart adds once, with its toast, when the island arrives", async () => {
      const { page, close } = await newPage();
      const release = await openWithIslandsHeld(page, '/');
      const card = page.locator('.card').first();
      await card.getByRole('button', { name: 'Add to Cart' }).click();
      release();
      await hydrated(page);
      await page.locator('.toast', { hasText: 'Added to cart!' }).waitFor();
      await page.waitForFunction(() => document.querySelector('.cart-count')?.textContent === '1');
      await settled(page); // a second, duplicate add would have started by now
      expect(await cartCount(page)).toBe(1);
      const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart'))) ?? '{}') as {
        items: { quantity: number }[];
      };
      expect(stored.items.map((i) => i.quantity)).toEqual([1]);
      await close();
    });

    it("a grid's Add to Cart island waits for a button: the pointer over a card or a disabled button fetches nothing, over an enabled one it hydrates", async () => {
      const { page, close } = await newPage();
      const { islandCodeFetched } = watchIslandCode(page);
      await visit(page, '/');
      const grid = page.locator('astro-island', { has: page.locator('.card') });
      expect(await grid.count()).toBe(1);
      expect(await grid.getAttribute('data-hydrate-when')).toBe('interaction');
      const card = page.locator('.card').first();
      // The title's link covers the card: over the photo and over the title, the pointer is on it.
      await card.hover({ position: { x: 20, y: 20 } });
      await card.locator('.card-link').hover();
      // A disabled button is not one the shopper can use.
      const soldOut = await soldOutProduct();
      await page
        .locator('.card', { has: page.locator(`a[href="/product/${soldOut.handle}"]`) })
        .getByRole('button', { name: 'Out of Stock' })
        .hover({ force: true });
      await settled(page);
      expect(await islandCodeFetched()).toEqual([]);
      await card.getByRole('button', { name: 'Add to Cart' }).hover();
      await page.waitForFunction(() => !document.querySelector('astro-island:has(.card)')?.hasAttribute('ssr'));
      expect(await islandCodeFetched()).toContain(new URL((await grid.getAttribute('component-url'))!, harness.store.siteUrl).pathname);
      await card.getByRole('button', { name: 'Add to Cart' }).click();
      await page.locator('.toast', { hasText: 'Added to cart!' }).waitFor();
      expect(await cartCount(page)).toBe(1);
      await close();
    });

    it('the cart button opens the drawer', async () => {
      const { page, close } = await newPage();
      const release = await openWithIslandsHeld(page, '/');
      await page.getByRole('button', { name: /^Cart, / }).click();
      release();
      await drawer(page).waitFor({ state: 'visible' });
      await close();
    });

    it('an option chosen on the product page stays chosen', async () => {
      const product = await productWithOptions();
      const target = variantsOf(product).at(-1)!;
      const option = target.selectedOptions.at(-1)!;
      const { page, close } = await newPage();
      const release = await openWithIslandsHeld(page, `/product/${product.handle}`);
      const button = page
        .getByRole('group', { name: new RegExp(`^${option.name}`) })
        .getByRole('button', { name: option.value, exact: true });
      expect(await button.getAttribute('aria-pressed')).toBe('false');
      await button.click();
      release();
      await hydrated(page);
      await page.waitForFunction(
        ([name, value]) =>
          [...document.querySelectorAll('[role="group"]')].some(
            (group) =>
              group.textContent?.startsWith(name!) && group.querySelector('button[aria-pressed="true"]')?.textContent?.startsWith(value!),
          ),
        [option.name, option.value],
      );
      await close();
    });
  });
}
