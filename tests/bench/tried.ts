/**
 * For budgets that may miss on this machine: what was done and tried, by figure. BENCHMARKS.md
 * prints an entry under "Budgets not met" only when its figure fails in that run.
 */

export interface Tried {
  section: string;
  /** Matches the figure's `what`. */
  figure: RegExp;
  text: string;
}

export const TRIED: Tried[] = [
  {
    section: 'Lighthouse (mobile)',
    figure: /TBT$/,
    text:
      'Total Blocking Time counts main-thread tasks over 50 ms after the first paint, with the trace slowed 4x: any task over ~12 ms here. ' +
      'Done: islands hydrate on interaction or one per idle period after load (client:interact), the toaster rides in the cart button island, the drawer loads on first open, ' +
      "React's runtime is one chunk. What remains is evaluating React's runtime module (one task) and, on a busy 2-core machine, tasks stretched by other processes; runs vary between 0 and a few ms.",
  },
  {
    section: 'Lighthouse (mobile)',
    figure: /: performance$/,
    text: 'Performance below 100 comes with a slow LCP or TBT in the same runs (see those rows and the per-run list): on this shared machine a run now and then is slowed by other work.',
  },
];
