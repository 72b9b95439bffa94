import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer: status, headers, body (object → JSON), and an optional delay before the headers. */
export interface ScriptedAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  delayMs?: number;
  /** Destroy the socket instead of answering (a network fault). */
  hangUp?: boolean;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface ScriptedServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 that answers each request from `answer(request, index)`.
 * Lets tests put a client (the Storefront client, the OpenAI SDK, the deploy hook) against 402s,
 * 5xx storms, slow or broken bodies.
 */
export async function startScriptedServer(
  answer: (request: RecordedRequest, index: number) => ScriptedAnswer | Promise<ScriptedAnswer>,
): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const reply = await answer(recorded, requests.length - 1);
      const send = () => {
        timers.delete(timer);
        if (reply.hangUp) {
          req.socket.destroy();
          return;
        }
        if (res.destroyed) return; // the client gave up waiting
        const isText = typeof reply.body === 'string';
        const payload = reply.body === undefined ? '' : isText ? (reply.body as string) : JSON.stringify(reply.body);
        res.writeHead(reply.status ?? 200, { 'content-type': isText ? 'text/html' : 'application/json', ...reply.headers });
        res.end(payload);
      };
      const timer = setTimeout(send, reply.delayMs ?? 0);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/2025-07/graphql.json`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
