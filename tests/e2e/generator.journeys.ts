import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import { STAFF_MESSAGES } from '../../shared/staff/index.ts';
import { FAKE_SECRETS } from '../support/store-process.ts';
import {
  AUTH_CHECK,
  asOwnClient,
  E2E_STAFF,
  harness,
  hydrated,
  newPage,
  openGenerator,
  signInAsStaff,
  siteFetch,
  staffKey,
  unexpectedErrors,
} from './harness.ts';

/**
 * /generator end to end: staff sign-in, publishing that reaches the storefront through a rebuild
 * while every page keeps answering, the workspace (a run that survives a reload and shows in a
 * second tab, Edit, Discard, one product from two tabs publishing at once); then the API over HTTP.
 */

const LIVE_WITHIN_MS = 60_000;
const GOING_LIVE = 'Going live: the store is being rebuilt with this product.';

function generateButton(page: Page) {
  return page.getByRole('button', { name: /^Generate -?\d+ Products$/ });
}

export async function generate(page: Page, count: number, theme: string): Promise<void> {
  await page.getByLabel('Number of Products').fill(String(count));
  await page.getByLabel('Theme/Category').fill(theme);
  await generateButton(page).click();
}

/** Waits until the run is over (the button reads 'Generate N Products' again). */
export async function runFinished(page: Page): Promise<void> {
  // Generous: the designs are made on the server, which these shared machines may keep busy.
  await generateButton(page).waitFor({ timeout: 90_000 });
}

/** How many design previews the server has made so far. */
function previewCount(dir: string): number {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('-preview.png')).length;
  } catch {
    return 0;
  }
}

export function cards(page: Page) {
  return page.locator('.gen-card');
}

export function toast(page: Page, title: string) {
  return page.locator('.toast-title', { hasText: title });
}

