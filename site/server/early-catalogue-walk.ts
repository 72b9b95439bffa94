import type { AstroIntegration } from 'astro';
import { startCatalogueWalk } from '../features/catalogue/catalogue-walk.ts';

/**
 * A build starts its walk over every product as it starts, before the bundler runs: the shop answers
 * while the site is bundled, and the product pages' paths are ready sooner (25,000 products: a walk
 * of 4 to 6 s that used to begin only once the bundles were written). The pages take the walk over
 * (catalogue-walk.ts). The embedded shop, when the build starts one, is up by then.
 */
export function earlyCatalogueWalk(): AstroIntegration {
  return {
    name: 'neural-threads:early-catalogue-walk',
    hooks: {
      'astro:build:start': ({ logger }) => {
        startCatalogueWalk();
        logger.info('Reading the catalogue while the site is bundled');
      },
    },
  };
}
