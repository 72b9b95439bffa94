import type { MiddlewareHandler } from 'astro';
import { asciiHtml } from './features/shell/ascii-html.ts';

/** Pre-rendered pages are written in ASCII (`asciiHtml`); on-demand routes (the generator API's JSON) pass through. */
export const onRequest: MiddlewareHandler = async (context, next) => {
  const response = await next();
  if (!context.isPrerendered || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length'); // the body's length changes
  return new Response(asciiHtml(await response.text()), { status: response.status, statusText: response.statusText, headers });
};
