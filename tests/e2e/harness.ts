import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchChromium } from '../support/browser.ts';
import { openStaff, type Staff } from '../../shared/staff/index.ts';
import { startOpenAIModel, type LoopbackModel } from '../support/openai-model.ts';
import { FAKE_SECRETS, startStoreProcess, type StoreProcess, type StoreProcessOptions } from '../support/store-process.ts';

/**
 * What every end-to-end journey shares: one `npm start` (a build takes a while on a small machine)
 * and one Chromium, plus the few page utilities the journeys have in common.
 */

export interface Harness {
  readonly store: StoreProcess;
  readonly browser: Browser;
  /** The loopback OpenAI model the store's generator talks to (only with `startHarness({model: true})`). */
  readonly model: LoopbackModel;
}

let store: StoreProcess | undefined;
let browser: Browser | undefined;
let model: LoopbackModel | undefined;

export const harness: Harness = {
  get store() {
    if (!store) throw new Error('the store is not running (harness.start() not called or failed)');
    return store;
  },
  get browser() {
    if (!browser) throw new Error('the browser is not running');
    return browser;
  },
  get model() {
    if (!model) throw new Error('this store has no loopback model (startHarness({model: true}))');
    return model;
  },
};

export interface HarnessOptions extends StoreProcessOptions {
  /** The store's generator uses OpenAI, at a loopback model this process runs (tests/support/openai-model.ts). */
  model?: boolean;
}

export async function startHarness({ model: withModel = false, ...options }: HarnessOptions = {}): Promise<void> {
  if (withModel) model = await startOpenAIModel();
  const env = { ...options.env, ...model?.env };
  [store, browser] = await Promise.all([startStoreProcess({ ...options, env }), launchChromium()]);
}

let stopped: Promise<number | null> | undefined;

/** Stops the browser and the store (once); resolves with the store's exit code. */
export function stopHarness(): Promise<number | null> {
  stopped ??= (async () => {
    (await staffOpening)?.close();
    await browser?.close();
    const code = (await store?.stop()) ?? null;
    await model?.close();
    return code;
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

let contexts = 0;

/**
 * Each context signs in as its own client: npm start trusts the loopback proxy (TRUST_PROXY) and this
 * stands in for it, so the per-address sign-in limits count each journey's browser apart.
 */
export async function asOwnClient(context: BrowserContext): Promise<void> {
  const address = `10.77.${Math.floor(++contexts / 250)}.${(contexts % 250) + 1}`;
  await context.route('**/api/auth/**', async (route) =>
    route.continue({ headers: { ...(await route.request().allHeaders()), 'x-forwarded-for': address } }),
  );
}

export async function newPage(viewport = { width: 1280, height: 900 }): Promise<ObservedPage> {
  const context = await harness.browser.newContext({ viewport });
  await asOwnClient(context);
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
 * still waiting for the shopper, the viewport or a focus (`data-hydrate-when`) are not due yet.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:not([data-hydrate-when])').length === 0);
}

/**
 * Watches what `page` requests from now on; `islandCodeFetched()` answers the paths among them that
 * are its `client:interact` islands' code (their component and renderer modules).
 */
export function watchIslandCode(page: Page): { islandCodeFetched(): Promise<string[]> } {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  return {
    async islandCodeFetched() {
      const code = await page
        .locator('astro-island[client="interact"]')
        .evaluateAll((els) => els.flatMap((el) => [el.getAttribute('component-url'), el.getAttribute('renderer-url')]));
      return requested.filter((path) => code.includes(path));
    },
  };
}

/**
 * The shopper starts using the page (a press on its heading): no island waits for the shopper any
 * more, and the islands near the viewport, the header's cart button among them, have hydrated.
 */
export async function startUsing(page: Page): Promise<void> {
  await page.locator('h1').first().click();
  await page.waitForFunction(() => !document.querySelector('astro-island[data-hydrate-when="interaction"]'));
  // The cart button is near the viewport: it hydrates at the next idle period.
  await page.waitForFunction(() => document.querySelector('astro-island:has(.cart-button)')?.hasAttribute('ssr') === false);
  await hydrated(page);
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

/**
 * Runs `act` (a Ctrl/⌘ click, say) and resolves once the browser holds a tab of `page`'s context at
 * `pathname`; closes it again. The tab is watched through the browser's own target list (DevTools
 * protocol), not the context's 'page' event: a tab opened in the background now and then never
 * reaches that event, though the browser opened and loaded it.
 */
export async function backgroundTabOpenedBy(page: Page, pathname: string, act: () => Promise<unknown>): Promise<void> {
  const own = await page.context().newCDPSession(page);
  const { targetInfo: self } = await own.send('Target.getTargetInfo');
  await own.detach();
  const browserWide = await harness.browser.newBrowserCDPSession();
  try {
    const { promise: opened, resolve: found, reject: gaveUp } = Promise.withResolvers<string>();
    const check = ({ targetInfo }: { targetInfo: { targetId: string; type: string; url: string; browserContextId?: string } }) => {
      if (targetInfo.type !== 'page' || targetInfo.targetId === self.targetId) return;
      if (targetInfo.browserContextId !== self.browserContextId || !URL.canParse(targetInfo.url)) return;
      if (new URL(targetInfo.url).pathname === pathname) found(targetInfo.targetId);
    };
    browserWide.on('Target.targetCreated', check);
    browserWide.on('Target.targetInfoChanged', check);
    await browserWide.send('Target.setDiscoverTargets', { discover: true });
    await act();
    const timer = setTimeout(() => gaveUp(new Error(`no tab opened at ${pathname} within 20 s`)), 20_000);
    const targetId = await opened.finally(() => clearTimeout(timer));
    await browserWide.send('Target.closeTarget', { targetId });
  } finally {
    await browserWide.detach();
  }
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

/** The context's pages behave as in a browser without constructed style sheets (Safari before 16.4). */
export async function withoutConstructedSheets(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    delete (Document.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
  });
}

/** How many of the page's style sheets (its own and any it adopted) have a rule starting with `prefix`. */
export function sheetsWithRule(page: Page, prefix: string): Promise<number> {
  return page.evaluate((start) => {
    const sheets = [...document.styleSheets, ...(document.adoptedStyleSheets ?? [])];
    return sheets.filter((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.startsWith(start))).length;
  }, prefix);
}

export async function openDrawer(page: Page) {
  await cartButton(page).click();
  const dialog = drawer(page);
  await dialog.waitFor({ state: 'visible' });
  return dialog;
}

/**
 * Until the page has drawn two frames and then been idle twice: whatever it does by itself after
 * the last action (an observer's callback, an idle-time task, the request either starts) has begun.
 * For checks that something did not happen, instead of a guessed pause.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const idle = (then: () => void) => requestIdleCallback(() => then(), { timeout: 2_000 });
        requestAnimationFrame(() => requestAnimationFrame(() => idle(() => idle(resolve))));
      }),
  );
}

/** The header's search box and its list of suggestions. */
export function searchBox(page: Page) {
  return { box: page.getByRole('combobox', { name: 'Search products' }), listbox: page.getByRole('listbox', { name: 'Suggestions' }) };
}

/** Until the search box's status line, which screen readers hear, says the suggestions are in ("{N} suggestions"). */
export async function suggestionsShown(page: Page): Promise<void> {
  await page.locator('.search-box [role="status"]', { hasText: /^\d+ suggestions?$/ }).waitFor();
}

/** Focuses the header's search box, types `words` and waits for their suggestions. */
export async function suggestFor(page: Page, words: string): Promise<ReturnType<typeof searchBox>> {
  const found = searchBox(page);
  await found.box.focus();
  await page.keyboard.type(words);
  await suggestionsShown(page);
  return found;
}

/** The page's one JSON-LD document, parsed; fails when the page has none or more than one. */
export async function jsonLdOf<T>(page: Page): Promise<T> {
  const scripts = await page.locator('script[type="application/ld+json"]').evaluateAll((found) => found.map((s) => s.textContent ?? ''));
  expect(scripts, 'JSON-LD documents on the page').toHaveLength(1);
  return JSON.parse(scripts[0]!) as T;
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
        const add = (entries: PerformanceEntryList) => {
          for (const entry of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        };
        // The shifts so far are in the observer's buffer at once (takeRecords), not after a guessed delay;
        // those of the next two frames follow.
        const observer = new PerformanceObserver((list) => add(list.getEntries()));
        observer.observe({ type: 'layout-shift', buffered: true });
        add(observer.takeRecords());
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            add(observer.takeRecords());
            observer.disconnect();
            resolve(total);
          }),
        );
      }),
  );
}

