import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Registers the site's own client directives (see interact.ts and focus.ts). */
export function clientDirectives(): AstroIntegration {
  return {
    name: 'neural-threads:client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interact', entrypoint: fileURLToPath(new URL('./interact.ts', import.meta.url)) });
        addClientDirective({ name: 'focus', entrypoint: fileURLToPath(new URL('./focus.ts', import.meta.url)) });
      },
    },
  };
}
