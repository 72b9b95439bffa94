import { defineConfig } from 'vitest/config';

/**
 * Two groups, one after the other. First everything but the Chromium journeys, two files at a time
 * (most of their time is spent waiting on child processes, servers and SQLite, so the second core
 * is free). Then the journeys in tests/e2e, one file at a time and alone on the machine: they drive
 * a real Chromium against a built store, and their timings are the ones contention would stretch.
 */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    // Real servers, real SQLite, real Chromium: generous but bounded.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: ['tests/e2e/**'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'journeys',
          include: ['tests/e2e/**/*.test.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
