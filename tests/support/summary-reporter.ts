import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with the figures the tests measured (each one `annotate(text, FIGURE)` in a test:
 * timings worth watching, never asserted on), then one plain line, "tests: N passed, N failed, N
 * skipped", that any CI log reader understands. The line also names the test files that failed to run
 * (an import error: none of their tests is counted) and counts errors outside any test; either fails
 * the run.
 */

/** The annotation type of a measured figure. */
export const FIGURE = 'figure';

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown> = []): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const figures: string[] = [];
    // A file that failed to load or to finish (an import error, a hook that threw) has errors of its own, whatever its tests say.
    const brokenFiles: string[] = [];
    for (const module of testModules) {
      if (module.errors().length > 0) brokenFiles.push(module.relativeModuleId);
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
        for (const annotation of test.annotations()) if (annotation.type === FIGURE) figures.push(annotation.message);
      }
    }
    if (figures.length > 0) process.stdout.write(`\nfigures:\n${figures.map((figure) => `  ${figure}\n`).join('')}`);
    const problems = [
      ...(brokenFiles.length > 0 ? [`${count(brokenFiles.length, 'test file')} failed to run (${brokenFiles.join(', ')})`] : []),
      ...(unhandledErrors.length > 0 ? [`${count(unhandledErrors.length, 'error')} outside any test`] : []),
    ];
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped${problems.map((p) => `; ${p}`).join('')}\n`);
  }
}
