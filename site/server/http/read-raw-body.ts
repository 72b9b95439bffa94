import { ApiError } from './api-error.ts';
import { bodyTooLargeMessage, MAX_BODY_BYTES } from './read-json-body.ts';

/** A request's body as bytes, exactly as sent (a signature is computed over them), within the limit. */
export async function readRawBody(request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new ApiError('too-large', bodyTooLargeMessage(limit), { Connection: 'close' });
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
      throw new ApiError('too-large', bodyTooLargeMessage(limit), { Connection: 'close' });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
