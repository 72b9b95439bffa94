import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browseJourneys, publishedProductJourneys } from './browse.journeys.ts';
import { cartJourneys } from './cart.journeys.ts';
import { generatorJourneys } from './generator.journeys.ts';
import { harness, startHarness, stopHarness } from './harness.ts';
import { hydrationJourneys } from './hydration.journeys.ts';
import { pageJourneys } from './pages.journeys.ts';
import { productJourneys } from './product.journeys.ts';
import { reliabilityJourneys } from './reliability.journeys.ts';
import { serverJourneys } from './server.journeys.ts';
import { staffJourneys } from './staff.journeys.ts';
import { workspaceJourneys } from './workspace.journeys.ts';

/**
 * End to end, in a real Chromium, against the production build served the way `npm start` serves
 * it (with the embedded shop). One server for every journey: a build takes a while.
 */

beforeAll(() => startHarness(), 300_000);
afterAll(async () => {
  await stopHarness();
}, 60_000);

pageJourneys();
productJourneys();
cartJourneys();
hydrationJourneys();
browseJourneys();
serverJourneys();
// Before anything makes an account: the first checks the setup link npm start printed.
staffJourneys();
// Last: it publishes into the shop, which changes the catalogue the journeys above read.
generatorJourneys();
workspaceJourneys();
publishedProductJourneys();
// After every other journey: it checks what they all left behind (CSP reports, the store's log).
reliabilityJourneys();

describe('stopping', () => {
  it('SIGTERM stops the store and the embedded shop cleanly', async () => {
    const { siteUrl, shopUrl } = harness.store;
    expect(await stopHarness()).toBe(0);
    await expect(fetch(siteUrl)).rejects.toThrow();
    await expect(fetch(shopUrl)).rejects.toThrow();
  });
});
