import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TAGLINES } from '../../site/features/catalogue/taglines.ts';
import { SITE_DESCRIPTION } from '../../site/features/seo/seo.ts';
import { cartCount, harness, hydrated, layoutShift, newPage, unexpectedErrors, visit } from './harness.ts';
import { productWithOptions, productWithoutImage, shopProducts, soldOutProduct } from './shop-data.ts';

/** Home, cards, the not-found page and page metadata. */

/** The families of the two web fonts every storefront text is set in (docs/behaviour/storefront.md). */
const SITE_FONTS = /^(Montserrat|Bebas Neue)\b/;

interface DomNode {
  nodeId: number;
  nodeType: number;
  nodeName: string;
  nodeValue?: string;
  attributes?: string[];
  pseudoType?: string;
  children?: DomNode[];
  pseudoElements?: DomNode[];
  shadowRoots?: DomNode[];
}

/**
 * Every rendered text and generated content on the page whose glyphs come from a font other than
 * the site's web fonts, as "where: families". One such character makes the browser search the
 * system fonts during the page's first layout, on the main thread.
 */
async function textOutsideSiteFonts(page: Page): Promise<{ outside: string[]; measured: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const outside: string[] = [];
  let measured = 0;
  const visitNode = async (node: DomNode, where: string): Promise<void> => {
    const className = node.attributes?.[node.attributes.indexOf('class') + 1];
    const element = `${node.nodeName.toLowerCase()}${node.attributes?.includes('class') && className ? `.${className.split(' ')[0]}` : ''}`;
    const here = node.pseudoType ? `${where}::${node.pseudoType}` : node.nodeType === 1 ? `${where} > ${element}` : where;
    if (node.nodeType === 3 || node.pseudoType) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: node.nodeId });
      if (fonts.length > 0) measured++;
      const others = fonts.filter((font) => !SITE_FONTS.test(font.familyName));
      if (others.length > 0) {
        outside.push(`${here} ${JSON.stringify(node.nodeValue?.trim() ?? '')}: ${others.map((font) => font.familyName).join(', ')}`);
      }
    }
    for (const child of [...(node.children ?? []), ...(node.pseudoElements ?? []), ...(node.shadowRoots ?? [])])
      await visitNode(child, here);
  };
  await visitNode(root, '');
  await cdp.detach();
  return { outside, measured };
}

