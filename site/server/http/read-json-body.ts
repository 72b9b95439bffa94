import { ApiError } from './api-error.ts';

/**
 * A request's JSON body, read with a size limit enforced while reading: a declared Content-Length
 * over the limit is refused before any byte is read, and a body that grows past it (chunked, or
 * lying about its length) is refused at the chunk that crosses it, so nothing big is ever buffered.
 */

export const MAX_BODY_BYTES = 1024 * 1024;

// The connection may still carry the rest of an oversized body; closing it is cheaper than reading it.
const CLOSE = { Connection: 'close' };

export function bodyTooLargeMessage(limit: number): string {
  const size = limit % (1024 * 1024) === 0 ? `${limit / 1024 / 1024} MB` : `${Math.ceil(limit / 1024)} KB`;
  return `The request body is larger than ${size}`;
}

function tooLarge(limit: number): ApiError {
  return new ApiError('too-large', bodyTooLargeMessage(limit), CLOSE);
}

export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError('unsupported-media-type', 'The request body must be JSON (Content-Type: application/json)');
  }
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) throw new ApiError('bad-request', 'The request has no body; send a JSON object');

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }

  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new ApiError('bad-request', 'The request body is not valid UTF-8');
  }
  if (!text.trim()) throw new ApiError('bad-request', 'The request body is empty; send a JSON object');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('bad-request', 'The request body is not valid JSON');
  }
}
