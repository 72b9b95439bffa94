/** The performance budgets, in one place for the benchmark and the budget test. */

export const JS_BUDGET_KB = {
  /** React 19's runtime is about 66 KB of it and Astro's island loader and renderer 2.6 KB; our islands get the rest. */
  home: 75,
  /** The home page's islands plus the variant picker and the live price and availability re-read. */
  product: 79,
} as const;
