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
      'TBT counts the part over 50 ms of every main-thread task between first paint and interactive, from a trace slowed 4x: any task over about 12 ms here ' +
      "(25 ms for a task that lays out). Done: a page that is only read runs no island code (client:interact waits for the shopper's first press, key or focus; " +
      "React's code had run at idle as one 17 to 31 ms task), arrows are inline SVGs rather than characters outside the web fonts' subset (a fallback search " +
      'through the system fonts, about 7 ms of the first layout), the toaster rides in the cart button island, the drawer loads on first open. ' +
      "What is left: on home, collection and search pages, the page load itself (HTML parse chunks of 10 to 16 ms, each island element's start-up inside them, " +
      'and a style and first-layout task of 20 to 28 ms); on the product page, its price and purchase islands, which hydrate at load to re-read price and ' +
      "availability. Single runs vary with other work on this shared 2-core machine (see the per-run list). Not tried: one island for all of a grid's " +
      'Add to Cart buttons instead of one per card.',
  },
  {
    section: 'Lighthouse (mobile)',
    figure: /: performance$/,
    text:
      'Performance below 100 comes with a slow LCP or TBT in the same runs (see those rows and the per-run list). The search page draws its results from a live ' +
      'query in the browser (so a product published a minute ago is found), and its largest paint waits for that answer: about 2 s on the simulated slow 4G. ' +
      'Elsewhere, on this shared machine a run now and then is slowed by other work.',
  },
];
