import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { PWNED_GLOBAL } from '../support/hostile-text.ts';

/**
 * What hostile text must never do in a browser: open a dialog (alert, confirm, prompt), run a
 * script (each payload sets `window.__pwned`), or turn into markup of its own (event-handler
 * attributes, scripts carrying a payload).
 */

export interface DialogWatch {
  /** Messages of every dialog any page of the context opened; each is dismissed at once. */
  readonly dialogs: string[];
}

export function watchDialogs(context: BrowserContext): DialogWatch {
  const dialogs: string[] = [];
  context.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { dialogs };
}

export async function expectNothingRan(page: Page, watch: DialogWatch): Promise<void> {
  expect(watch.dialogs).toEqual([]);
  expect(await page.evaluate((name) => (window as unknown as Record<string, unknown>)[name], PWNED_GLOBAL)).toBeUndefined();
  const injected = await page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) found.push(`<${element.tagName.toLowerCase()} ${attribute.name}>`);
      }
    }
    for (const script of document.scripts) {
      if (script.type !== 'application/ld+json' && (script.textContent ?? '').includes('__pwned'))
        found.push(`<script> with ${script.textContent}`);
    }
    return found;
  });
  expect(injected).toEqual([]);
}

/** The text of every element matching `selector`, exactly as in the DOM (no CSS text-transform, no trimming of marks). */
export function textsOf(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) => elements.map((element) => element.textContent ?? ''));
}
