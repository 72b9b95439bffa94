import { DESIGN_LAYOUTS, renderDesign } from '../../../design/index.ts';
import type { DesignProvider, DesignResult } from '../../types.ts';
import { hashParts } from '../offline/random.ts';
import { saveRendered, type DesignStore } from './store.ts';

/**
 * Typographic designs with no image model: the quote set by our renderer in one of its layouts.
 * Layouts rotate through the run from a seeded starting point, so a run shows several layouts and
 * the same seed and list order give the same design for each product.
 */

export interface OfflineDesignOptions {
  store: DesignStore;
  seed?: number;
  /** Render the 4500×5400 print file too (default true); the preview alone is much faster. */
  print?: boolean;
}

export function createOfflineDesignProvider(options: OfflineDesignOptions): DesignProvider {
  const layouts = DESIGN_LAYOUTS;
  const start = hashParts(options.seed ?? Math.floor(Math.random() * 2 ** 32), 'layouts') % layouts.length;
  let made = 0;

  return {
    async generateDesign(request, signal): Promise<DesignResult> {
      signal?.throwIfAborted();
      const layout = layouts[(start + made++) % layouts.length];
      const rendered = await renderDesign(
        {
          quote: request.quote,
          title: request.productName,
          colors: request.colors,
          ...(layout ? { layout } : {}),
          ...(options.seed === undefined ? {} : { seed: options.seed }),
        },
        { print: options.print ?? true },
      );
      return saveRendered(options.store, request.productName, rendered, signal);
    },
  };
}
