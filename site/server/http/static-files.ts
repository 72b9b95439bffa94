import fs from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import send from 'send';

/**
 * A build's static files over HTTP (GET and HEAD).
 *
 * The files are listed once, when the build is loaded: only a listed path is ever served, so a file
 * added later, a dotfile (outside `.well-known/`) or a path that leads out of the folder is handed to
 * `next`. `send` answers a listed file: its type, length, ETag and Last-Modified, 304, HEAD, a single
 * Range (with If-Range), 412 and 416; the Cache-Control comes from the options.
 *
 * A listed file that can no longer be read (deleted, made a directory, unreadable) fails that
 * request alone: a short plain 404 (gone) or 500 (anything else), `Cache-Control: no-store`, one log
 * line. A read that fails or comes up short once the status is sent cuts the response (the client
 * sees an incomplete body, never a complete-looking short one) and is logged once. No error here
 * ever reaches the process.
 */

export interface StaticFilesOptions {
  /** The Cache-Control of a file, by the request's path. */
  cacheControl(pathname: string): string;
  /** Where a file that could not be sent is reported, one line per request. */
  log(line: string): void;
}

export type StaticHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** What `send` reports: a file system error with the status it chose (404 when gone, else 500), or a 412 or 416 with its headers. */
type SendError = Error & { status?: number; headers?: OutgoingHttpHeaders };

/** The headers `send` sets from the file, taken back when the answer is not the file. */
const FILE_HEADERS = ['ETag', 'Last-Modified', 'Content-Type', 'Content-Length', 'Content-Range', 'Accept-Ranges'];

/**
 * Every file under `dir` by its URL path ("/_astro/x.js"), leaving out dotfiles other than those
 * under `.well-known/`. Each maps to the path `send` is given: relative to `dir`, percent-encoded.
 */
async function listFiles(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await fs.promises.readdir(dir, { recursive: true, withFileTypes: true })) {
    const abs = path.join(entry.parentPath, entry.name);
    const segments = path.relative(dir, abs).split(path.sep);
    const urlPath = `/${segments.join('/')}`.normalize();
    if (segments.some((segment) => segment.startsWith('.')) && !urlPath.includes('/.well-known/')) continue;
    const isFile = entry.isFile() || (entry.isSymbolicLink() && (await fs.promises.stat(abs).catch(() => undefined))?.isFile() === true);
    if (isFile) files.set(urlPath, `/${segments.map(encodeURIComponent).join('/')}`);
  }
  return files;
}

/** The request's path without its query, percent-decoded where that is valid. */
function requestPath(req: IncomingMessage): string {
  const raw = (req.url ?? '/').split(/[?#]/, 1)[0] || '/';
  if (!raw.includes('%')) return raw;
  try {
    return decodeURI(raw);
  } catch {
    return raw;
  }
}

/** The listed names a path may stand for: itself, then `/index`, `.html` and `/index.html`. */
function candidates(pathname: string): string[] {
  const base = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const names: string[] = [];
  for (const extension of ['', '.html']) {
    if (base) names.push(`${base}${extension}`);
    names.push(`${base}/index${extension}`);
  }
  return names;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Answers with a short plain body in place of the file, of which nothing has been sent. */
function answer(req: IncomingMessage, res: ServerResponse, status: number, headers: OutgoingHttpHeaders = {}): void {
  for (const name of FILE_HEADERS) res.removeHeader(name);
  const body = status === 404 ? 'Not found\n' : status >= 500 ? 'Something went wrong on our side. Please try again.\n' : '';
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export async function staticFiles(dir: string, { cacheControl, log }: StaticFilesOptions): Promise<StaticHandler> {
  const files = await listFiles(dir);

  function serve(req: IncomingMessage, res: ServerResponse, pathname: string, file: string): void {
    /**
     * Ends a request its file did not answer: a plain answer while nothing is sent, a cut connection
     * after. A failure is logged, once; a 412 or 416 answers the client and is no failure.
     */
    const stop = (status: number, failure?: unknown, headers?: OutgoingHttpHeaders) => {
      try {
        if (failure !== undefined) log(`Could not serve ${req.method} ${pathname}: ${reasonOf(failure)}`);
        if (res.headersSent || res.destroyed) res.destroy();
        else answer(req, res, status, headers);
      } catch {
        res.destroy();
      }
    };
    try {
      const policy = cacheControl(pathname);
      const transfer = send(req, file, {
        root: dir,
        dotfiles: 'allow',
        index: false,
        etag: true,
        lastModified: true,
        cacheControl: false,
        acceptRanges: true,
      });
      transfer.on('headers', (response: ServerResponse) => response.setHeader('Cache-Control', policy));
      transfer.on('directory', (_res: ServerResponse, where: string) => stop(404, new Error(`EISDIR: ${where} is a directory`)));
      transfer.on('error', (error: SendError) => {
        const status = error.status ?? 500;
        if (status === 412 || status === 416) stop(status, undefined, error.headers);
        else stop(status, error);
      });
      // `send` pipes the file and ends the response when the file ends; a file that shrank ends early.
      // This listener comes before the pipe's, so a short body is cut before it can be ended.
      transfer.on('stream', (body: fs.ReadStream) => {
        const announced = Number(res.getHeader('Content-Length'));
        body.once('end', () => {
          if (body.bytesRead !== announced)
            stop(500, new Error(`the file gave ${body.bytesRead} of the ${announced} bytes announced (it changed while it was sent)`));
        });
      });
      transfer.pipe(res);
    } catch (error) {
      stop(500, error);
    }
  }

  return (req, res, next) => {
    const pathname = requestPath(req);
    const file = candidates(pathname)
      .map((name) => files.get(name))
      .find((found) => found !== undefined);
    if (!file) return next();
    serve(req, res, pathname, file);
  };
}