export function pageJourneys(): void {
  describe('home page', () => {
    it('has the header, the hero with a tagline, every product in the grid, and the footer', async () => {
      const { page, messages, close } = await newPage();
      const response = await page.goto(harness.store.siteUrl);
      expect(response?.status()).toBe(200);
      await hydrated(page);

      await expect(page.getByRole('link', { name: 'Neural Threads' }).first().getAttribute('href')).resolves.toBe('/');
      expect(await cartCount(page)).toBe(0);
      expect(await page.locator('.hero-badge').textContent()).toBe('AI-Powered Fashion');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Wear Your Intelligence');
      const tagline = await page.locator('#tagline > span:visible').allTextContents();
      expect(tagline).toHaveLength(1);
      expect(TAGLINES).toContain(tagline[0]);
      expect(await page.getByRole('heading', { level: 2, name: 'Our Collection' }).count()).toBe(1);

      const products = await shopProducts();
      const cards = page.locator('.card');
      expect(await cards.count()).toBe(Math.min(20, products.length));
      const hrefs = await page.locator('.card a.card-link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs.every((href) => /^\/product\/[a-z0-9-]+$/.test(href ?? ''))).toBe(true);
      for (const price of await page.locator('.card-price').allTextContents()) expect(price).toMatch(/^USD \$\d+\.\d{2}$/);

      const noImage = await productWithoutImage();
      const card = page.locator('.card', { has: page.locator(`a[href="/product/${noImage.handle}"]`) });
      expect(await card.locator('.no-image').textContent()).toBe('No Image');

      const soldOut = await soldOutProduct();
      const soldOutButton = page.locator('.card', { has: page.locator(`a[href="/product/${soldOut.handle}"]`) }).getByRole('button');
      expect(await soldOutButton.textContent()).toBe('Out of Stock');
      expect(await soldOutButton.isDisabled()).toBe(true);

      expect(await page.locator('footer').textContent()).toContain(`© ${new Date().getFullYear()} Neural Threads`);
      expect(await layoutShift(page)).toBeLessThan(0.01);
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });

    it('shows a tagline picked at random on each view, and lays out only that one', async () => {
      const { page, close } = await newPage({ width: 390, height: 844 });
      const seen = new Set<string>();
      for (let view = 0; view < 15 && seen.size < 2; view++) {
        await page.goto(harness.store.siteUrl);
        seen.add((await page.locator('#tagline > span:visible').textContent()) ?? '');
        // The others have no box at all (not merely hidden): the page's first layout skips them.
        const boxes = await page.locator('#tagline > span').evaluateAll((spans) => spans.map((span) => span.getClientRects().length));
        expect(boxes.filter((n) => n > 0)).toHaveLength(1);
      }
      expect(seen.size).toBeGreaterThan(1);
      await close();

      // Without scripts, the first tagline shows.
      const noScript = await harness.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
      const plain = await noScript.newPage();
      await plain.goto(harness.store.siteUrl);
      expect(await plain.locator('#tagline > span:visible').allTextContents()).toEqual([TAGLINES[0]]);
      await noScript.close();
    });

    it('lays out the first screen first: a card below it, and the collections under the grid, are drawn as the shopper scrolls to them, and nothing shifts', async () => {
      const { page, close } = await newPage({ width: 412, height: 823 });
      await visit(page, '/');
      const cards = page.locator('.grid > li');
      const last = cards.last();
      // Skipped: the browser has neither styled nor laid out the last card's content (the first
      // layout covers what a phone shows), and the last photo has not been asked for.
      const drawn = (item: typeof last) => item.evaluate((li) => li.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }));
      expect(await drawn(cards.first())).toBe(true);
      expect(await drawn(last)).toBe(false);
      // So is the list of collections under the grid.
      const collections = page.locator('.home-collections');
      expect(await drawn(collections)).toBe(false);
      const photo = cards
        .filter({ has: page.locator('img') })
        .last()
        .locator('img');
      const photoUrl = (await photo.getAttribute('src'))!;
      const photoFile = new URL(photoUrl).pathname; // any of its widths
      const photoRequests = () =>
        page.evaluate((file) => performance.getEntriesByType('resource').filter((entry) => entry.name.includes(file)).length, photoFile);
      expect(await photoRequests()).toBe(0);
      // Scrolled down card by card, as a shopper would: each is drawn on the way, its photo loads.
      const count = await cards.count();
      for (let i = 0; i < count; i++) await cards.nth(i).scrollIntoViewIfNeeded();
      await expect.poll(() => drawn(last)).toBe(true);
      await photo.evaluate((img: HTMLImageElement) => img.decode());
      expect(await photoRequests()).toBe(1);
      await collections.scrollIntoViewIfNeeded();
      await expect.poll(() => drawn(collections)).toBe(true);
      expect(await layoutShift(page)).toBeLessThan(0.01);
      await close();
    });

    it('a card is a real link: a click opens the product, a middle-click opens a tab', async () => {
      const { page, context, close } = await newPage();
      await visit(page, '/');
      const first = page.locator('.card').first();
      const link = first.locator('a.card-link');
      const href = await link.getAttribute('href');
      // Headless Chromium now and then opens no tab for a middle-click even though the link got its
      // auxclick, not prevented (2 in 30 tries in a loop here): a second click is then honoured.
      // Something that is not a real link would fail every try.
      let tab: Page | undefined;
      for (let attempt = 0; attempt < 3 && !tab; attempt++) {
        [tab] = await Promise.all([
          context.waitForEvent('page', { timeout: 5_000 }).catch(() => undefined),
          link.click({ button: 'middle' }),
        ]);
      }
      expect(tab, 'a middle-click on the card opened a tab').toBeDefined();
      // The tab opens in the background, where headless Chromium may hold back the rest of the load:
      // what matters is where it went, so its navigation committing to the product is enough.
      await tab!.waitForURL((url) => url.pathname === href, { waitUntil: 'commit' });
      expect(new URL(page.url()).pathname).toBe('/');
      // Anywhere on the card is the link (its title link stretches over it): the point at the middle
      // of the card's picture belongs to the link, and a plain click there opens the product.
      const media = first.locator('.card-media');
      await media.scrollIntoViewIfNeeded();
      const box = (await media.boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      expect(await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest('a')?.getAttribute('href'), [x, y])).toBe(href);
      await page.mouse.click(x, y);
      await page.waitForURL((url) => url.pathname === href);
      await close();
    });

    it("a card's Add to Cart adds the first variant, says so, and stays on the page", async () => {
      const { page, close } = await newPage();
      await visit(page, '/');
      const card = page.locator('.card').first();
      const title = (await card.locator('.card-title').textContent())?.trim();
      await card.getByRole('button', { name: 'Add to Cart' }).click();
      const toast = page.locator('.toast');
      await toast.waitFor();
      expect(await toast.locator('.toast-title').textContent()).toBe('Added to cart!');
      expect(await toast.locator('.toast-description').textContent()).toBe(title);
      expect(await page.getByRole('status').filter({ hasText: 'Added to cart!' }).count()).toBe(1);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await cartCount(page)).toBe(1);
      const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart'))) ?? '{}') as {
        items: { variantId: string; quantity: number }[];
      };
      // The home page lists the newest first: find the card's product by its link.
      const handle = (await card.locator('a.card-link').getAttribute('href'))?.replace('/product/', '');
      const product = (await shopProducts()).find((p) => p.handle === handle)!;
      expect(stored.items).toEqual([expect.objectContaining({ variantId: product.variants.edges[0]!.node.id, quantity: 1 })]);
      await close();
    });

    it('has a title, description, canonical URL and Open Graph tags', async () => {
      const { page, close } = await newPage();
      await visit(page, '/');
      expect(await page.title()).toBe('Neural Threads | Funny AI T-Shirts');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(SITE_DESCRIPTION);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${harness.store.siteUrl}/`);
      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('Neural Threads | Funny AI T-Shirts');
      expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/^https?:\/\//);
      await close();
    });
  });

  describe('fonts', () => {
    it("sets every storefront page's text in the site's web fonts, open menus included", async () => {
      const { page, close } = await newPage({ width: 412, height: 823 });
      const product = await productWithOptions();
      const pages = [
        '/',
        `/product/${product.handle}`,
        '/collections/office-humor',
        `/search?q=${encodeURIComponent(product.title)}`,
        '/policies/refund-policy',
        '/no/such-page',
      ];
      // The fonts are optional (kept only when they arrive in time): fetch them once, as a returning
      // shopper's browser has them, so the check is about which characters they cover.
      await page.goto(harness.store.siteUrl);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const outside: string[] = [];
      for (const path of pages) {
        await page.goto(`${harness.store.siteUrl}${path}`);
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        if (path.startsWith('/search')) await page.locator('.search-result').first().waitFor();
        // The product page re-reads its price after the first frame: let it finish before the page is walked.
        if (path.startsWith('/product/')) await page.locator('[data-live-check="current"]').waitFor({ state: 'attached' });
        const menus = await page.locator('details.nav-group').all();
        expect(menus.length, path).toBeGreaterThan(0);
        for (const menu of menus) await menu.evaluate((details) => ((details as HTMLDetailsElement).open = true));
        // Content the browser skips until it nears the viewport has no fonts yet: draw all of it.
        await page.evaluate(() => {
          for (const element of document.querySelectorAll<HTMLElement>('body *'))
            if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
        });
        const found = await textOutsideSiteFonts(page);
        // Fonts were reported for the page's text (a walk that measured nothing proves nothing), the open menus' too.
        expect(found.measured, path).toBeGreaterThan(20);
        expect(await page.locator('details.nav-group[open] a').count(), path).toBeGreaterThan(0);
        outside.push(...found.outside.map((where) => `${path}: ${where}`));
      }
      expect(outside).toEqual([]);
      await close();
    });
  });

  describe('not-found page', () => {
    it('answers 404 with the page, a way home, and the missing path in the console', async () => {
      const { page, messages, close } = await newPage();
      const response = await page.goto(`${harness.store.siteUrl}/no/such-shirt?x=1`);
      expect(response?.status()).toBe(404);
      expect(await page.locator('.not-found-code').textContent()).toBe('404');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Oops! Page not found');
      const home = page.getByRole('link', { name: 'Return to Home' });
      expect(await home.getAttribute('href')).toBe('/');
      expect(messages.some((m) => m.includes('/no/such-shirt'))).toBe(true);
      await home.click();
      await page.waitForURL((url) => url.pathname === '/');
      await close();
    });
  });
}
