import { readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { RunView } from '../../shared/generator/browser.ts';
import { harness, openGenerator, signInAsStaff, staffKey } from './harness.ts';

/**
 * What the journeys on /generator runs share: signing in on the page, starting a run from the
 * settings card, waiting for its designs, and reading the run and its design files as they are.
 */

/** Signs in on /generator and waits for the workspace (it opens on the latest run, if any). */
export async function openSignedIn(page: Page, siteUrl = harness.store.siteUrl): Promise<void> {
  await openGenerator(page, siteUrl);
  await signInAsStaff(page);
  await page.getByLabel('Number of Products').waitFor();
}

/** Starts a run from the settings card; resolves with its id once the page shows it. */
export async function startRun(page: Page, count: number, theme: string, guidelines = ''): Promise<string> {
  await page.getByLabel('Number of Products').fill(String(count));
  await page.getByLabel('Theme/Category').fill(theme);
  await page.getByLabel('Brand Guidelines').fill(guidelines);
  const started = page.waitForResponse((r) => r.url().endsWith('/api/generator-runs') && r.request().method() === 'POST');
  await page.getByRole('button', { name: `Generate ${count} Products` }).click();
  const { run } = (await (await started).json()) as { run: RunView };
  await page.waitForURL(new RegExp(`[?&]run=${run.id}`));
  return run.id;
}

/** The run on the page has made all its designs (its progress line says so). */
export async function designsDone(page: Page, timeout = 90_000): Promise<void> {
  await page.locator('.sr-only[aria-live="polite"]', { hasText: 'All designs generated!' }).waitFor({ timeout });
}

/** The run as the runs API answers it (on the harness store, or at `siteUrl` with its `key`). */
export async function readRun(
  id: string,
  { siteUrl = harness.store.siteUrl, key }: { siteUrl?: string; key?: string } = {},
): Promise<RunView> {
  const response = await fetch(new URL(`/api/generator-runs/${id}`, siteUrl), { headers: { 'x-api-key': key ?? (await staffKey()) } });
  if (response.status !== 200) throw new Error(`GET /api/generator-runs/${id} answered ${response.status}`);
  return ((await response.json()) as { run: RunView }).run;
}

/** Each card's status as the page marks it (pending, generating, ready, error, published). */
export function cardStatuses(page: Page): Promise<string[]> {
  return page.locator('.gen-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-status') ?? ''));
}

/** Each card's design preview address ('' for a card without one). */
export function cardImages(page: Page): Promise<string[]> {
  return page
    .locator('.gen-card')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('.gen-card-media img')?.getAttribute('src') ?? ''));
}

/** The design previews the server has written to a designs folder so far (file names, sorted). */
export function previewsIn(designsDir: string): string[] {
  try {
    return readdirSync(designsDir)
      .filter((name) => name.endsWith('-preview.png'))
      .sort();
  } catch {
    return [];
  }
}
