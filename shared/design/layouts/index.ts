/** The layout registry and the deterministic choice among its entries. */
import type { DesignLayout } from './layout.ts';
import { badge } from './badge.ts';
import { quote } from './quote.ts';
import { stacked } from './stacked.ts';
import { terminal } from './terminal.ts';

export const LAYOUTS: readonly DesignLayout[] = [stacked, quote, badge, terminal];

export const DESIGN_LAYOUTS: readonly string[] = Object.freeze(LAYOUTS.map((layout) => layout.name));

/**
 * The requested layout, or one picked from the seed. With artwork, a layout that cannot hold it
 * is swapped for one that can (picked from the seed too), so the artwork is never dropped.
 */
export function chooseLayout(requested: string | undefined, seed: number, withArtwork: boolean): DesignLayout {
  const exact = LAYOUTS.find((layout) => layout.name === requested);
  if (exact && (!withArtwork || exact.acceptsArtwork)) return exact;
  const pool = withArtwork ? LAYOUTS.filter((layout) => layout.acceptsArtwork) : LAYOUTS;
  const chosen = pool[seed % pool.length];
  if (!chosen) throw new Error('No design layout is registered.');
  return chosen;
}
