import { afterAll, beforeAll } from 'vitest';
import { startHarness, stopHarness } from './harness.ts';
import { seedHostileCatalogue } from './hostile-catalogue.ts';
import { hostileGeneratorJourneys } from './hostile-generator.ts';
import { hostilePageJourneys } from './hostile-pages.ts';
import { hostileUrlJourneys } from './hostile-urls.ts';
import { loadSessionJourneys } from './load-sessions.ts';

/**
 * End to end against a store whose catalogue is hostile: `npm start` on a data directory seeded
 * with products whose every text is an attack, and Chromium. Then the store's URLs under attack,
 * and last (it publishes, which rebuilds the store) ten staff sessions on the generator at once.
 */

beforeAll(() => startHarness({ prepare: seedHostileCatalogue }), 300_000);
afterAll(async () => {
  await stopHarness();
}, 60_000);

hostilePageJourneys();
hostileGeneratorJourneys();
hostileUrlJourneys();
loadSessionJourneys();
