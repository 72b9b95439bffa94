import { describe, expect, it } from 'vitest';
import { STOPPED_BEFORE_DESIGN } from '../../shared/generator/runs/runner.ts';
import { cards, generate, runFinished, toast } from './generator.journeys.ts';
import { AUTH_CHECK, newPage, openGenerator, signInAsStaff, unexpectedErrors } from './harness.ts';

/**
 * The workspace's Stop, Retry and Regenerate Design in Chromium, each surviving a reload (the
 * generator journeys cover the live view, Edit, Discard and publishing once).
 */

export function workspaceJourneys(): void {
  describe('generator workspace: Stop, Retry, Regenerate Design', () => {
    it('Stop keeps the finished designs and marks the rest; Retry makes one, Regenerate Design draws another; a reload shows it all', async () => {
      const { page, messages, close } = await newPage();
      await openGenerator(page);
      await signInAsStaff(page);
      await generate(page, 6, 'night-shift robots who write haiku');
      await toast(page, 'Created 6 product ideas!').waitFor({ timeout: 60_000 });
      await cards(page).locator('img').first().waitFor({ timeout: 90_000 });
      await page.getByRole('button', { name: 'Stop' }).click();
      await runFinished(page);

      const designed = await cards(page).locator('img').count();
      const stopped = cards(page).filter({ hasText: STOPPED_BEFORE_DESIGN });
      const stoppedCount = await stopped.count();
      expect(designed).toBeGreaterThanOrEqual(1);
      expect(stoppedCount).toBeGreaterThanOrEqual(1);
      expect(designed + stoppedCount).toBe(6);

      await page.reload();
      await page.getByRole('heading', { name: 'Generated Products (6)' }).waitFor();
      expect(await cards(page).filter({ hasText: STOPPED_BEFORE_DESIGN }).count()).toBe(stoppedCount);
      expect(await cards(page).locator('img').count()).toBe(designed);

      // Retry on a stopped product makes its design.
      const retried = cards(page).filter({ hasText: STOPPED_BEFORE_DESIGN }).first();
      const retriedName = (await retried.locator('.gen-card-title').textContent())!.trim();
      await retried.getByRole('button', { name: 'Retry' }).click();
      const card = cards(page).filter({ has: page.locator('.gen-card-title', { hasText: retriedName }) });
      await card.getByRole('button', { name: 'Publish to Shopify', disabled: false }).waitFor({ timeout: 90_000 });
      expect(await card.locator('.gen-card-error').count()).toBe(0);

      // Regenerate Design on a ready product: another design file replaces the first.
      const first = cards(page).nth(0);
      const before = await first.locator('img').getAttribute('src');
      await first.getByRole('button', { name: 'Regenerate Design' }).click();
      await page.waitForFunction(
        (src) => {
          const img = document.querySelector('.gen-card img');
          return img !== null && img.getAttribute('src') !== src;
        },
        before,
        { timeout: 90_000 },
      );
      await first.getByRole('button', { name: 'Publish to Shopify', disabled: false }).waitFor({ timeout: 90_000 });
      const after = await first.locator('img').getAttribute('src');
      expect(after).toMatch(/^\/api\/designs\/[a-z0-9-]+-[0-9a-f]{24}-preview\.png$/);
      // The new preview loads (it may still be on its way when the button turns back on).
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('.gen-card img');
        return img?.complete === true && img.naturalWidth > 0;
      });

      await page.reload();
      await page.getByRole('heading', { name: 'Generated Products (6)' }).waitFor();
      expect(await cards(page).nth(0).locator('img').getAttribute('src')).toBe(after);
      expect(await cards(page).filter({ hasText: STOPPED_BEFORE_DESIGN }).count()).toBe(stoppedCount - 1);
      expect(
        await cards(page)
          .filter({ has: page.locator('.gen-card-title', { hasText: retriedName }) })
          .locator('img')
          .count(),
      ).toBe(1);
      expect(unexpectedErrors(messages, [AUTH_CHECK])).toEqual([]);
      await close();
    }, 240_000);
  });
}
