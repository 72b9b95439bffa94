/** The performance budgets, in one place for the benchmark and the budget test. */

export const JS_BUDGET_KB = {
  /** React 19's runtime is about 66 KB of it and Astro's island loader and renderer 2.6 KB; our islands get the rest. */
  home: 75,
  /** The home page's islands plus the variant picker and the live price and availability re-read. */
  product: 79,
  /** A collection page: the home page's islands (cards with add-to-cart), the same budget. */
  collection: 75,
  /** The search page: the home page's islands plus the live search client (Storefront fetch client and result cards). */
  search: 79,
} as const;

/** The build of the whole store at scale (tests/bench/large-build.ts): this many products, in under this long, within this memory. */
export const LARGE_BUILD_BUDGET = {
  products: 25_000,
  seconds: 90,
  /** Peak resident memory of the build's largest process. */
  memoryMb: 2048,
} as const;
