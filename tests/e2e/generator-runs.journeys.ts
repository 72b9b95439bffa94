import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Concept } from '../../shared/generator/browser.ts';
import { concept, openAIError } from '../support/openai-server.ts';
import { startStoreProcess, type StoreProcess } from '../support/store-process.ts';
import { FIGURE } from '../support/summary-reporter.ts';
import { cardImages, cardStatuses, designsDone, openSignedIn, previewsIn, readRun, startRun } from './generator-page.ts';
import { AUTH_CHECK, E2E_STAFF, ensureStaff, harness, hydrated, newPage, openGenerator, openStaffOf, unexpectedErrors } from './harness.ts';

/**
 * Runs on /generator where the model can be made to fail or wait (the store's generator talks to
 * the loopback OpenAI model, tests/support/openai-model.ts): a failed design marks only its product
 * and Retry makes it; a reload, a second tab and a closed-and-reopened tab in the middle of a run
 * each show it where it stands; and `npm start` killed with SIGKILL mid-run resumes the run on
 * its own when started again on the same DATA_DIR. In every one, no design is made twice.
 */

/** Three concepts of one journey, told apart by `label`. */
function conceptsFor(label: string): Concept[] {
  return [1, 2, 3].map((i) => concept(i, { name: `${label} Shirt ${i}`, quote_primary: `${label} quote number ${i}.` }));
}

/** The model's artwork requests for these products, in the order they came. */
function artworkAskedFor(products: readonly Concept[]): string[] {
  const names = new Set(products.map((p) => p.name));
  return harness.model.artwork.filter((ask) => names.has(ask.name)).map((ask) => ask.name);
}

