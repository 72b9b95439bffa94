import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { generatorGet, onlyMethod } from '../../../features/generator/server/generator-endpoint.ts';
import { errorResponse } from '../../../server/http/json-response.ts';

/**
 * GET /api/designs/{name}.png: a stored design (preview or print file), for staff only (the <img>
 * sends the session cookie). Names are random and never reused, so the browser keeps them for good.
 */
export const prerender = false;

const ONE_YEAR = 31_536_000;

export const GET = generatorGet('serving a design', async (services, { params }) => {
  const name = params.file ?? '';
  const file = await services.designFile(name);
  if (!file) return errorResponse(404, 'There is no design with that name');
  const { size } = await stat(file);
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      'Content-Type': 'image/png',
      'Content-Length': String(size),
      'Cache-Control': `private, max-age=${ONE_YEAR}, immutable`,
      'X-Content-Type-Options': 'nosniff',
      // The print file downloads under a readable name; the preview shows inline.
      'Content-Disposition': name.endsWith('-print.png') ? `attachment; filename="${name}"` : 'inline',
    },
  });
});

export const ALL = onlyMethod('GET');
