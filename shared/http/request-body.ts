import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Request bodies read by our HTTP servers (the site's on-demand routes, the embedded shop's
 * Storefront API) before a route sees them, with a size limit. A body over the limit is answered at
 * once (413, sent with `Connection: close`) and the rest of it is read and thrown away for a while
 * before the connection is closed: closing a socket that still has unread data makes the kernel
 * reset it, and a reset can wipe our answer from the client's buffers before the client reads it,
 * so the client would see a broken connection instead of "too large".
 */

/** The usual limit on a request body. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

export interface DiscardLimits {
  /** How much of an oversized body is read and dropped before the connection is cut. */
  bytes: number;
  /** How long the rest of an oversized body may take before the connection is cut. */
  ms: number;
}

export const DISCARD_LIMITS: DiscardLimits = { bytes: 64 * 1024 * 1024, ms: 5_000 };

/**
 * Once the answer (sent with `Connection: close`) is out, Node closes the connection with
 * `destroySoon()`, which destroys the socket as soon as our bytes are written, unread upload and
 * all. On this one connection it only half-closes instead (what Node itself does for a socket
 * without `destroySoon`): the answer and a FIN go out, the upload goes on being read and dropped,
 * and the socket closes when the client stops sending or the discard limits cut it.
 */
function closeGently(socket: Socket): void {
  (socket as Socket & { destroySoon?: () => void }).destroySoon = () => void socket.end();
}

/** The whole body; `too-large` once it passed the limit; `aborted` when the client went away first. */
export type RequestBody = { ok: true; body: Buffer } | { ok: false; reason: 'too-large' | 'aborted' };

export function readRequestBody(req: IncomingMessage, limit: number, discard: DiscardLimits = DISCARD_LIMITS): Promise<RequestBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let discarded = 0;
    let cutTimer: NodeJS.Timeout | undefined;

    const settle = (result: RequestBody) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const cut = () => req.socket.destroy();
    const refuse = () => {
      chunks.length = 0;
      closeGently(req.socket);
      settle({ ok: false, reason: 'too-large' });
      cutTimer = setTimeout(cut, discard.ms);
      cutTimer.unref();
    };

    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) refuse();

    req.on('data', (chunk: Buffer) => {
      if (settled) {
        discarded += chunk.byteLength;
        if (discarded > discard.bytes) cut();
        return;
      }
      size += chunk.byteLength;
      if (size > limit) refuse();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      clearTimeout(cutTimer);
      settle({ ok: true, body: Buffer.concat(chunks) });
    });
    req.on('close', () => {
      clearTimeout(cutTimer);
      settle({ ok: false, reason: 'aborted' });
    });
    req.on('error', () => settle({ ok: false, reason: 'aborted' }));
  });
}