async function waitUntil<T>(what: string, probe: () => T | undefined, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;

export function generatorRunJourneys(): void {
  describe('generator runs: failures, tabs and a killed server', () => {
    it('a failed design marks only its product: the others carry on, Retry makes it, and a reload keeps it all', async () => {
      const products = conceptsFor('Retry Journey');
      harness.model.conceptsFor('a design fails in this run', products);
      harness.model.failArtwork(products[1]!.name, {
        status: 400,
        json: openAIError('Your request was rejected by the safety system.', 'invalid_request_error', 'moderation_blocked'),
      });
      const designsDir = path.join(harness.store.dataDir, 'designs');
      const previewsBefore = previewsIn(designsDir).length;
      const { page, messages, close } = await newPage();
      await openSignedIn(page);
      const id = await startRun(page, 3, 'a design fails in this run');
      await designsDone(page);

      // Only the second card failed, with OpenAI's reason; the third was made after it.
      expect(await cardStatuses(page)).toEqual(['ready', 'error', 'ready']);
      const failed = page.locator('.gen-card').nth(1);
      expect(await failed.locator('.gen-card-error').allTextContents()).toEqual([
        'OpenAI rejected the request for design artwork (400): Your request was rejected by the safety system.',
      ]);
      expect(await failed.locator('.gen-badge-error').textContent()).toBe('Error');
      expect(await failed.getByText('No design').count()).toBe(1);
      expect(await page.locator('.gen-card-error').count()).toBe(1);
      expect(await failed.getByRole('button', { name: 'Publish to Shopify' }).isDisabled()).toBe(true);
      expect(artworkAskedFor(products)).toEqual(products.map((p) => p.name));
      const [first, , third] = await cardImages(page);
      expect(first).toMatch(/^\/api\/designs\/retry-journey-shirt-1-[0-9a-f]{24}-preview\.png$/);
      expect(third).toMatch(/^\/api\/designs\/retry-journey-shirt-3-[0-9a-f]{24}-preview\.png$/);

      // Retry on the failed card: its design is made; the others are left as they were.
      await failed.getByRole('button', { name: 'Retry' }).click();
      await failed.locator('.gen-card-media img').waitFor({ timeout: 60_000 });
      expect(await cardStatuses(page)).toEqual(['ready', 'ready', 'ready']);
      expect(await page.locator('.gen-card-error').count()).toBe(0);
      const images = await cardImages(page);
      expect(images[1]).toMatch(/^\/api\/designs\/retry-journey-shirt-2-[0-9a-f]{24}-preview\.png$/);
      expect([images[0], images[2]]).toEqual([first, third]);

      // A reload shows the same: three designs, no error.
      await page.reload();
      await hydrated(page);
      await page.getByRole('heading', { name: 'Generated Products (3)' }).waitFor();
      await page.locator('.gen-card-media img').nth(2).waitFor();
      expect(await cardStatuses(page)).toEqual(['ready', 'ready', 'ready']);
      expect(await cardImages(page)).toEqual(images);
      expect(await page.locator('.gen-card-error').count()).toBe(0);
      const run = await readRun(id);
      expect(run.products.map((p) => [p.status, p.error])).toEqual([
        ['ready', undefined],
        ['ready', undefined],
        ['ready', undefined],
      ]);
      // Each design made once: the failed one was asked for again, the others never.
      expect(artworkAskedFor(products)).toEqual([products[0]!.name, products[1]!.name, products[2]!.name, products[1]!.name]);
      expect(previewsIn(designsDir).length - previewsBefore).toBe(3);
      expect(unexpectedErrors(messages, [AUTH_CHECK])).toEqual([]);
      await close();
    }, 180_000);

    it('mid-run, a reload, a second tab and a closed-and-reopened tab each show the run where it stands; no design made twice', async ({
      annotate,
    }) => {
      const products = conceptsFor('Tabs Journey');
      harness.model.conceptsFor('tabs while it runs', products);
      // The second design waits for the test: until it is let go, the run is provably mid-run.
      const held = harness.model.holdArtwork(products[1]!.name);
      const designsDir = path.join(harness.store.dataDir, 'designs');
      const previewsBefore = previewsIn(designsDir).length;
      const { page, context, messages, close } = await newPage();
      try {
        await openSignedIn(page);
        await startRun(page, 3, 'tabs while it runs');
        await held.reached;
        const runUrl = page.url();

        /** The tab shows this run mid-way: the first design made, the second being made, the third waiting, Stop offered. */
        const showsMidRun = async (tab: Page) => {
          await tab.getByRole('heading', { name: 'Generated Products (3)' }).waitFor();
          await tab.locator('.gen-card').nth(0).locator('.gen-card-media img').waitFor();
          await tab.locator('.gen-card').nth(1).getByText('Creating design...').waitFor();
          expect(await cardStatuses(tab)).toEqual(['ready', 'generating', 'pending']);
          expect(await tab.getByRole('button', { name: 'Stop', exact: true }).isVisible()).toBe(true);
          expect(tab.url()).toBe(runUrl);
        };
        await showsMidRun(page);
        const firstImage = (await cardImages(page))[0];

        // Reload mid-run.
        const reloadedAt = performance.now();
        await page.reload();
        await showsMidRun(page);
        const restoredMs = performance.now() - reloadedAt;

        // A second tab on plain /generator (signed in already) opens the latest run: this one.
        const second = await context.newPage();
        await openGenerator(second);
        await showsMidRun(second);

        // Close the first tab and open its address again, as the browser's "reopen closed tab" does.
        await page.close();
        const reopened = await context.newPage();
        await reopened.goto(runUrl);
        await hydrated(reopened);
        await showsMidRun(reopened);

        // Let the design go: both tabs see the run finish, with the same designs.
        held.release();
        for (const tab of [second, reopened]) {
          await designsDone(tab);
          await tab.locator('.gen-card-media img').nth(2).waitFor();
          expect(await cardStatuses(tab)).toEqual(['ready', 'ready', 'ready']);
        }
        expect(await cardImages(second)).toEqual(await cardImages(reopened));
        expect((await cardImages(second))[0]).toBe(firstImage);
        expect(artworkAskedFor(products)).toEqual(products.map((p) => p.name));
        expect(previewsIn(designsDir).length - previewsBefore).toBe(3);
        await annotate(`reload mid-run → restored run on /generator (a design held by the model): ${restoredMs.toFixed(0)} ms`, FIGURE);
        expect(unexpectedErrors(messages, [AUTH_CHECK])).toEqual([]);
      } finally {
        held.release();
        await close();
      }
    }, 180_000);

    it('npm start killed with SIGKILL mid-run and started again on the same DATA_DIR: the run resumes on its own, no design made twice', async ({
      annotate,
    }) => {
      const products = conceptsFor('Restart Journey');
      harness.model.conceptsFor('killed while it runs', products);
      // The second design is being made when the store is killed.
      const held = harness.model.holdArtwork(products[1]!.name);
      const first = await startStoreProcess({ env: harness.model.env });
      let second: StoreProcess | undefined;
      const { page, messages, close } = await newPage();
      try {
        const staff = await openStaffOf(first);
        await ensureStaff(E2E_STAFF, 'staff', staff);
        const key = (await staff.createKey(E2E_STAFF.email, { name: 'restart journey', aal: 'aal2' })).key;
        staff.close();
        const at = { siteUrl: first.siteUrl, key };
        const designsDir = path.join(first.dataDir, 'designs');

        await openSignedIn(page, first.siteUrl);
        const id = await startRun(page, 3, 'killed while it runs');
        await held.reached;
        const before = await readRun(id, at);
        expect(before.products.map((p) => p.status)).toEqual(['ready', 'generating', 'pending']);
        const madeBefore = previewsIn(designsDir);
        expect(madeBefore).toEqual([path.basename(before.products[0]!.imageUrl!)]);

        await first.kill();
        held.release(); // its answer has no one to go to
        const asksBefore = harness.model.artwork.length;

        // Started again on the same folder and address, as `npm start` would be.
        const startedAt = performance.now();
        const starting = startStoreProcess({ env: harness.model.env, root: first.root, port: Number(new URL(first.siteUrl).port) });
        let firstNewDesignAt: number | undefined;
        const watching = waitUntil('a new design after the restart', () => {
          if (previewsIn(designsDir).length > madeBefore.length) firstNewDesignAt ??= performance.now();
          return firstNewDesignAt;
        }).catch(() => undefined);
        second = await starting;
        const readyAt = performance.now();
        // Nobody asked it to: the run went on as the store started.
        const resumedAt = await waitUntil('the run to ask for a design again', () => harness.model.artwork[asksBefore]?.at);
        await watching;

        // The page that watched the store die: a reload shows the same run.
        const reloadedAt = performance.now();
        await page.reload();
        await hydrated(page);
        await page.getByRole('heading', { name: 'Generated Products (3)' }).waitFor();
        await page.locator('.gen-card').nth(0).locator('.gen-card-media img').waitFor();
        const restoredMs = performance.now() - reloadedAt;
        expect(page.url()).toBe(`${first.siteUrl}/generator?run=${id}`);
        await designsDone(page);
        await page.locator('.gen-card-media img').nth(2).waitFor();
        expect(await cardStatuses(page)).toEqual(['ready', 'ready', 'ready']);

        // The finished design kept with its file names; the cut-off one made once, the last one once; none skipped.
        const after = await readRun(id, at);
        expect(after.state).toBe('finished');
        expect(after.progress).toBe('All designs generated!');
        expect(after.products.map((p) => p.status)).toEqual(['ready', 'ready', 'ready']);
        expect([after.products[0]!.imageUrl, after.products[0]!.printUrl]).toEqual([
          before.products[0]!.imageUrl,
          before.products[0]!.printUrl,
        ]);
        const previews = previewsIn(designsDir);
        expect(previews).toEqual(after.products.map((p) => path.basename(p.imageUrl!)).sort());
        expect(previews).toEqual(expect.arrayContaining(madeBefore));
        expect(new Set(after.products.map((p) => p.printUrl)).size).toBe(3);
        // Asked: the first once, the second twice (the first ask died with the store), the third once.
        expect(artworkAskedFor(products)).toEqual([products[0]!.name, products[1]!.name, products[1]!.name, products[2]!.name]);
        expect(second.output()).toContain(`Resuming generator run ${id}`);

        const figures = [
          `restart → resumed run (first design asked for again): ${ms(resumedAt - startedAt)}`,
          `restart → first new design on disk: ${firstNewDesignAt === undefined ? 'not seen' : ms(firstNewDesignAt - startedAt)}`,
          `restart → store ready (build included): ${ms(readyAt - startedAt)}`,
          `reload → restored view after the restart: ${restoredMs.toFixed(0)} ms`,
        ];
        for (const figure of figures) await annotate(`kill -9 journey: ${figure}`, FIGURE);
        // The page saw the store go away and come back (refused connections, 503 while it built).
        expect(unexpectedErrors(messages, [AUTH_CHECK, /ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|503/])).toEqual([]);
      } finally {
        held.release();
        await close();
        await (second ?? first).stop();
      }
    }, 300_000);
  });
}
