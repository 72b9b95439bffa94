import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import { MAX_REQUEST_BODY_BYTES, readRequestBody, urlHost } from '../../shared/http/index.ts';
import { bodyTooLargeMessage } from './http/read-raw-body.ts';
import { loadBuild, type LoadedBuild, type Next } from './site-build.ts';
import { applyForwarded, parseTrustProxy, resolveForwarded, type TrustedProxies } from './http/trusted-proxy.ts';

/**
 * The production HTTP server. It answers from one "current build" and can switch to a newer one
 * atomically: a request is served entirely by the build that was current when it arrived, while
 * the next one takes over for requests that come after the swap.
 */

export interface SiteServer {
  /** Where it listens, e.g. `http://127.0.0.1:4321`. */
  url: string;
  /** Loads the build in `dir` and makes it current; the previous build stays intact on disk. */
  swap(dir: string): Promise<void>;
  /** The directory of the build being served, if any. */
  currentBuild(): string | undefined;
  /** From now on /readyz answers 503 (the first step of shutting down); requests are still served. */
  drain(): void;
  close(): Promise<void>;
}

export interface SiteServerOptions {
  host: string;
  port: number;
  log?: (line: string) => void;
  /** Handed to every on-demand route as Astro's `locals` (the generator API's services live here). */
  locals?: object;
  /** TRUST_PROXY, parsed: whose X-Forwarded-For and X-Forwarded-Proto to believe (default nobody's). */
  trustProxy?: TrustedProxies;
  /** The public URL (SITE_URL): when it is https, every cookie is Secure whatever the request's scheme. */
  siteUrl?: string;
  /** Why the server is not ready beyond having no build (a database not open), or undefined when it is. */
  notReady?: () => string | undefined;
}

/** Health for a process manager (/healthz) and a load balancer (/readyz): no details, no secrets. */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/**
 * Sent with every answer. The pages carry their full Content-Security-Policy in a meta tag (Astro
 * hashes their scripts and styles); a meta tag cannot forbid framing, so the header adds that.
 */
const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;
// compression's types speak Express; at run time it is plain (req, res, next) over node:http.
const compress = compression() as unknown as Middleware;

function sendNotFound(req: IncomingMessage, res: ServerResponse, build: LoadedBuild): void {
  res.statusCode = 404;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.end(req.method === 'HEAD' ? undefined : build.notFoundPage);
}

function sendPlain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(text);
}

/** Adds `Secure` to every Set-Cookie the response sends, however the handler sets it. */
function secureCookies(res: ServerResponse): void {
  const secure = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(secure);
    if (typeof value !== 'string') return value;
    return /;\s*secure\s*(;|$)/i.test(value) ? value : `${value}; Secure`;
  };
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => setHeader(name, name.toLowerCase() === 'set-cookie' ? (secure(value) as typeof value) : value);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((arg) => typeof arg === 'object' && arg !== null);
    if (headers && !Array.isArray(headers)) {
      for (const key of Object.keys(headers)) {
        if (key.toLowerCase() === 'set-cookie')
          (headers as Record<string, unknown>)[key] = secure((headers as Record<string, unknown>)[key]);
      }
    }
    const existing = res.getHeader('set-cookie');
    if (existing !== undefined) setHeader('set-cookie', secure(existing) as string[]);
    return writeHead(status, ...rest);
  }) as typeof res.writeHead;
}

/** What the build's handler reads a request body from when the server has already read it. */
type RequestWithBody = IncomingMessage & { body?: Buffer };

export async function startSiteServer({
  host,
  port,
  log = (line) => console.error(line),
  locals,
  notReady = () => undefined,
  trustProxy = parseTrustProxy(undefined),
  siteUrl,
}: SiteServerOptions): Promise<SiteServer> {
  const publicHttps = siteUrl?.startsWith('https:') === true;
  let current: LoadedBuild | undefined;
  let draining = false;

  /** /healthz and /readyz, answered before anything else: they never depend on a build. */
  function health(req: IncomingMessage, res: ServerResponse): boolean {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname !== HEALTH_PATH && pathname !== READY_PATH) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendPlain(res, 405, 'Use GET', { Allow: 'GET, HEAD' });
      return true;
    }
    const ready = pathname === HEALTH_PATH || (!draining && current !== undefined && notReady() === undefined);
    res.writeHead(ready ? 200 : 503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : ready ? 'ok\n' : 'not ready\n');
    return true;
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    // From here on every handler sees the client's address and scheme, never a forged X-Forwarded-*.
    const forwarded = resolveForwarded(req, trustProxy);
    applyForwarded(req, forwarded);
    if (forwarded.proto === 'https') res.setHeader('Strict-Transport-Security', 'max-age=31536000');
    if (forwarded.proto === 'https' || publicHttps) secureCookies(res);
    if (health(req, res)) return;
    const build = current; // fixed for the whole request, whatever swaps happen meanwhile
    if (!build) {
      sendPlain(res, 503, 'The store is being built. Try again in a moment.', { 'Retry-After': '5' });
      return;
    }
    const fail = (error: unknown) => {
      log(`Could not answer ${req.method} ${req.url}: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) sendPlain(res, 500, 'Something went wrong on our side. Please try again.');
      else res.destroy();
    };
    const dynamic = () => {
      try {
        // A fresh object per request: Astro lets routes write to locals, and nothing may leak between requests.
        const next = (error?: unknown) => (error ? fail(error) : sendNotFound(req, res, build));
        void Promise.resolve(build.serveDynamic(req, res, next, { ...locals })).catch(fail);
      } catch (error) {
        fail(error);
      }
    };
    compress(req, res, (error) => {
      if (error) return fail(error);
      if (req.method === 'GET' || req.method === 'HEAD') return build.serveStatic(req, res, dynamic);
      // Bodies are read here, within the limit, so an oversized one is refused in a way the client
      // can read (see shared/http/request-body.ts); the build's handler takes a body it finds on the request.
      readRequestBody(req, MAX_REQUEST_BODY_BYTES).then((result) => {
        if (result.ok) {
          (req as RequestWithBody).body = result.body;
          dynamic();
        } else if (result.reason === 'too-large') {
          res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' });
          res.end(JSON.stringify({ error: bodyTooLargeMessage(MAX_REQUEST_BODY_BYTES) }));
        }
      }, fail);
    });
  }

  const server = http.createServer({ requestTimeout: 30_000, headersTimeout: 15_000, keepAliveTimeout: 5_000 }, handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const reason = error.code === 'EADDRINUSE' ? `port ${port} is already in use; set PORT to another` : error.message;
      reject(new Error(`The store cannot listen on ${host}:${port}: ${reason}`, { cause: error }));
    });
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost(host)}:${address.port}`,
    async swap(dir) {
      const next = await loadBuild(dir, { log });
      const retired = current;
      current = next;
      retired?.retire();
    },
    currentBuild: () => current?.dir,
    drain() {
      draining = true;
    },
    close() {
      draining = true;
      current?.retire();
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Give requests in flight a moment, then cut what is left.
        setTimeout(() => server.closeAllConnections(), 2000).unref();
      });
      return closing;
    },
  };
}
