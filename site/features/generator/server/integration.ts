import type { AstroIntegration } from 'astro';
import { loadConfig } from '../../../../shared/config/index.ts';
import type { GeneratorServices } from './services.ts';

/**
 * The generator API under `astro dev`: the same services `npm start` passes to its builds, handed to
 * the dev server's requests as Astro `locals`. Publishing needs no rebuild there: the dev server
 * renders every page afresh on each request.
 */
export function generatorServices(): AstroIntegration {
  let services: GeneratorServices | undefined;
  // Astro's dev server reads a request's locals from this symbol.
  const localsKey = Symbol.for('astro.locals');

  return {
    name: 'neural-threads:generator-services',
    hooks: {
      'astro:server:setup': async ({ server, logger }) => {
        const { createGeneratorServices } = await import('./services.ts');
        const generator = createGeneratorServices({ config: loadConfig(), log: (line) => logger.info(line) });
        services = generator;
        logger.info(`Generator: ${generator.describe()}`);
        server.middlewares.use((req, _res, next) => {
          if (req.url?.startsWith('/api/')) Reflect.set(req, localsKey, { generator });
          next();
        });
      },
      'astro:server:done': async () => {
        await services?.close();
        services = undefined;
      },
    },
  };
}
