import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  backgroundTabOpenedBy,
  cartCount,
  harness,
  hydrated,
  jsonLdOf,
  layoutShift,
  newPage,
  searchBox,
  settled,
  sheetsWithRule,
  siteFetch,
  staffKey,
  startUsing,
  suggestFor,
  suggestionsShown,
  unexpectedErrors,
  visit,
  watchIslandCode,
  withoutConstructedSheets,
} from './harness.ts';

/**
 * Browsing beyond the home page: collections, sorting, recommendations, the header's search box by
 * keyboard alone, the menus and policies (docs/behaviour/collections.md, search.md, content.md).
 */

/** The prices on a collection page, in the order shown, as numbers. */
async function cardPrices(page: Page): Promise<number[]> {
  return (await page.locator('.card-price').allTextContents()).map((text) => Number(text.replace(/^[A-Z]{3} \$/, '')));
}

/** The handles of the /search page's results, in the order shown. */
async function resultHandles(page: Page): Promise<string[]> {
  const hrefs = await page.locator('.search-result-link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => decodeURIComponent(href.replace(/^\/product\//, '')));
}

/** The first 24 products the shop's Storefront API finds for `words` by price, as the /search page asks for them. */
async function shopSearchOrder(words: string, reverse: boolean): Promise<string[]> {
  const response = await fetch(harness.store.graphqlUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      query: `query ($q: String!, $reverse: Boolean!) { search(query: $q, first: 24, types: [PRODUCT], sortKey: PRICE, reverse: $reverse) { edges { node { ... on Product { handle } } } } }`,
      variables: { q: words, reverse },
    }),
  });
  const { data } = (await response.json()) as { data: { search: { edges: { node: { handle: string } }[] } } };
  const handles = data.search.edges.map((edge) => edge.node.handle);
  expect(handles.length).toBeGreaterThan(1);
  return handles;
}

