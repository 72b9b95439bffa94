import type { IncomingMessage } from 'node:http';

/**
 * Reads a request body up to `limit` bytes. Past the limit it keeps reading (and discarding) up to
 * `drainLimit`, so the client can still read our 413 instead of a reset connection; past that it
 * gives up on the connection.
 */

/** `too-large`: drained, a 413 can be sent; `dropped`: past the drain limit, the connection was closed. */
export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too-large' | 'dropped' | 'aborted' };

export function readBody(req: IncomingMessage, limit: number, drainLimit: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const finish = (result: BodyResult) => {
      if (!settled) {
        settled = true;
        resolve(result);
      }
    };
    req.on('data', (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received <= limit) chunks.push(chunk);
      else if (received > drainLimit) {
        finish({ ok: false, reason: 'dropped' });
        req.destroy();
      }
    });
    req.on('end', () => finish(received > limit ? { ok: false, reason: 'too-large' } : { ok: true, body: Buffer.concat(chunks) }));
    req.on('error', () => finish({ ok: false, reason: 'aborted' }));
    req.on('close', () => finish({ ok: false, reason: 'aborted' }));
  });
}
