import { MAX_REQUEST_BODY_BYTES } from '../../../shared/http/index.ts';
import { ApiError } from './api-error.ts';

/**
 * A request's body read with a size limit enforced while reading: a declared Content-Length over the
 * limit is refused before any byte is read, and a body that grows past it (chunked, or lying about
 * its length) is refused at the chunk that crosses it, so nothing big is ever buffered.
 */

export function bodyTooLargeMessage(limit: number): string {
  const size = limit % (1024 * 1024) === 0 ? `${limit / 1024 / 1024} MB` : `${Math.ceil(limit / 1024)} KB`;
  return `The request body is larger than ${size}`;
}

// The connection may still carry the rest of an oversized body; closing it is cheaper than reading it.
function tooLarge(limit: number): ApiError {
  return new ApiError('too-large', bodyTooLargeMessage(limit), { Connection: 'close' });
}

/** A request's body as bytes, exactly as sent (a signature is computed over them), within the limit. */
export async function readRawBody(request: Request, limit = MAX_REQUEST_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array();
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
  return Buffer.concat(chunks);
}