export function browseJourneys(): void {
  describe('collections, recommendations and the cart', () => {
    it('home → a collection → sort by price → a product → a recommendation → Add to Cart', async () => {
      const { page, messages, close } = await newPage();
      await visit(page, '/');
      const tile = page.locator('.home-collections a.collection-link').first();
      const collectionTitle = (await tile.locator('.collection-link-title').textContent())!.trim();
      await tile.click();
      await page.waitForURL(/\/collections\/[^/]+$/);
      await hydrated(page);
      expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe(collectionTitle);
      const crumb = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('a[aria-current="page"]');
      expect((await crumb.textContent())?.trim()).toBe(collectionTitle);
      const jsonLd = await jsonLdOf<{ '@graph': { '@type': string; itemListElement: { position: number; url: string }[] }[] }>(page);
      const itemList = jsonLd['@graph'].find((node) => node['@type'] === 'ItemList')!;
      expect(itemList.itemListElement.length).toBe(await page.locator('.card').count());
      expect(itemList.itemListElement[0]!.position).toBe(1);

      await page.getByRole('navigation', { name: 'Sort by' }).getByRole('link', { name: 'Price: low to high' }).click();
      await page.waitForURL(/\/sort\/price-ascending$/);
      const ascending = await cardPrices(page);
      expect(ascending.length).toBeGreaterThan(1);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      expect((await page.locator('.collection-sort[aria-current="true"]').textContent())?.trim()).toBe('Price: low to high');
      await page.getByRole('link', { name: 'Price: high to low' }).click();
      await page.waitForURL(/\/sort\/price-descending$/);
      const descending = await cardPrices(page);
      expect(descending).toEqual([...ascending].sort((a, b) => b - a));

      await page.locator('.card a.card-link').first().click();
      await page.waitForURL(/\/product\//);
      const recommendations = page.getByRole('region', { name: 'You may also like' });
      await recommendations.scrollIntoViewIfNeeded();
      // Up to four other products, each a page of this build.
      const own = new URL(page.url()).pathname;
      const hrefs = await recommendations
        .locator('a.recommendation')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
      expect(hrefs.length).toBeGreaterThan(0);
      expect(hrefs.length).toBeLessThanOrEqual(4);
      expect(hrefs).not.toContain(own);
      expect(new Set(hrefs).size).toBe(hrefs.length);
      for (const href of hrefs) expect((await siteFetch(href)).status, href).toBe(200);
      const recommended = recommendations.locator('a.recommendation').first();
      const recommendedTitle = (await recommended.locator('.recommendation-title').textContent())!.trim();
      await recommended.click();
      await page.waitForURL(/\/product\//);
      await hydrated(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(recommendedTitle);
      const add = page.locator('.product-info').getByRole('button', { name: 'Add to Cart' });
      await add.click();
      await page.locator('.toast', { hasText: 'Added to cart!' }).waitFor();
      await page.waitForFunction(() => document.querySelector('.cart-count')?.textContent === '1');
      expect(await cartCount(page)).toBe(1);
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });

    it('a collection page shifts nothing as it loads, runs no island code until used, then hydrates its islands as they come near the viewport', async () => {
      const { page, close } = await newPage({ width: 390, height: 844 });
      const { islandCodeFetched } = watchIslandCode(page);
      const href = await (await fetch(harness.store.siteUrl)).text().then((html) => /href="(\/collections\/[^"/]+)"/.exec(html)![1]!);
      await visit(page, href);
      expect(await layoutShift(page)).toBeLessThan(0.01);
      // The first card's photo is a phone's largest paint: fetched as the page is read (not lazily, after
      // the first layout), at high priority; the other cards' photos wait.
      const photos = page.locator('.grid .card-media img');
      expect([await photos.nth(0).getAttribute('loading'), await photos.nth(0).getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
      expect(await photos.nth(1).getAttribute('loading')).toBe('lazy');
      const firstPhoto = await photos.nth(0).evaluate(async (img: HTMLImageElement) => {
        const lcp = await new Promise<PerformanceEntry[]>((resolve) =>
          new PerformanceObserver((list) => resolve(list.getEntries())).observe({ type: 'largest-contentful-paint', buffered: true }),
        );
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        const [request] = performance.getEntriesByName(img.currentSrc) as PerformanceResourceTiming[];
        return {
          largestPaint: (lcp.at(-1) as PerformanceEntry & { element: Element | null }).element === img,
          // A lazy photo is asked for after the first layout, once the load event has passed; this one holds the load event up.
          partOfTheLoad: request !== undefined && navigation !== undefined && request.responseEnd <= navigation.loadEventStart,
        };
      });
      expect(firstPhoto).toEqual({ largestPaint: true, partOfTheLoad: true });
      // Headings step down one level at a time (the heading-order rule screen readers and Lighthouse use):
      // the page's h1, then the cards' titles as h2.
      const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((els) => els.map((el) => Number(el.tagName[1])));
      expect(levels[0]).toBe(1);
      expect(levels.filter((level, i) => i > 0 && level - levels[i - 1]! > 1)).toEqual([]);
      expect(await page.locator('h2.card-title').count()).toBe(await page.locator('.card').count());
      // Read and scrolled, the page has fetched none of its islands' code.
      const islands = page.locator('astro-island[client="interact"]');
      const islandCount = await islands.count();
      expect(islandCount).toBeGreaterThan(1);
      expect(await page.locator('astro-island[data-hydrate-when="interaction"]').count()).toBe(islandCount);
      await page.mouse.wheel(0, 600);
      await page.waitForFunction(() => window.scrollY >= 500);
      await settled(page);
      expect(await islandCodeFetched()).toEqual([]);
      // A first press wakes the page: no island waits for the shopper any more, the ones near the
      // viewport hydrate (the cart button among them), and the grid's once the shopper scrolls to it.
      await page.mouse.wheel(0, -600);
      await startUsing(page);
      expect(await page.locator('astro-island[client="interact"][data-hydrate-when="interaction"]').count()).toBe(0);
      await page.locator('.card').last().scrollIntoViewIfNeeded();
      await page.waitForFunction(() => !document.querySelector('astro-island[client="interact"][ssr]'));
      await close();
    });
  });

  describe('the header search box', () => {
    it('by keyboard alone: Tab to the box, type, ↓ to a product, Enter opens it', async () => {
      const { page, messages, close } = await newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await visit(page, '/');
      // No code for the box until it is focused.
      expect(requested.some((url) => /SearchBox/.test(url))).toBe(false);
      const { box, listbox } = searchBox(page);
      for (let i = 0; i < 10 && !(await box.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('prompt', { delay: 30 });
      await suggestionsShown(page);
      // The letters typed while the box's code loaded are all kept.
      expect(await box.inputValue()).toBe('prompt');
      expect(requested.some((url) => /SearchBox/.test(url))).toBe(true);
      // The suggestions' styles came with the box's code.
      expect(await listbox.evaluate((element) => getComputedStyle(element).position)).toBe('absolute');
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      const first = listbox.getByRole('option').first();
      const title = (await first.locator('.search-option-label').textContent())!.trim();
      expect(title.toLowerCase()).toContain('prompt');

      await page.keyboard.press('ArrowDown');
      expect(await box.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
      expect(await first.getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('ArrowUp'); // wraps to the last option
      expect(await box.getAttribute('aria-activedescendant')).toBe(await listbox.getByRole('option').last().getAttribute('id'));
      await page.keyboard.press('Escape');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.press('ArrowDown');
      expect(await box.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/product\//);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });

    it("draws the suggestions with the styles the box's code brings, also as a <style> the page's policy allows where constructed sheets are missing", async () => {
      for (const constructed of [true, false]) {
        const { page, context, messages, close } = await newPage();
        if (!constructed) await withoutConstructedSheets(context);
        await visit(page, '/');
        const suggestionRules = () => sheetsWithRule(page, '.search-option');
        // The page's own sheet leaves the suggestions out.
        expect(await suggestionRules(), `constructed sheets: ${constructed}`).toBe(0);
        const { listbox } = await suggestFor(page, 'prompt');
        expect(await suggestionRules(), `constructed sheets: ${constructed}`).toBe(1);
        expect(await listbox.evaluate((element) => getComputedStyle(element).position)).toBe('absolute');
        expect(
          await listbox
            .getByRole('option')
            .first()
            .evaluate((element) => getComputedStyle(element).display),
        ).toBe('flex');
        expect(unexpectedErrors(messages)).toEqual([]);
        await close();
      }
    });

    it('a click opens a suggestion; collections are marked "Collection"; Escape closes, a second clears; the last entry searches', async () => {
      const { page, messages, close } = await newPage();
      await visit(page, '/');
      const { box, listbox } = await suggestFor(page, 'humor');
      const collection = listbox.getByRole('option', { name: /Office Humor/ });
      expect((await collection.locator('.search-option-detail').textContent())?.trim()).toBe('Collection');
      expect((await listbox.getByRole('option').last().textContent())?.trim()).toBe('Search for “humor”');
      await page.keyboard.press('Escape');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      expect(await box.inputValue()).toBe('humor');
      await page.keyboard.press('Escape');
      expect(await box.inputValue()).toBe('');
      await page.keyboard.type('prompt');
      await suggestionsShown(page);
      const product = listbox.getByRole('option').first();
      const title = (await product.locator('.search-option-label').textContent())!.trim();
      expect(title.toLowerCase()).toContain('prompt');
      // A suggestion is a link: Ctrl and a click open it in a new tab and leave this page as it was.
      const href = await product.getAttribute('href');
      expect(href).toMatch(/^\/product\//);
      await backgroundTabOpenedBy(page, href!, () => product.click({ modifiers: ['Control'] }));
      expect(new URL(page.url()).pathname).toBe('/');
      await product.click();
      await page.waitForURL(/\/product\//);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });

    it("on a short screen the option chosen with the keys is scrolled into sight; keys that pick an input method's candidates are not the box's", async () => {
      const { page, messages, close } = await newPage({ width: 412, height: 420 });
      await visit(page, '/');
      const { box, listbox } = await suggestFor(page, 'a');
      expect(await listbox.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
      await page.keyboard.press('ArrowUp'); // wraps to the last option, below the fold of the list
      const last = listbox.getByRole('option').last();
      expect(await box.getAttribute('aria-activedescendant')).toBe(await last.getAttribute('id'));
      const inSight = () =>
        last.evaluate((option) => {
          const list = option.parentElement!.getBoundingClientRect();
          const box = option.getBoundingClientRect();
          return box.top >= list.top - 1 && box.bottom <= list.bottom + 1;
        });
      await page.waitForFunction(() => (document.getElementById('search-suggestions')?.scrollTop ?? 0) > 0);
      expect(await inSight()).toBe(true);
      // Keys pressed while an input method composes (to pick or cancel a candidate) arrive marked as such:
      // the box leaves them alone.
      const chosen = await box.getAttribute('aria-activedescendant');
      await box.dispatchEvent('keydown', { key: 'Escape', isComposing: true });
      await box.dispatchEvent('keydown', { key: 'ArrowDown', isComposing: true });
      await box.dispatchEvent('keydown', { key: 'Process' });
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      expect(await box.getAttribute('aria-activedescendant')).toBe(chosen);
      expect(await box.inputValue()).toBe('a');
      // The same keys outside a composition are the box's.
      await box.dispatchEvent('keydown', { key: 'Escape' });
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });

    it('when the shop cannot be reached, the box says so and logs why, and Enter still searches; /search says "Search failed"', async () => {
      const { page, messages, close } = await newPage();
      await visit(page, '/');
      const { listbox } = await suggestFor(page, 'prompt');
      // The shop goes away: the next words' suggestions fail, and the earlier words' do not stay under them.
      await page.route(`${harness.store.graphqlUrl}**`, (route) => route.abort('connectionrefused'));
      await page.keyboard.type(' tee');
      await page.locator('.search-box [role="status"]', { hasText: /^Suggestions could not be loaded$/ }).waitFor();
      expect(
        messages.some((m) => /^error: Search suggestions could not be loaded:/.test(m)),
        messages.join('\n'),
      ).toBe(true);
      expect(await listbox.getByRole('option').allTextContents()).toEqual(['Search for “prompt tee”']);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/search\?q=prompt\+tee$/);
      await page.locator('[data-search-summary]', { hasText: /^Search failed\. Please try again\.$/ }).waitFor();
      expect(
        messages.some((m) => /^error: Search failed:/.test(m)),
        messages.join('\n'),
      ).toBe(true);
      expect(await page.locator('.search-result').count()).toBe(0);
      expect(unexpectedErrors(messages, [/Search suggestions could not be loaded:/, /Search failed:/, /Failed to load resource/])).toEqual(
        [],
      );
      await close();
    });

    it('"Show more results" appends the next page from where the last ended, until there is no more', async () => {
      const { page, messages, close } = await newPage();
      // Pages of 4 instead of 24 (the seed finds only a few): the browser's request, rewritten on its way to the real shop.
      const asked: { first: number; after: string | null }[] = [];
      await page.route(`${harness.store.graphqlUrl}**`, async (route) => {
        const body = JSON.parse(route.request().postData() ?? '{}') as { query: string; variables: Record<string, unknown> };
        if (!/^\s*query Search\b/.test(body.query)) return route.continue();
        body.variables.first = 4;
        asked.push({ first: 4, after: (body.variables.after as string | null | undefined) ?? null });
        return route.continue({ postData: JSON.stringify(body) });
      });
      await visit(page, '/search?q=AI');
      const more = page.getByRole('button', { name: 'Show more results' });
      await more.waitFor();
      const total = Number((await page.locator('[data-search-summary]').textContent())!.split(' ')[0]);
      expect(total).toBeGreaterThan(4);
      expect(await page.locator('.search-result').count()).toBe(4);
      const firstPage = await resultHandles(page);
      while (await more.isVisible()) {
        const shown = await page.locator('.search-result').count();
        await more.click();
        await page.waitForFunction((n) => document.querySelectorAll('.search-result').length > n, shown);
        await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-search-more]')?.disabled);
      }
      const all = await resultHandles(page);
      expect(all).toHaveLength(total);
      expect(new Set(all).size).toBe(total);
      expect(all.slice(0, 4)).toEqual(firstPage);
      // Each later page asked from the cursor the one before ended on.
      expect(asked[0]!.after).toBeNull();
      expect(asked.slice(1).every((request) => typeof request.after === 'string' && request.after.length > 0)).toBe(true);
      expect(new Set(asked.map((request) => request.after)).size).toBe(asked.length);
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });

    it('/search with no words gives a hint; words that find nothing say so and name the words in the tab title', async () => {
      const { page, messages, close } = await newPage();
      await visit(page, '/search');
      await page.locator('[data-search-summary]', { hasText: /^Type a word above to search every shirt in the shop\.$/ }).waitFor();
      expect(await page.title()).toBe('Search | Neural Threads');
      await visit(page, '/search?q=zqxvw');
      await page
        .locator('[data-search-summary]', { hasText: /^No results for “zqxvw”\. Try another word, or browse the collections\.$/ })
        .waitFor();
      expect(await page.locator('.search-result').count()).toBe(0);
      expect(await page.title()).toBe('Search: zqxvw | Neural Threads');
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });

    it('Enter with nothing chosen searches on /search, live, with sorting', async () => {
      const { page, messages, close } = await newPage();
      await visit(page, '/');
      await searchBox(page).box.focus();
      await page.keyboard.type('AI');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/search\?q=AI$/);
      const summary = page.locator('[data-search-summary]');
      await page.waitForFunction(() => /results? for/.test(document.querySelector('[data-search-summary]')?.textContent ?? ''));
      const count = Number((await summary.textContent())!.split(' ')[0]);
      expect(count).toBeGreaterThan(0);
      expect(await page.locator('.search-result').count()).toBe(Math.min(count, 24));
      await page.getByLabel('Sort results').selectOption('price-ascending');
      await page.waitForURL(/sort=price-ascending/);
      await page.waitForFunction(() => document.querySelectorAll('.search-result').length > 0);
      const prices = (await page.locator('.search-result-price').allTextContents()).map((t) => Number(t.replace(/^[A-Z]{3} \$/, '')));
      // Cheapest first, with sold-out products after the rest (Shopify's default for search): at most one step down.
      const stepsDown = prices.slice(1).filter((price, i) => price < prices[i]!).length;
      expect(prices.length).toBeGreaterThan(1);
      expect(stepsDown, prices.join(', ')).toBeLessThanOrEqual(1);
      // Exactly the shop's own order, both ways.
      expect(await resultHandles(page)).toEqual(await shopSearchOrder('AI', false));
      await page.getByLabel('Sort results').selectOption('price-descending');
      await page.waitForURL(/sort=price-descending/);
      const descending = await shopSearchOrder('AI', true);
      await page.waitForFunction(
        (first) => document.querySelector('.search-result-link')?.getAttribute('href') === `/product/${first}`,
        descending[0],
      );
      expect(await resultHandles(page)).toEqual(descending);
      expect(await layoutShift(page)).toBeLessThan(0.01);
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });
  });

  describe('menus and policies', () => {
    it('the footer → the refund policy', async () => {
      const { page, messages, close } = await newPage();
      await visit(page, '/');
      await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Refund Policy' }).click();
      await page.waitForURL(/\/policies\/refund-policy$/);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Refund Policy');
      expect((await page.locator('.content-body').textContent())!.length).toBeGreaterThan(40);
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });

    it("the header's menu links only pages that exist, and the sitemap lists collections, pages and policies", async () => {
      const { page, close } = await newPage();
      await visit(page, '/');
      const hrefs = await page
        .getByRole('navigation', { name: 'Main' })
        .locator('a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      expect(hrefs.length).toBeGreaterThan(1);
      for (const href of hrefs) expect((await siteFetch(href)).status, href).toBe(200);
      const sitemap = await (await siteFetch('/sitemap.xml')).text();
      for (const path of ['/collections/', '/pages/', '/policies/refund-policy']) expect(sitemap).toContain(path);
      await close();
    });
  });
}

/** After the generator's journeys: what a publish adds shows in its collection (after the rebuild) and in search (at once). */
export function publishedProductJourneys(): void {
  describe('a newly published product', () => {
    it('appears in search at once and in its collection after the rebuild', async () => {
      const key = await staffKey();
      const json = { 'content-type': 'application/json' };
      const name = `Quarterly Review Bot ${Date.now().toString(36)}`;
      const design = await siteFetch('/api/generate-product-design', {
        method: 'POST',
        key,
        headers: json,
        body: JSON.stringify({
          productName: name,
          quote: 'Synergy, now with embeddings',
          category: 'Office Humor',
          colors: ['#000000', '#fe972e'],
        }),
      });
      expect(design.status).toBe(200);
      const { imageUrl } = (await design.json()) as { imageUrl: string };
      const published = await siteFetch('/api/publish-to-shopify', {
        method: 'POST',
        key,
        headers: json,
        body: JSON.stringify({
          product: {
            name,
            description: 'For the meeting about the meeting.',
            price: 26.5,
            category: 'Office Humor',
            imageUrl,
            keywords: ['office'],
          },
        }),
      });
      expect(published.status).toBe(200);
      const { handle } = (await published.json()) as { handle: string };

      const { page, close } = await newPage();
      await visit(page, `/search?q=${encodeURIComponent(name)}`);
      await page.waitForFunction(() => /results? for/.test(document.querySelector('[data-search-summary]')?.textContent ?? ''));
      expect(await page.locator('.search-result-link').first().getAttribute('href')).toBe(`/product/${handle}`);

      const deadline = Date.now() + 90_000;
      let listed = false;
      while (!listed && Date.now() < deadline) {
        listed = (await (await siteFetch('/collections/office-humor')).text()).includes(`href="/product/${handle}"`);
        if (!listed) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(listed, harness.store.output().slice(-2000)).toBe(true);
      await close();
    }, 150_000);
  });
}
