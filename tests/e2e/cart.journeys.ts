import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  cartButton,
  cartCount,
  drawer,
  harness,
  hydrated,
  newPage,
  newTabFrom,
  openDrawer,
  sheetsWithRule,
  storedCart,
  unexpectedErrors,
  visit,
  withoutConstructedSheets,
} from './harness.ts';
import { serializeCart, type CartItem } from '../../shared/cart/index.ts';
import { cartItemFor } from '../../site/features/cart/cart-item.ts';
import { productWithOptions, productWithSoldOutVariant, variantsOf, type ShopProduct, type ShopVariant } from './shop-data.ts';

/** The cart: the whole shopper journey to checkout, persistence, other tabs, bad storage, keyboard, failure. */

function expectCheckoutPage(tab: Page): void {
  const url = new URL(tab.url());
  expect(url.origin).toBe(new URL(harness.store.shopUrl).origin);
  expect(url.pathname).toMatch(/^\/cart\/c\//);
  expect(url.searchParams.get('channel')).toBe('online_store');
}

/** Adds the product of the card at `index` (the first by default) and waits until the cart holds it (the click may first hydrate the card). */
async function addCard(page: Page, index = 0): Promise<void> {
  const before = await page.evaluate(() => localStorage.getItem('shopify-cart'));
  await page.locator('.card').nth(index).getByRole('button', { name: 'Add to Cart' }).click();
  await page.waitForFunction((stored) => localStorage.getItem('shopify-cart') !== stored, before);
}

export function cartJourneys(): void {
  describe('cart and checkout', () => {
    it('home → card → product → variant → add → drawer → plus, minus, remove → checkout tab', async () => {
      const product = await productWithOptions();
      const variant = variantsOf(product).at(-1)!;
      const { page, context, messages, close } = await newPage();
      await visit(page, '/');
      await page.locator(`.card a.card-link[href="/product/${product.handle}"]`).click();
      await page.waitForURL((url) => url.pathname === `/product/${product.handle}`);
      await hydrated(page);
      for (const { name, value } of variant.selectedOptions) {
        await page
          .getByRole('group', { name: new RegExp(`^${name}`) })
          .getByRole('button', { name: value, exact: true })
          .click();
      }
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.locator('.toast', { hasText: 'Added to cart!' }).waitFor();
      expect(await page.locator('.toast-description').first().textContent()).toBe(product.title);

      const sheet = await openDrawer(page);
      expect(await sheet.getByRole('heading', { name: 'Shopping Cart' }).count()).toBe(1);
      expect(await sheet.locator('.drawer-summary').textContent()).toBe('1 item(s) in your cart');
      const line = sheet.locator('.line');
      expect(await line.locator('.line-title').textContent()).toBe(product.title);
      expect(await line.locator('.line-options').textContent()).toBe(variant.selectedOptions.map((o) => o.value).join(' • '));
      const unit = `USD $${Number(variant.price.amount).toFixed(2)}`;
      expect(await line.locator('.line-price').textContent()).toBe(unit);
      expect(await sheet.locator('.drawer-total-amount').textContent()).toBe(unit);

      await sheet.getByRole('button', { name: `Increase quantity of ${product.title}` }).click();
      expect(await sheet.locator('.drawer-summary').textContent()).toBe('2 item(s) in your cart');
      expect(await sheet.locator('.drawer-total-amount').textContent()).toBe(`USD $${(Number(variant.price.amount) * 2).toFixed(2)}`);
      expect(await cartCount(page)).toBe(2);
      await sheet.getByRole('button', { name: `Decrease quantity of ${product.title}` }).click();
      expect(await sheet.locator('.drawer-summary').textContent()).toBe('1 item(s) in your cart');
      await sheet.getByRole('button', { name: `Remove ${product.title}` }).click();
      expect(await sheet.locator('.drawer-summary').textContent()).toBe('Your cart is empty');
      expect(await sheet.getByRole('button', { name: 'Checkout' }).isDisabled()).toBe(true);
      expect(await sheet.locator('.drawer-total-amount').textContent()).toBe('USD $0.00');

      await sheet.getByRole('button', { name: 'Close cart' }).click();
      await drawer(page).waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await openDrawer(page);
      const tab = await newTabFrom(context, () => drawer(page).getByRole('button', { name: 'Checkout' }).click());
      expectCheckoutPage(tab);
      expect(await tab.getByRole('heading', { level: 1 }).textContent()).toBe('Test checkout');
      expect(await tab.locator('body').textContent()).toContain(product.title);
      await drawer(page).waitFor({ state: 'hidden' });
      expect((await storedCart(page))?.items).toHaveLength(1);
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });

    it("draws the drawer with the styles its code brings, also as a <style> the page's policy allows where constructed sheets are missing", async () => {
      for (const constructed of [true, false]) {
        const { page, context, messages, close } = await newPage({ width: 412, height: 823 });
        if (!constructed) await withoutConstructedSheets(context);
        await visit(page, '/');
        const drawerRules = () => sheetsWithRule(page, '.drawer-panel');
        // The page's own sheet leaves the drawer out: its code brings its styles.
        expect(await drawerRules(), `constructed sheets: ${constructed}`).toBe(0);
        const sheet = await openDrawer(page);
        expect(await drawerRules(), `constructed sheets: ${constructed}`).toBe(1);
        const panel = sheet.locator('.drawer-panel');
        expect(await panel.evaluate((element) => getComputedStyle(element).position)).toBe('absolute');
        expect(await panel.evaluate((element) => Math.round(element.getBoundingClientRect().right))).toBe(412);
        expect(await page.evaluate(() => document.querySelectorAll('head > style').length)).toBe(constructed ? 3 : 4);
        await sheet.getByRole('button', { name: 'Close cart' }).click();
        await drawer(page).waitFor({ state: 'hidden' });
        await openDrawer(page);
        expect(await drawerRules(), 'applied once, however often the drawer opens').toBe(1);
        expect(unexpectedErrors(messages)).toEqual([]);
        await close();
      }
    });

    it('keeps the cart across a reload, reading it only once the page has loaded', async () => {
      const product = await productWithOptions();
      const { page, context, close } = await newPage();
      await visit(page, '/');
      await addCard(page);
      await addCard(page);
      await page.waitForFunction(() => document.querySelector('.cart-count')?.textContent === '2');
      // The page and the document's state at each read of the cart's key, by getItem or as a
      // property (the persisted store's way): a page's first read waits on the browser process.
      await context.addInitScript(() => {
        const reads: string[] = [];
        (window as unknown as { storageReads: string[] }).storageReads = reads;
        const key = 'shopify-cart';
        const note = () => reads.push(`${location.pathname} ${document.readyState}`);
        const storage = window.localStorage;
        const watched = new Proxy(storage, {
          get(target, name) {
            if (name === key) note();
            const value = Reflect.get(target, name, target);
            if (name === 'getItem')
              return (wanted: string) => {
                if (wanted === key) note();
                return target.getItem(wanted);
              };
            return typeof value === 'function' ? value.bind(target) : value;
          },
          has(target, name) {
            if (name === key) note();
            return Reflect.has(target, name);
          },
          set: (target, name, value) => Reflect.set(target, name, value, target),
          deleteProperty: (target, name) => Reflect.deleteProperty(target, name),
        });
        Object.defineProperty(window, 'localStorage', { get: () => watched, configurable: true });
      });
      const storageReads = () => page.evaluate(() => (window as unknown as { storageReads: string[] }).storageReads);
      await page.reload();
      await hydrated(page);
      await page.waitForFunction(() => document.querySelector('.cart-count')?.textContent === '2');
      const reads = await storageReads();
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.filter((read) => !read.endsWith(' complete'))).toEqual([]);
      const sheet = await openDrawer(page);
      expect(await sheet.locator('.drawer-summary').textContent()).toBe('2 item(s) in your cart');
      // The product and search pages' own scripts share the cart's module; loading it reads nothing.
      for (const path of [`/product/${product.handle}`, '/search?q=shirt']) {
        await visit(page, path);
        await hydrated(page);
        await page.waitForFunction(() => document.querySelector('.cart-count')?.textContent === '2');
        const pageReads = await storageReads();
        expect(pageReads.length).toBeGreaterThan(0);
        expect(pageReads.filter((read) => !read.endsWith(' complete'))).toEqual([]);
      }
      await close();
    });

    it('tells screen readers when the cart changes, not the stored count on every page it loads with', async () => {
      const { page, close } = await newPage();
      await visit(page, '/');
      await addCard(page);
      await addCard(page);
      const liveRegion = page.locator('.cart-button + .sr-only[aria-live="polite"]');
      await page.reload();
      await hydrated(page);
      await page.waitForFunction(() => document.querySelector('.cart-count')?.textContent === '2');
      expect(await cartButton(page).getAttribute('aria-label')).toBe('Cart, 2 items');
      expect(await liveRegion.textContent()).toBe('');
      const sheet = await openDrawer(page);
      await sheet
        .getByRole('button', { name: /^Increase quantity/ })
        .first()
        .click();
      await page.waitForFunction(() => document.querySelector('.cart-button + .sr-only')?.textContent === '3 items in your cart');
      await close();
    });

    it('shows a change made in another tab without a reload', async () => {
      const { page, context, close } = await newPage();
      await visit(page, '/');
      const other = await context.newPage();
      await other.goto(`${harness.store.siteUrl}/`);
      await hydrated(other);
      expect(await cartCount(other)).toBe(0);
      await addCard(page);
      await other.waitForFunction(() => /Cart, 1 item$/.test(document.querySelector('.cart-button')?.getAttribute('aria-label') ?? ''));
      // And back: emptying the cart over there empties it here.
      await other.evaluate(() => localStorage.setItem('shopify-cart', JSON.stringify({ items: [], cartId: null, checkoutUrl: null })));
      await page.reload();
      await hydrated(page);
      expect(await cartCount(page)).toBe(0);
      await close();
    });

    it('starts with an empty cart, and no crash, when the stored cart is corrupted', async () => {
      for (const stored of [
        '{"items": [{"variantId": ',
        JSON.stringify({ state: { items: [{ id: 'old', qty: 2 }] }, version: 0 }),
        'null',
      ]) {
        const { page, context, messages, close } = await newPage();
        await context.addInitScript((value) => localStorage.setItem('shopify-cart', value), stored);
        await visit(page, '/');
        expect(await cartCount(page)).toBe(0);
        const sheet = await openDrawer(page);
        expect(await sheet.locator('.drawer-summary').textContent()).toBe('Your cart is empty');
        await sheet.getByRole('button', { name: 'Close cart' }).click();
        await addCard(page);
        await page.waitForFunction(() => document.querySelector('.cart-count')?.textContent === '1');
        expect(unexpectedErrors(messages)).toEqual([]);
        await close();
      }
    });

    it("when the browser's storage is full, Add to Cart still adds, says the cart lasts only while the page is open, and checkout works", async () => {
      const { page, context, messages, close } = await newPage();
      await visit(page, '/');
      // Fill this site's storage the way other data of the origin would, until not one more character fits.
      const fillers = await page.evaluate(() => {
        let count = 0;
        for (let size = 1 << 20; size >= 1; size = Math.floor(size / 2)) {
          try {
            for (;;) localStorage.setItem(`filler-${count++}`, 'x'.repeat(size));
          } catch {
            // full at this size: go on with smaller pieces
          }
        }
        return count;
      });
      expect(fillers).toBeGreaterThan(10);
      const card = page.locator('.card').first();
      await card.getByRole('button', { name: 'Add to Cart' }).click();
      await page.waitForFunction(() => document.querySelector('.cart-count')?.textContent === '1');
      const toast = page.locator('.toast', { hasText: 'Your cart could not be saved' });
      await toast.waitFor();
      expect(await toast.locator('.toast-description').textContent()).toBe(
        "This browser's storage is full: the cart lasts only while this page is open.",
      );
      expect(await page.locator('.toast', { hasText: 'Added to cart!' }).count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('shopify-cart'))).toBeNull();
      await card.getByRole('button', { name: 'Add to Cart' }).click();
      await page.waitForFunction(() => document.querySelector('.cart-count')?.textContent === '2');

      const sheet = await openDrawer(page);
      expect(await sheet.locator('.drawer-summary').textContent()).toBe('2 item(s) in your cart');
      await sheet
        .getByRole('button', { name: /^Decrease quantity/ })
        .first()
        .click();
      await page.waitForFunction(() => document.querySelector('.cart-count')?.textContent === '1');
      const tab = await newTabFrom(context, () => sheet.locator('.drawer-footer .btn').click());
      expectCheckoutPage(tab);
      expect(unexpectedErrors(messages)).toEqual([]);

      // Room again (the shopper cleared some data): the next change is stored as usual.
      await page.evaluate(() => localStorage.removeItem('filler-0'));
      if (!(await sheet.isVisible())) await openDrawer(page);
      await sheet
        .getByRole('button', { name: /^Increase quantity/ })
        .first()
        .click();
      await page.waitForFunction(() => JSON.parse(localStorage.getItem('shopify-cart') ?? '{"items":[]}').items[0]?.quantity === 2);
      await close();
    });

    it('works with the keyboard alone, from the home page to the checkout page', async () => {
      const { page, context, close } = await newPage();
      await visit(page, '/');
      const focused = () =>
        page.evaluate(() => {
          const el = document.activeElement;
          return `${el?.tagName ?? ''} ${el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? ''}`;
        });
      async function tabTo(pattern: RegExp, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
        for (let presses = 0; presses < 40; presses++) {
          await page.keyboard.press(key);
          if (pattern.test(await focused())) return;
        }
        throw new Error(`never reached ${pattern} with ${key}; focus is on ${await focused()}`);
      }
      await tabTo(/^BUTTON Add to Cart$/);
      await page.keyboard.press('Enter');
      await page.locator('.toast', { hasText: 'Added to cart!' }).waitFor();
      await tabTo(/^BUTTON Cart, 1 item$/, 'Shift+Tab');

      // Open, then Escape: the drawer closes and focus returns to the cart button.
      await page.keyboard.press('Enter');
      await drawer(page).waitFor({ state: 'visible' });
      expect(await focused()).toBe('BUTTON Close cart');
      await page.keyboard.press('Escape');
      await drawer(page).waitFor({ state: 'hidden' });
      expect(await focused()).toBe('BUTTON Cart, 1 item');

      await page.keyboard.press('Enter');
      await drawer(page).waitFor({ state: 'visible' });
      await tabTo(/^BUTTON Checkout$/);
      const tab = await newTabFrom(context, () => page.keyboard.press('Enter'));
      expectCheckoutPage(tab);
      await close();
    });

    it('removing lines from the keyboard keeps the focus in the drawer: on the next line, then the close button', async () => {
      const { page, messages, close } = await newPage();
      await visit(page, '/');
      await addCard(page, 0);
      await addCard(page, 1);
      const sheet = await openDrawer(page);
      const removes = sheet.locator('.line-remove');
      expect(await removes.count()).toBe(2);
      const second = await removes.nth(1).getAttribute('aria-label');
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);
      await removes.first().focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelectorAll('.drawer .line').length === 1);
      expect(await focused()).toBe(second);
      // The last line, by − at quantity 1.
      await sheet.getByRole('button', { name: /^Decrease quantity of / }).focus();
      await page.keyboard.press('Enter');
      await sheet.locator('.drawer-empty').waitFor();
      expect(await focused()).toBe('Close cart');
      expect(await sheet.evaluate((dialog) => (dialog as HTMLDialogElement).open)).toBe(true);
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });

    it('reports a failed checkout with a toast, keeps the cart, and lets the shopper try again', async () => {
      const { page, context, messages, close } = await newPage();
      await visit(page, '/');
      await addCard(page);
      const before = await storedCart(page);
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(harness.store.graphqlUrl, async (route) => {
        if (!route.request().postData()?.includes('cartCreate')) return route.continue();
        await held; // long enough to see the loading state
        await route.abort('connectionrefused');
      });
      const sheet = await openDrawer(page);
      const checkout = sheet.locator('.drawer-footer .btn');
      await checkout.click();
      await page.waitForFunction(() => document.querySelector('.drawer-footer .btn')?.textContent === 'Creating Checkout...');
      expect(await checkout.isDisabled()).toBe(true);
      expect(await checkout.locator('svg.spinner').count()).toBe(1);
      // The checkout is made from the cart as it is: its lines cannot change meanwhile.
      const lineButtons = sheet.locator('.line button');
      expect(await lineButtons.count()).toBe(3);
      for (const button of await lineButtons.all()) expect(await button.isDisabled()).toBe(true);
      release();
      const toast = page.locator('.toast', { hasText: 'Checkout failed' });
      await toast.waitFor();
      expect(await toast.locator('.toast-description').textContent()).toBe('Unable to create checkout. Please try again.');
      expect(messages.some((m) => m.startsWith('error: Checkout failed'))).toBe(true);
      expect(await storedCart(page)).toEqual(before);
      expect(await checkout.isEnabled()).toBe(true);
      expect(await checkout.textContent()).toBe('Checkout');
      for (const button of await lineButtons.all()) expect(await button.isEnabled()).toBe(true);

      await page.unroute(harness.store.graphqlUrl);
      const tab = await newTabFrom(context, () => checkout.click());
      expectCheckoutPage(tab);
      expect(await cartButton(page).isVisible()).toBe(true);
      await close();
    });

    it('a checkout the shop cannot make as the cart is: the lines say what is left, no tab opens until they are changed', async () => {
      const { product, soldOut, available } = await productWithSoldOutVariant();
      const stock = available.quantityAvailable!;
      const stored = serializeCart({
        items: [
          { ...storedLine(product, available), quantity: stock + 2 },
          { ...storedLine(product, soldOut), quantity: 1 },
        ],
        cartId: null,
        checkoutUrl: null,
      });
      const { page, context, messages, close } = await newPage();
      await context.addInitScript((value) => localStorage.setItem('shopify-cart', value), stored);
      await visit(page, '/');
      const sheet = await openDrawer(page);
      const checkout = sheet.locator('.drawer-footer .btn');
      await checkout.click();
      const alert = sheet.locator('.drawer-error');
      await alert.waitFor();
      expect(await alert.getAttribute('role')).toBe('alert');
      expect(await alert.textContent()).toBe('Not everything in your cart is available. Change the marked items, then check out.');
      const lines = sheet.locator('.line');
      expect(await lines.locator('.line-short').allTextContents()).toEqual([`Only ${stock} left`, 'No longer available']);
      expect(context.pages()).toHaveLength(1);
      expect(await page.locator('.toast').count()).toBe(0);
      expect(await checkout.isEnabled()).toBe(true);

      // Down to what is left, and the sold-out line removed: the marks go, and checkout goes through.
      const first = lines.first();
      const decrease = first.getByRole('button', { name: `Decrease quantity of ${product.title}` });
      await decrease.click();
      await first.locator('.stepper-value', { hasText: String(stock + 1) }).waitFor();
      expect(await first.locator('.line-short').textContent()).toBe(`Only ${stock} left`);
      await decrease.click();
      await first.locator('.line-short').waitFor({ state: 'detached' });
      expect(await alert.count()).toBe(1);
      await lines
        .nth(1)
        .getByRole('button', { name: `Remove ${product.title}` })
        .click();
      await alert.waitFor({ state: 'detached' });
      const tab = await newTabFrom(context, () => checkout.click());
      expectCheckoutPage(tab);
      expect(await tab.locator('tbody tr').count()).toBe(1);
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });
  });
}

/** A cart line as the store keeps it, for a product and variant of the shop: what its Add to Cart adds. */
function storedLine(product: ShopProduct, variant: ShopVariant): CartItem {
  return cartItemFor({ ...product, images: product.images.edges.map(({ node }) => ({ url: node.url, altText: null })) }, variant);
}
