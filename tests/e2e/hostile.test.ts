import { afterAll, beforeAll } from 'vitest';
import { startHarness, stopHarness } from './harness.ts';
import { seedHostileCatalogue } from './hostile-catalogue.ts';
import { generatorRunJourneys } from './generator-runs.journeys.ts';
import { hostileGeneratorJourneys } from './hostile-generator.ts';
import { hostilePageJourneys } from './hostile-pages.ts';
import { hostileUrlJourneys } from './hostile-urls.ts';
import { loadSessionJourneys } from './load-sessions.ts';

/**
 * End to end against a store whose catalogue is hostile and whose generator's model is a loopback
 * OpenAI server this process runs (tests/support/openai-model.ts): `npm start` on a data directory
 * seeded with products whose every text is an attack, and Chromium. Then the store's URLs under
 * attack; the generator page with a model that answers hostile text (it publishes, which rebuilds
 * the store); runs whose designs fail, wait, or outlive a killed store (in a store of their own);
 * and last ten staff sessions on the generator at once.
 */

beforeAll(() => startHarness({ prepare: seedHostileCatalogue, model: true }), 300_000);
afterAll(async () => {
  await stopHarness();
}, 60_000);

hostilePageJourneys();
hostileUrlJourneys();
hostileGeneratorJourneys();
generatorRunJourneys();
loadSessionJourneys();
