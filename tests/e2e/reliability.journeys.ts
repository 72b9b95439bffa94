import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FAKE_SECRETS } from '../support/store-process.ts';
import { cspViolations, drawer, E2E_STAFF, harness, newPage, openDrawer, pagesWatched, staffKey, storedCart, visit } from './harness.ts';
import { productWithOptions } from './shop-data.ts';

/**
 * Faults and attacks in a real Chromium: a checkout whose cartCreate never answers, the pages'
 * Content-Security-Policy (served, obeyed by the pages, and blocking injected code), and the store's
 * log never carrying the staff token.
 */

/** The browser's own timers replaced by the test clock, AbortSignal.timeout included (Chromium's is not faked). */
async function installClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.addInitScript(() => {
    AbortSignal.timeout = (ms: number) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
      return controller.signal;
    };
  });
}

async function policyOf(page: Page): Promise<string> {
  return (await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content')) ?? '';
}

/** The sources a policy lists for one directive. */
function sources(policy: string, directive: string): string[] {
  const entry = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return entry ? entry.slice(1) : [];
}

export function reliabilityJourneys(): void {
  describe('checkout when the shop never answers', () => {
    it('gives up after 15 s with the toast and the error logged, keeps the cart, and the button works again', async () => {
      const { page, context, messages, close } = await newPage();
      await installClock(page);
      const product = await productWithOptions();
      await visit(page, `/product/${product.handle}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.locator('.toast', { hasText: 'Added to cart!' }).waitFor();
      const before = await storedCart(page);

      const hung: Route[] = [];
      await page.route(harness.store.graphqlUrl, async (route) => {
        if (route.request().postData()?.includes('cartCreate'))
          hung.push(route); // never answered
        else await route.continue();
      });
      const sheet = await openDrawer(page);
      const checkout = sheet.locator('.drawer-footer .btn');
      await checkout.click();
      await page.waitForFunction(() => document.querySelector('.drawer-footer .btn')?.textContent === 'Creating Checkout...');
      expect(hung).toHaveLength(1);

      // Just short of the limit the shopper still sees the request going on.
      await page.clock.fastForward(14_000);
      expect(await checkout.isDisabled()).toBe(true);
      expect(await page.locator('.toast', { hasText: 'Checkout failed' }).count()).toBe(0);

      await page.clock.fastForward(2_000);
      const toast = page.locator('.toast', { hasText: 'Checkout failed' });
      await toast.waitFor();
      expect(await toast.locator('.toast-description').textContent()).toBe('Unable to create checkout. Please try again.');
      expect(messages.filter((m) => m.startsWith('error: Checkout failed'))).toHaveLength(1);
      expect(await storedCart(page)).toEqual(before);
      expect(await checkout.isEnabled()).toBe(true);
      expect(await checkout.textContent()).toBe('Checkout');
      expect(await drawer(page).isVisible()).toBe(true);

      // The shop answers again: the same button reaches the checkout page.
      await page.unroute(harness.store.graphqlUrl);
      for (const route of hung) await route.abort().catch(() => undefined);
      const [tab] = await Promise.all([context.waitForEvent('page'), checkout.click()]);
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toMatch(/^\/cart\/c\//);
      await close();
    });
  });

  describe('Content-Security-Policy', () => {
    const pagesToCheck = async () => ['/', `/product/${(await productWithOptions()).handle}`, '/no-such-page', '/generator'];

    it('every page sends the security headers and a policy without unsafe-eval or inline script', async () => {
      const shop = new URL(harness.store.shopUrl).origin;
      const { page, close } = await newPage();
      for (const pathname of await pagesToCheck()) {
        const response = await page.goto(new URL(pathname, harness.store.siteUrl).toString());
        const headers = response!.headers();
        expect(headers['content-security-policy'], pathname).toContain("frame-ancestors 'none'");
        expect(headers['x-content-type-options']).toBe('nosniff');
        expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(headers['x-frame-options']).toBe('DENY');
        const policy = await policyOf(page);
        expect(policy, pathname).not.toMatch(/unsafe-eval|unsafe-inline|\*/);
        expect(sources(policy, 'default-src')).toEqual(["'self'"]);
        expect(sources(policy, 'script-src')[0]).toBe("'self'");
        expect(
          sources(policy, 'script-src')
            .slice(1)
            .every((source) => /^'sha256-[\w+/]+=*'$/.test(source)),
        ).toBe(true);
        expect(sources(policy, 'connect-src')).toEqual(["'self'", shop]);
        expect(sources(policy, 'img-src')).toEqual(["'self'", shop]);
        expect(sources(policy, 'object-src')).toEqual(["'none'"]);
      }
      await close();
    });

    it('blocks an injected inline script, an event handler attribute, code from a string, and fetches elsewhere', async () => {
      // A context of its own: the violations it provokes are not the journeys' business.
      const context = await harness.browser.newContext();
      const page = await context.newPage();
      const reports: string[] = [];
      page.on('console', (message) => reports.push(message.text()));
      await page.goto(harness.store.siteUrl);
      const outcome = await page.evaluate(async () => {
        const flags = window as unknown as Record<string, unknown>;
        const script = document.createElement('script');
        script.textContent = 'window.injectedRan = true';
        document.head.append(script);
        const handler = document.createElement('img');
        handler.setAttribute('onerror', 'window.handlerRan = true');
        handler.src = '/no-such-image.png';
        document.body.append(handler);
        // A string run as code later (DevTools' own evaluation is exempt from the policy, a timer is not).
        window.setTimeout('window.evalRan = true' as unknown as () => void, 0);
        let fetchResult = 'fetched';
        try {
          await fetch('http://127.0.0.2:9/steal');
        } catch (error) {
          fetchResult = (error as Error).name;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
        return { injected: flags.injectedRan === true, handler: flags.handlerRan === true, evaluated: flags.evalRan === true, fetchResult };
      });
      expect(outcome).toEqual({ injected: false, handler: false, evaluated: false, fetchResult: 'TypeError' });
      expect(reports.filter((text) => /Content Security Policy/i.test(text)).length).toBeGreaterThanOrEqual(4);
      await context.close();
    });

    it('cannot be framed by another page', async () => {
      const context = await harness.browser.newContext();
      const page = await context.newPage();
      const refused = page.waitForEvent('console', { predicate: (message) => /frame-ancestors/.test(message.text()), timeout: 10_000 });
      await page.setContent(`<iframe src="${harness.store.siteUrl}/"></iframe>`);
      await refused;
      const framed = page.frames().find((frame) => frame !== page.mainFrame());
      expect(await framed?.evaluate(() => document.title).catch(() => '')).not.toMatch(/Neural Threads/);
      await context.close();
    });
  });

  describe('after every journey', () => {
    it('no page reported a Content-Security-Policy violation', () => {
      expect(pagesWatched).toBeGreaterThan(10);
      expect(cspViolations).toEqual([]);
    });

    it("the store's log never carried a secret, a journey's password or API key", async () => {
      const output = harness.store.output();
      for (const secret of Object.values(FAKE_SECRETS)) expect(output).not.toContain(secret);
      expect(output).not.toContain(E2E_STAFF.password);
      expect(output).not.toContain(await staffKey());
    });
  });
}
