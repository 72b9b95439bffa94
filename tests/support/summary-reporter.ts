import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with the figures the tests measured (each one `annotate(text, FIGURE)` in a test:
 * timings worth watching, never asserted on), then one plain line, "tests: N passed, N failed",
 * that any CI log reader understands.
 */

/** The annotation type of a measured figure. */
export const FIGURE = 'figure';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const figures: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
        for (const annotation of test.annotations()) if (annotation.type === FIGURE) figures.push(annotation.message);
      }
    }
    if (figures.length > 0) process.stdout.write(`\nfigures:\n${figures.map((figure) => `  ${figure}\n`).join('')}`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
