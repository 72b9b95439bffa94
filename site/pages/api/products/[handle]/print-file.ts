import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { APIRoute } from 'astro';
import { guardStaff } from '../../../../features/staff/server/staff-guard.ts';
import { onlyMethod } from '../../../../features/generator/server/generator-endpoint.ts';
import { errorResponse } from '../../../../server/http/json-response.ts';

/**
 * GET /api/products/{handle}/print-file: the 4500×5400 print PNG the embedded shop keeps for a
 * product (its custom.print_file metafield), for staff only, a session or an API key (401 for
 * shoppers), like the design images. It downloads under its name in the shop. A Shopify store keeps
 * its print files in its admin (Content → Files), so this answers 404 there.
 */
export const prerender = false;

const NOT_SERVED = 'Print files are not available on this server: they are served under npm start (or astro dev).';

export const GET: APIRoute = async (context) => {
  const services = context.locals.generator;
  if (!services) return errorResponse(503, NOT_SERVED);
  const guard = await guardStaff(context);
  if (!guard.ok) return guard.response;
  const handle = context.params.handle ?? '';
  const file = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(handle) ? await services.printFile(handle) : undefined;
  if (!file) return errorResponse(404, 'There is no print file for that product in the embedded shop');
  const body = Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      'Content-Type': 'image/png',
      'Content-Length': String(file.size),
      // Staff only, and the product's print file may be replaced: never kept by a shared cache.
      'Cache-Control': 'private, no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    },
  });
};

export const ALL = onlyMethod('GET');
