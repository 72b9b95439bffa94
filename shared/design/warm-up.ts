/** One-off start-up work (parsing font tables, compiling hot paths) done ahead of the first design. */
import { planDesign } from './design.ts';
import { LAYOUTS } from './layouts/index.ts';

let warmed = false;

/**
 * Lays out one sample quote in every layout, so the first real design pays no font-parsing cost
 * (a few hundred milliseconds per process). Idempotent; call it while waiting on something else.
 */
export function warmUpDesignRenderer(): void {
  if (warmed) return;
  for (const layout of LAYOUTS) {
    planDesign({ quote: 'Warm up: ÀÉÎ Жλש 0123456789 “quotes” & more…', title: 'Sample tee', layout: layout.name });
  }
  warmed = true;
}