export function generatorJourneys(): void {
  describe('generator page', () => {
    it('is for staff only: noindex, no canonical URL, not in the sitemap', async () => {
      const html = await (await fetch(new URL('/generator', harness.store.siteUrl))).text();
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('rel="canonical"');
      for (const secret of Object.values(FAKE_SECRETS)) expect(html).not.toContain(secret);
      const sitemap = await (await fetch(new URL('/sitemap.xml', harness.store.siteUrl))).text();
      expect(sitemap).not.toContain('/generator');
    });

    it('signed out, shows the sign-in form; bad input gets its message; signed in, the tool, kept across reloads but not in another browser', async () => {
      const { page, context, messages, close } = await newPage({ width: 390, height: 844 });
      await openGenerator(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('AI Product Generator');
      const form = page.getByRole('form', { name: 'Sign in' });
      await form.waitFor();
      expect(await page.getByLabel('Number of Products').count()).toBe(0);
      await form.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText(STAFF_MESSAGES.missingCredentials).waitFor();
      await signInAsStaff(page, { email: E2E_STAFF.email, password: 'not the password' });
      await page.getByText(STAFF_MESSAGES.wrongCredentials).waitFor();
      await signInAsStaff(page, { email: 'nobody@example.com', password: 'not the password' });
      await page.getByText(STAFF_MESSAGES.wrongCredentials).waitFor();
      await signInAsStaff(page);
      await page.getByRole('heading', { name: 'Ready to Generate Products' }).waitFor();
      expect(await page.getByText('Configure your settings above and click Generate Products').count()).toBe(1);
      expect(await page.getByRole('navigation', { name: 'Staff' }).getByRole('button', { name: 'Sign out', exact: true }).count()).toBe(1);

      // The session is a cookie: a reload does not ask again.
      await page.reload();
      await hydrated(page);
      await page.getByRole('heading', { name: 'Ready to Generate Products' }).waitFor();
      expect(await page.getByRole('form', { name: 'Sign in' }).count()).toBe(0);
      const cookie = (await context.cookies()).find((c) => c.name === 'better-auth.session_token');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false });
      expect(await page.evaluate(() => document.cookie)).not.toContain('session_token');

      // The settings: labelled inputs, the defaults, the count rules.
      expect(await page.getByLabel('Number of Products').inputValue()).toBe('6');
      expect(await page.getByLabel('Theme/Category').inputValue()).toBe('AI quotes for entrepreneurs and small business owners');
      expect(await page.getByLabel('Brand Guidelines').getAttribute('rows')).toBe('3');
      await page.getByLabel('Number of Products').fill('0');
      expect(await generateButton(page).textContent()).toBe('Generate 0 Products');
      expect(await generateButton(page).isDisabled()).toBe(true);
      await page.getByLabel('Number of Products').fill('');
      expect(await generateButton(page).textContent()).toBe('Generate 6 Products');
      expect(await generateButton(page).isEnabled()).toBe(true);

      // Another browser has to sign in too.
      const other = await context.browser()!.newContext();
      await asOwnClient(other);
      const second = await other.newPage();
      await openGenerator(second);
      await second.getByRole('form', { name: 'Sign in' }).waitFor();
      await other.close();
      expect(unexpectedErrors(messages, [AUTH_CHECK])).toEqual([]);
      await close();
    });

    it('generate 2, Publish All Ready: both published, and both on the home page within 60 s while every page keeps answering', async () => {
      const { page, messages, close } = await newPage();
      await openGenerator(page);
      await signInAsStaff(page);
      await generate(page, 2, 'retired astronauts who run bakeries');
      await runFinished(page);
      expect(await cards(page).locator('.gen-card-title').count()).toBe(2);
      const names = (await cards(page).locator('.gen-card-title').allTextContents()).map((name) => name.trim());
      for (const card of await cards(page).all())
        expect(await card.getByRole('button', { name: 'Publish to Shopify' }).isEnabled()).toBe(true);

      const anyProduct = (await (await fetch(new URL('/sitemap.xml', harness.store.siteUrl))).text()).match(/\/product\/[a-z0-9-]+/)![0];
      const outputBefore = harness.store.output().length;
      // Each toast shows for 4 s, and the second publish may end later than that: watch for both from the start.
      const toasted = Promise.all(names.map((name) => toast(page, `${name} published to Shopify!`).waitFor({ timeout: 90_000 })));
      await page.getByRole('button', { name: 'Publish All Ready' }).click();
      const publishedAt = Date.now();
      await page.locator('.gen-badge-published').nth(1).waitFor({ timeout: 90_000 });
      expect(await page.locator('.gen-badge-published').allTextContents()).toEqual(['✓ Published', '✓ Published']);
      // Until the rebuild with them lands, each card says its product is going live.
      expect(await page.locator('.gen-card-live').allTextContents()).toEqual([GOING_LIVE, GOING_LIVE]);
      await toasted;
      const links = await cards(page)
        .getByRole('link', { name: /View on Shopify/ })
        .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
      expect(links).toHaveLength(2);
      for (const link of links) expect(link).toMatch(/^\/product\/[a-z0-9-]+$/);

      // Poll the home page and a product page until the new products are live: every answer a 200.
      const statuses = new Set<number>();
      let duringRebuild = 0;
      let live = false;
      while (!live && Date.now() - publishedAt < LIVE_WITHIN_MS) {
        const output = harness.store.output().slice(outputBefore);
        // Publishes within 2 s of each other share a build; on a busy machine the two may get one each.
        const rebuilding = /Rebuilding the store for [12] new products?/.test(output) && !output.includes('Store rebuilt');
        const [home, product] = await Promise.all([fetch(harness.store.siteUrl), fetch(new URL(anyProduct, harness.store.siteUrl))]);
        statuses.add(home.status).add(product.status);
        const html = await home.text();
        await product.body?.cancel();
        if (rebuilding) duringRebuild++;
        live = links.every((link) => html.includes(`href="${link}"`));
        if (!live) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const seconds = (Date.now() - publishedAt) / 1000;
      console.log(
        `Publish All Ready → both products on the home page: ${seconds.toFixed(1)} s (${duringRebuild} polls of / and a product page during the rebuild)`,
      );
      expect(live, `not on the home page after ${seconds} s:\n${harness.store.output().slice(outputBefore)}`).toBe(true);
      expect([...statuses]).toEqual([200]);
      expect(duringRebuild).toBeGreaterThan(0);
      expect(harness.store.output().slice(outputBefore)).toMatch(/Rebuilding the store for [12] new products?\.\.\.\n.*Store rebuilt in/);

      for (const link of links) {
        const productPage = await fetch(new URL(link, harness.store.siteUrl));
        expect(productPage.status, link).toBe(200);
      }
      // The cards notice the pages answer and stop saying so.
      await page.waitForFunction(() => [...document.querySelectorAll('.gen-card-live')].every((note) => note.textContent === ''), null, {
        timeout: 15_000,
      });
      await page.goto(harness.store.siteUrl);
      const homeTitles = await page.locator('.card-title').allTextContents();
      expect(
        homeTitles
          .slice(0, 2)
          .map((t) => t.trim())
          .sort(),
      ).toEqual([...names].sort()); // the newest first
      expect(unexpectedErrors(messages, [AUTH_CHECK])).toEqual([]);
      await close();
    }, 180_000);
  });

  describe('generator workspace', () => {
    it('a run lives on the server: a reload and a second tab show it still progressing, no design made twice', async () => {
      const designs = path.join(harness.store.dataDir, 'designs');
      const previewsBefore = previewCount(designs);
      const { page, context, messages, close } = await newPage();
      await openGenerator(page);
      await signInAsStaff(page);
      await generate(page, 4, 'lighthouse keepers who automate everything');
      expect(await page.getByLabel('Number of Products').isDisabled()).toBe(true);
      await toast(page, 'Created 4 product ideas!').waitFor({ timeout: 60_000 });
      await page.waitForURL(/[?&]run=[0-9a-f]{16}/);
      const runUrl = page.url();

      // Reload mid-run: the same run, in the same state, still going.
      const reloadedAt = performance.now();
      await page.reload();
      await page.getByRole('heading', { name: 'Generated Products (4)' }).waitFor();
      const restoredMs = performance.now() - reloadedAt;
      console.log(`Reload → restored run on /generator: ${restoredMs.toFixed(0)} ms`);
      expect(page.url()).toBe(runUrl);

      // A second tab on plain /generator (the same browser: signed in already) opens the latest run: this one.
      const second = await context.newPage();
      await openGenerator(second);
      await second.getByRole('heading', { name: 'Generated Products (4)' }).waitFor();
      expect(second.url()).toBe(runUrl);

      await runFinished(page);
      await toast(page, 'All product designs created! Review and publish to Shopify.').waitFor();
      await second.locator('.gen-card img').nth(3).waitFor({ timeout: 90_000 });
      expect(await cards(second).locator('.gen-card-title').allTextContents()).toEqual(
        await cards(page).locator('.gen-card-title').allTextContents(),
      );
      expect(previewCount(designs) - previewsBefore).toBe(4); // one design per product, none twice

      // Runs list: this run with its counts.
      await page.getByText(/^Runs \(\d+\)$/).click();
      await page.getByText('4 products · 4 ready · 0 published · 0 failed · finished').waitFor();

      // Edit a quote and a name: saved at once, a new design for the new quote, and the product carries the edit.
      const card = cards(page).nth(0);
      await card.getByRole('button', { name: 'Edit' }).click();
      await card.getByLabel('Name').fill('');
      await card.getByRole('button', { name: 'Save' }).click();
      await card.getByText('name must not be empty').waitFor();
      await card.getByLabel('Name').fill('Keeper of the Automated Light');
      await card.getByLabel('Quote').fill('My lighthouse runs on cron.');
      await card.getByRole('button', { name: 'Save' }).click();
      await card.locator('.gen-card-quote', { hasText: 'My lighthouse runs on cron.' }).waitFor();
      await card.getByRole('button', { name: 'Publish to Shopify', disabled: false }).waitFor({ timeout: 90_000 });
      await page.reload();
      await cards(page).nth(0).locator('.gen-card-title', { hasText: 'Keeper of the Automated Light' }).waitFor();

      // Discard the last product: it leaves the run.
      await cards(page).nth(3).getByRole('button', { name: 'Discard' }).click();
      await page.getByRole('heading', { name: 'Generated Products (3)' }).waitFor();

      // Two tabs publish the same product at once: one product.
      await second.reload();
      await second.getByRole('heading', { name: 'Generated Products (3)' }).waitFor();
      // Both at once (force: the second tab may already have heard of the first and disabled its button).
      await Promise.all([
        cards(page).nth(0).getByRole('button', { name: 'Publish to Shopify' }).click({ force: true }),
        cards(second).nth(0).getByRole('button', { name: 'Publish to Shopify' }).click({ force: true }),
      ]);
      await cards(page).nth(0).locator('.gen-badge-published').waitFor({ timeout: 90_000 });
      const handle = (await cards(page)
        .nth(0)
        .getByRole('link', { name: /View on Shopify/ })
        .getAttribute('href'))!
        .split('/')
        .pop()!;
      const shop = await fetch(harness.store.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ products(first: 100) { edges { node { handle title } } } }' }),
      });
      const found = ((await shop.json()) as { data: { products: { edges: Array<{ node: { handle: string; title: string } }> } } }).data
        .products.edges;
      expect(found.map((e) => e.node).filter((p) => p.title === 'Keeper of the Automated Light')).toEqual([
        { handle, title: 'Keeper of the Automated Light' },
      ]);
      // The refused edit (an empty name) is the one expected 400.
      expect(unexpectedErrors(messages, [AUTH_CHECK, /400 \(Bad Request\)/])).toEqual([]);
      await close();
    }, 240_000);
  });

  describe('generator API over HTTP', () => {
    const conceptsBody = { productCount: 1, theme: 'cats', brand: BRAND };
    const json = { 'content-type': 'application/json' };

    it('answers 401 without a staff session or API key and with a wrong key, as JSON', async () => {
      for (const key of [undefined, 'nt_wrong']) {
        const response = await siteFetch('/api/generate-product-concepts', {
          method: 'POST',
          headers: json,
          body: JSON.stringify(conceptsBody),
          ...(key ? { key } : {}),
        });
        expect(response.status).toBe(401);
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(((await response.json()) as { error: string }).error).toBe(STAFF_MESSAGES.signInNeeded);
      }
    });

    it('answers 400 for a bad count, malformed JSON and a publish without a design', async () => {
      const badCount = await siteFetch('/api/generate-product-concepts', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ ...conceptsBody, productCount: 21 }),
        key: await staffKey(),
      });
      expect(badCount.status).toBe(400);
      expect(await badCount.json()).toEqual({ error: 'productCount must be a whole number from 1 to 20 (got 21)' });
      const malformed = await siteFetch('/api/generate-product-design', {
        method: 'POST',
        headers: json,
        body: '{"productName":',
        key: await staffKey(),
      });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toEqual({ error: 'The request body is not valid JSON' });
      const noImage = await siteFetch('/api/publish-to-shopify', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ product: { name: 'A', description: 'B', price: 20, category: 'AI', keywords: ['ai'] } }),
        key: await staffKey(),
      });
      expect(noImage.status).toBe(400);
      expect(await noImage.json()).toEqual({ error: 'product.imageUrl: No design image available' });
    });

    it('answers 413 for a body over 1 MB and 415 for one that is not JSON', async () => {
      const big = await siteFetch('/api/generate-product-concepts', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ ...conceptsBody, guidelines: 'x'.repeat(1_500_000) }),
        key: await staffKey(),
      });
      expect(big.status).toBe(413);
      expect(await big.json()).toEqual({ error: 'The request body is larger than 1 MB' });
      const form = await siteFetch('/api/generate-product-concepts', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'productCount=1',
        key: await staffKey(),
      });
      expect(form.status).toBe(415);
      // The store keeps answering afterwards.
      expect((await fetch(harness.store.siteUrl)).status).toBe(200);
    });
  });
}
