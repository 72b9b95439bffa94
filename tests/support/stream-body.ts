import http from 'node:http';

/**
 * POSTs a chunked body of unknown length, 64 KB at a time, until the server answers, closes the
 * connection, or `limit` bytes are written (a bounded upload that ends by itself). For checking
 * that a server refuses an endless body while it arrives instead of buffering it.
 */

export interface StreamedAnswer {
  /** The answer's status, or 0 when the server closed the connection without one. */
  status: number;
  /** Bytes written before the answer or the close. */
  written: number;
}

export function streamUntilAnswered(url: string, headers: Record<string, string>, limit: number): Promise<StreamedAnswer> {
  const target = new URL(url);
  return new Promise((resolve) => {
    let written = 0;
    let status = 0;
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        resolve({ status, written });
      }
    };
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        agent: false,
        headers: { ...headers, 'transfer-encoding': 'chunked' },
      },
      (res) => {
        status = res.statusCode ?? 0;
        res.resume();
        res.on('end', finish);
        res.on('error', finish);
      },
    );
    // Writing into a connection the server closed fails: that is an answer too.
    req.on('error', finish);
    req.on('close', () => setImmediate(finish));
    const chunk = Buffer.alloc(64 * 1024, 'x');
    req.write('{"pad": "');
    const pump = () => {
      if (status || done || req.destroyed) return;
      if (written >= limit) return void req.end('"}');
      written += chunk.length;
      if (req.write(chunk)) setImmediate(pump);
      else req.once('drain', pump);
    };
    pump();
  });
}

export interface EndlessBody {
  body: ReadableStream<Uint8Array>;
  /** How many 64 KB chunks were read from it so far. */
  pulled(): number;
}

/** A request body that never ends: `{"pad": [` and then a 64 KB JSON string after another, for as long as it is read. */
export function endlessJsonBody(): EndlessBody {
  let pulled = 0;
  const chunk = new TextEncoder().encode(`"${'x'.repeat(64 * 1024)}",`);
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(new TextEncoder().encode('{"pad": [')),
    pull: (controller) => {
      pulled++;
      controller.enqueue(chunk);
    },
  });
  return { body, pulled: () => pulled };
}
