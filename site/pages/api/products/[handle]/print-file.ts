import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { generatorGet, onlyMethod } from '../../../../features/generator/server/generator-endpoint.ts';
import { errorResponse } from '../../../../server/http/json-response.ts';

/**
 * GET /api/products/{handle}/print-file: the 4500×5400 print PNG the embedded shop keeps for a
 * product (its custom.print_file metafield), for staff only, a session or an API key (401 for
 * shoppers), like the design images. It downloads under its name in the shop. A Shopify store keeps
 * its print files in its admin (Content → Files), so this answers 404 there.
 */
export const prerender = false;

export const GET = generatorGet('serving a print file', async (services, { params }) => {
  const handle = params.handle ?? '';
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
});

export const ALL = onlyMethod('GET');
