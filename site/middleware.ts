import { isAscii } from 'node:buffer';
import type { MiddlewareHandler } from 'astro';
import { asciiHtml } from './features/shell/ascii-html.ts';

/**
 * Pre-rendered pages are written in ASCII (`asciiHtml`); on-demand routes (the generator API's JSON)
 * pass through. Most pages are ASCII already: their bytes go on as they are, without being decoded
 * into text and encoded again.
 */
export const onRequest: MiddlewareHandler = async (context, next) => {
  const response = await next();
  if (!context.isPrerendered || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const init = { status: response.status, statusText: response.statusText };
  const bytes = await response.bytes();
  if (isAscii(bytes)) return new Response(bytes, { ...init, headers: response.headers });
  const headers = new Headers(response.headers);
  headers.delete('content-length'); // the body's length changes
  return new Response(asciiHtml(new TextDecoder().decode(bytes)), { ...init, headers });
};
