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
      'TBT counts the part over 50 ms of every main-thread task between first paint and interactive, from a trace slowed 4x: any task over about 12 ms here. ' +
      'Done: islands hydrate on interaction or one per idle period after load (client:interact), the toaster rides in the cart button island, the drawer loads on first open, ' +
      "React's runtime is one chunk; in a quiet trace every hydration task is 5 to 11 ms. What is left are the tasks around first paint (HTML parse and the first layout, " +
      '10 to 25 ms here, mostly font lookups in this Linux Chromium, slower still without the web fonts) and tasks stretched by other processes on this shared 2-core machine: ' +
      'single runs vary between 0 and a few tens of ms (see the per-run list). Not tried: hydrating only on interaction, which would also keep the stored cart count from showing until then.',
  },
  {
    section: 'Lighthouse (mobile)',
    figure: /: performance$/,
    text: 'Performance below 100 comes with a slow LCP or TBT in the same runs (see those rows and the per-run list): on this shared machine a run now and then is slowed by other work.',
  },
];
