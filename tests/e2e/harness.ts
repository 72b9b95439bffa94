import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser.ts';
import { FAKE_SECRETS, startStoreProcess, type StoreProcess, type StoreProcessOptions } from '../support/store-process.ts';

/**
 * What every end-to-end journey shares: one `npm start` (a build takes a while on a small machine)
 * and one Chromium, plus the few page utilities the journeys have in common.
 */

export interface Harness {
  readonly store: StoreProcess;
  readonly browser: Browser;
}

let store: StoreProcess | undefined;
let browser: Browser | undefined;

export const harness: Harness = {
  get store() {
    if (!store) throw new Error('the store is not running (harness.start() not called or failed)');
    return store;
  },
  get browser() {
    if (!browser) throw new Error('the browser is not running');
    return browser;
  },
};

export async function startHarness(options: StoreProcessOptions = {}): Promise<void> {
  [store, browser] = await Promise.all([startStoreProcess(options), launchChromium()]);
}

let stopped: Promise<number | null> | undefined;

/** Stops the browser and the store (once); resolves with the store's exit code. */
export function stopHarness(): Promise<number | null> {
  stopped ??= (async () => {
    await browser?.close();
    return (await store?.stop()) ?? null;
  })();
  return stopped;
}

export interface ObservedPage {
  page: Page;
  context: BrowserContext;
  /** Console messages and uncaught errors, as "type: text". */
  messages: string[];
  close(): Promise<void>;
}

/** Every Content-Security-Policy violation any journey's page reported, as "url: message"; none is expected. */
export const cspViolations: string[] = [];
/** How many pages the violation check watched. */
export let pagesWatched = 0;

/** Chromium reports a blocked script, style, image or fetch as a console message naming the policy. */
const CSP_REPORT = /Content Security Policy/i;

export async function newPage(viewport = { width: 1280, height: 900 }): Promise<ObservedPage> {
  const context = await harness.browser.newContext({ viewport });
  const page = await context.newPage();
  const messages: string[] = [];
  const observe = (p: Page) => {
    pagesWatched++;
    p.on('console', (message) => {
      messages.push(`${message.type()}: ${message.text()}`);
      if (CSP_REPORT.test(message.text())) cspViolations.push(`${p.url()}: ${message.text()}`);
    });
    p.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  };
  observe(page);
  context.on('page', observe);
  return { page, context, messages, close: () => context.close() };
}

/**
 * Every island that is due has hydrated (Astro drops the `ssr` attribute when it does); islands
 * still waiting for the viewport or a focus (`data-hydrate-when`) are not due yet.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:not([data-hydrate-when])').length === 0);
}

export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(new URL(path, harness.store.siteUrl).toString());
  await hydrated(page);
}

/** Runs `act` and returns the tab it opened, once loaded. */
export async function newTabFrom(context: BrowserContext, act: () => Promise<unknown>): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), act()]);
  await tab.waitForLoadState();
  return tab;
}

export interface StoredCart {
  items: { variantId: string; quantity: number }[];
}

/** The cart as the page keeps it in localStorage (null when there is none). */
export async function storedCart(page: Page): Promise<StoredCart | null> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart'))) ?? 'null') as StoredCart | null;
}

export function cartButton(page: Page) {
  return page.getByRole('button', { name: /^Cart, \d+ items?$/ });
}

export async function cartCount(page: Page): Promise<number> {
  const label = (await cartButton(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? NaN);
}

export function drawer(page: Page) {
  return page.getByRole('dialog', { name: 'Shopping Cart' });
}

export async function openDrawer(page: Page) {
  await cartButton(page).click();
  const dialog = drawer(page);
  await dialog.waitFor({ state: 'visible' });
  return dialog;
}

/** Errors the page logged, other than the ones a journey expects. */
export function unexpectedErrors(messages: readonly string[], expected: RegExp[] = []): string[] {
  return messages.filter((m) => /^(error|pageerror)/.test(m) && !expected.some((pattern) => pattern.test(m)));
}

/** Sum of layout-shift scores since the page started loading (shifts right after input excluded). */
export async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

// The generator page learns that a token is needed from the API's 401, which the browser logs.
export const TOKEN_CHECK = /401 \(Unauthorized\)/;

export async function openGenerator(page: Page): Promise<void> {
  await page.goto(new URL('/generator', harness.store.siteUrl).toString());
  await hydrated(page);
}

/** Enters the staff token in the generator page's form and sends it. */
export async function unlockGenerator(page: Page, token: string = FAKE_SECRETS.GENERATOR_TOKEN): Promise<void> {
  const form = page.getByRole('form', { name: 'Staff access' });
  await form.waitFor();
  await form.getByLabel('Staff token').fill(token);
  await form.getByRole('button', { name: 'Unlock the generator' }).click();
}

/** `fetch` of a path on the store; `token`, when given, goes in as the staff bearer token. */
export function siteFetch(path: string, { token, ...init }: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(new URL(path, harness.store.siteUrl), { ...init, headers });
}
