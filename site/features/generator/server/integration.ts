import type { AstroIntegration } from 'astro';
import { loadConfig } from '../../../../shared/config/index.ts';
import type { GeneratorServices } from './services.ts';

/**
 * The generator API and staff accounts under `astro dev`: the same services `npm start` passes to its builds, handed to
 * the dev server's requests as Astro `locals`. Publishing needs no rebuild there: the dev server
 * renders every page afresh on each request.
 */
export function generatorServices(): AstroIntegration {
  let services: GeneratorServices | undefined;
  let closeStaff: (() => void) | undefined;
  // Astro's dev server reads a request's locals from this symbol.
  const localsKey = Symbol.for('astro.locals');

  return {
    name: 'neural-threads:generator-services',
    hooks: {
      'astro:server:setup': async ({ server, logger }) => {
        const { createGeneratorServices } = await import('./services.ts');
        const { openStaffAccounts } = await import('../../staff/server/staff-services.ts');
        const { applyForwarded, parseTrustProxy, resolveForwarded } = await import('../../../server/http/trusted-proxy.ts');
        const config = loadConfig();
        const proxies = parseTrustProxy(config.server.trustProxy);
        const generator = createGeneratorServices({ config, log: (line) => logger.info(line) });
        services = generator;
        const staff = await openStaffAccounts({ config, siteUrl: config.server.siteUrl, log: (line) => logger.info(line) });
        closeStaff = () => staff.close();
        logger.info(`Generator: ${generator.describe()}`);
        const setupLink = staff.createSetupLink();
        if (setupLink) logger.info(`No staff account yet. Create the first owner within 24 hours (the link works once): ${setupLink}`);
        server.middlewares.use((req, _res, next) => {
          // The one client address the auth routes read (rate limits, audit trail); a client's own header is replaced.
          applyForwarded(req, resolveForwarded(req, proxies));
          if (req.url?.startsWith('/api/')) Reflect.set(req, localsKey, { generator, staff });
          next();
        });
      },
      'astro:server:done': async () => {
        await services?.close();
        services = undefined;
        closeStaff?.();
        closeStaff = undefined;
      },
    },
  };
}
