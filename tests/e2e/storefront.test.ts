import { afterAll, beforeAll } from 'vitest';
import { cartJourneys } from './cart.journeys.ts';
import { startHarness, stopHarness } from './harness.ts';
import { pageJourneys } from './pages.journeys.ts';
import { productJourneys } from './product.journeys.ts';
import { serverJourneys } from './server.journeys.ts';

/**
 * End to end, in a real Chromium, against the production build served the way `npm start` serves
 * it (with the embedded shop). One server for every journey: a build takes a while.
 */

beforeAll(startHarness, 300_000);
afterAll(stopHarness, 60_000);

pageJourneys();
productJourneys();
cartJourneys();
serverJourneys();
