import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ErrorKind } from '../../shared/common/index.ts';
import { createLogger } from '../../shared/log/index.ts';
import { staticFiles } from './http/static-files.ts';

/**
 * One finished build, ready to answer requests: its static files, its on-demand routes (the Astro
 * node adapter in middleware mode) and its 404 page. A build is immutable once loaded.
 */

export type Next = (error?: unknown) => void;
/** A node-style handler; the Astro adapter's also takes the request's `locals` as a fourth argument. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next: Next, locals?: object) => void | Promise<void>;

export interface LoadedBuild {
  dir: string;
  /** The files of client/ as listed at load; calls `next` for a path that is not one of them. */
  serveStatic: NodeHandler;
  /** Astro's handler for routes that are not pre-rendered; calls `next` for unknown paths. */
  serveDynamic: NodeHandler;
  notFoundPage: Buffer;
  /** Undoes what loading the build did to the process (its process-wide listeners); call once it is no longer served. */
  retire(): void;
}

export class BuildLoadError extends Error {
  readonly kind: ErrorKind = 'internal';
  override name = 'BuildLoadError';
}

const ONE_YEAR = 31_536_000;

/** Hashed assets never change; pages and other files must be revalidated so a new build shows at once. */
function cacheControlFor(pathname: string): string {
  if (pathname.startsWith('/_astro/')) return `public, max-age=${ONE_YEAR}, immutable`;
  if (pathname === '/favicon.svg' || pathname === '/robots.txt' || pathname === '/sitemap.xml') return 'public, max-age=3600';
  return 'public, max-age=0, must-revalidate';
}

export interface LoadBuildOptions {
  /** Where a static file that could not be sent is reported (default: the redacting logger, as an error). */
  log?: (line: string) => void;
}

let defaultLogger: ReturnType<typeof createLogger> | undefined;
function logError(line: string): void {
  defaultLogger ??= createLogger({ format: process.env.LOG_FORMAT === 'json' ? 'json' : 'text' });
  defaultLogger.error(line);
}

function isHandler(value: unknown): value is NodeHandler {
  return typeof value === 'function';
}

export async function loadBuild(dir: string, { log = logError }: LoadBuildOptions = {}): Promise<LoadedBuild> {
  const clientDir = path.join(dir, 'client');
  const entry = path.join(dir, 'server', 'entry.mjs');
  let notFoundPage: Buffer;
  try {
    notFoundPage = readFileSync(path.join(clientDir, '404.html'));
  } catch {
    throw new BuildLoadError(`The build in ${dir} has no 404 page (client/404.html); was it built completely?`);
  }
  let serveStatic: NodeHandler;
  try {
    serveStatic = await staticFiles(clientDir, { cacheControl: cacheControlFor, log });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BuildLoadError(`Could not list the files of the build in ${dir}: ${reason}`);
  }
  let serveDynamic: NodeHandler;
  // The adapter adds an `unhandledRejection` listener per loaded build; note which, to remove them when the build retires.
  const before = new Set(process.listeners('unhandledRejection'));
  const added = () => process.listeners('unhandledRejection').filter((listener) => !before.has(listener));
  const removeAdded = () => {
    for (const listener of added()) process.removeListener('unhandledRejection', listener);
  };
  try {
    const module: { handler?: unknown } = await import(pathToFileURL(entry).href);
    if (!isHandler(module.handler)) throw new Error('it exports no request handler');
    serveDynamic = module.handler;
  } catch (error) {
    removeAdded();
    const reason = error instanceof Error ? error.message : String(error);
    throw new BuildLoadError(`Could not load the server part of the build in ${dir}: ${reason}`);
  }
  const listeners = added();
  return {
    dir,
    serveStatic,
    serveDynamic,
    notFoundPage,
    retire() {
      for (const listener of listeners.splice(0)) process.removeListener('unhandledRejection', listener);
    },
  };
}
