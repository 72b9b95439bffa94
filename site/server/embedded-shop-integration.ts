import type { AstroIntegration } from 'astro';
import { loadConfig } from '../../shared/config/index.ts';
import type { LocalShop } from '../../shared/local-shop/index.ts';
import { answersAt, startEmbeddedShop } from './embedded-shop.ts';

/**
 * Lets `astro build` and `astro dev` work alone: when the Storefront endpoint is the embedded shop
 * and nothing answers there, start it (seeded) for the build or the dev session, and stop it after.
 */
export function embeddedShop(): AstroIntegration {
  let shop: LocalShop | undefined;

  async function stop() {
    const running = shop;
    shop = undefined;
    await running?.close();
  }

  return {
    name: 'neural-threads:embedded-shop',
    hooks: {
      'astro:config:setup': async ({ command, logger }) => {
        if (command !== 'build' && command !== 'dev') return;
        const config = loadConfig();
        if (!config.storefront.embedded || (await answersAt(config.storefront.origin))) return;
        shop = await startEmbeddedShop(config, (line) => logger.info(line));
        logger.info(`Embedded shop started at ${shop.origin} for this ${command === 'build' ? 'build' : 'dev session'}`);
      },
      'astro:build:done': stop,
      'astro:server:done': stop,
    },
  };
}