// A staff page checks its session; a 401 from the generator API (a session that ended) is logged by the browser.
export const AUTH_CHECK = /401 \(Unauthorized\)/i;

export interface StaffAccount {
  email: string;
  password: string;
}

/** The account the journeys sign in with (made on first use, in the store's own staff database). */
export const E2E_STAFF: StaffAccount = { email: 'journeys@example.com', password: 'e2e journeys password 4f1c' };

let staffOpening: Promise<Staff> | undefined;

/** A store's staff accounts, opened from this process on its DATA_DIR (as `tshirt-gen staff` does); the caller closes them. */
export function openStaffOf(of: StoreProcess): Promise<Staff> {
  return openStaff({
    dataDir: of.dataDir,
    siteUrl: of.siteUrl,
    appName: 'Journeys',
    secret: FAKE_SECRETS.STAFF_AUTH_SECRET,
    log: () => {},
  });
}

/** The harness store's staff accounts (open until the harness stops). */
export function staffAccounts(): Promise<Staff> {
  staffOpening ??= openStaffOf(harness.store);
  return staffOpening;
}

/** Makes a member (once per email) in `staff` (default: the harness store's) and returns their credentials. */
export async function ensureStaff(
  account: StaffAccount = E2E_STAFF,
  role: 'owner' | 'staff' = 'staff',
  staff?: Staff,
): Promise<StaffAccount> {
  const accounts = staff ?? (await staffAccounts());
  if (!accounts.listMembers().some((m) => m.email === account.email))
    await accounts.addMember({ email: account.email, role, password: account.password });
  return account;
}

let journeyKey: Promise<string> | undefined;

/** An API key of the journeys' account, as a script would hold it. */
export function staffKey(): Promise<string> {
  journeyKey ??= (async () => {
    await ensureStaff();
    return (await (await staffAccounts()).createKey(E2E_STAFF.email, { name: 'journeys', aal: 'aal2' })).key;
  })();
  return journeyKey;
}

export async function openGenerator(page: Page, siteUrl = harness.store.siteUrl): Promise<void> {
  await page.goto(new URL('/generator', siteUrl).toString());
  await hydrated(page);
}

/** Fills the staff sign-in form and sends it (the account is made first when it is the journeys' own). */
export async function signInAsStaff(page: Page, account: StaffAccount = E2E_STAFF): Promise<void> {
  if (account === E2E_STAFF) await ensureStaff();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.waitFor();
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** `fetch` of a path on the store; `key`, when given, goes in the x-api-key header. */
export function siteFetch(path: string, { key, ...init }: RequestInit & { key?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (key) headers.set('x-api-key', key);
  return fetch(new URL(path, harness.store.siteUrl), { ...init, headers });
}
