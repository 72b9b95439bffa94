import { randomBytes } from 'node:crypto';
import fs, { mkdirSync, mkdtempSync, readdirSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadBuild } from '../../site/server/site-build.ts';
import { startSiteServer, type SiteServer } from '../../site/server/site-server.ts';
import { startStoreProcess, type StoreProcess } from '../support/store-process.ts';

/**
 * The build's static files as the server sends them: the headers and answers a browser and a CDN
 * rely on, and what happens when a file the build listed at load is gone, unreadable, or shrinks
 * while it is being sent (the request fails on its own; the process and every other request live).
 */

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Set when the response was cut off before it was complete (the socket closed mid-body). */
  cut?: string;
  ms: number;
}

/** One request on its own connection; a response that neither completes nor is cut within `timeoutMs` rejects. */
function request(url: string, { method = 'GET', headers = {}, timeoutMs = 10_000, onResponse }: RequestOptions = {}): Promise<Reply> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${method} ${url}: no complete or cut response within ${timeoutMs} ms`));
    }, timeoutMs);
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let cut: string | undefined;
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('aborted', () => (cut ??= 'aborted'));
      res.on('error', (error) => (cut ??= error.message));
      res.on('close', () => {
        clearTimeout(timer);
        if (!res.complete) cut ??= 'incomplete';
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), cut, ms: Date.now() - started });
      });
      onResponse?.(res);
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end();
  });
}

interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  onResponse?: (res: http.IncomingMessage) => void;
}

const root = mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
});

const MTIME = new Date('2026-03-04T05:06:07Z');

/** A build as Astro lays it out, with a file of each kind the store serves. */
function fakeBuild(name: string): string {
  const dir = path.join(root, name);
  const client = path.join(dir, 'client');
  const files: Record<string, string | Buffer> = {
    'index.html': '<!doctype html><title>Home</title>',
    '404.html': '<!doctype html><h1>Oops! Page not found</h1>',
    'about.html': '<!doctype html><title>About</title>',
    'product/tee/index.html': '<!doctype html><title>Tee</title>',
    'café/index.html': '<!doctype html><title>Café</title>',
    '_astro/island.abc123.js': 'export const island = 1;',
    '_astro/font.def456.woff2': Buffer.alloc(300, 7),
    '_astro/shirt.aa11.webp': Buffer.alloc(500, 9),
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'robots.txt': 'User-agent: *\nAllow: /\n',
    'sitemap.xml': '<?xml version="1.0"?><urlset/>',
    'digits.txt': '0123456789',
    '.secret': 'hidden',
    '.git/config': 'hidden',
  };
  for (const [file, content] of Object.entries(files)) {
    const full = path.join(client, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
    utimesSync(full, MTIME, MTIME);
  }
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  writeFileSync(path.join(dir, 'server', 'entry.mjs'), 'export function handler(req, res, next) { next(); }\n');
  return dir;
}

/** A build's static handler alone behind a plain server; what it does not serve answers 404 `next`. */
async function serveStatic(dir: string): Promise<{ url: string; log: string[]; close(): Promise<void> }> {
  const log: string[] = [];
  const build = await loadBuild(dir, { log: (line) => log.push(line) });
  const server = http.createServer((req, res) =>
    build.serveStatic(req, res, () => {
      res.statusCode = 404;
      res.end('next');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      build.retire();
    },
  };
}

describe('static files as sent', () => {
  let dir: string;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  beforeAll(async () => {
    dir = fakeBuild('headers');
    site = await serveStatic(dir);
  });
  afterAll(() => site.close());

  it('carries the type, length, caching and validators of each kind of file', async () => {
    const cases: [string, string, string][] = [
      ['/', 'text/html; charset=utf-8', 'public, max-age=0, must-revalidate'],
      ['/_astro/island.abc123.js', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
      ['/_astro/font.def456.woff2', 'font/woff2', 'public, max-age=31536000, immutable'],
      ['/_astro/shirt.aa11.webp', 'image/webp', 'public, max-age=31536000, immutable'],
      ['/favicon.svg', 'image/svg+xml', 'public, max-age=3600'],
      ['/robots.txt', 'text/plain; charset=utf-8', 'public, max-age=3600'],
      ['/sitemap.xml', 'application/xml', 'public, max-age=3600'],
    ];
    for (const [pathname, type, cacheControl] of cases) {
      const reply = await request(`${site.url}${pathname}`);
      const file = path.join(dir, 'client', pathname === '/' ? 'index.html' : pathname);
      const size = fs.statSync(file).size;
      expect(reply.status, pathname).toBe(200);
      expect(reply.headers['content-type'], pathname).toBe(type);
      expect(reply.headers['cache-control'], pathname).toBe(cacheControl);
      expect(reply.headers['content-length'], pathname).toBe(String(size));
      // send's weak ETag: the size and the modification time in milliseconds, in hexadecimal.
      expect(reply.headers.etag, pathname).toBe(`W/"${size.toString(16)}-${MTIME.getTime().toString(16)}"`);
      expect(reply.headers['last-modified'], pathname).toBe(MTIME.toUTCString());
      expect(reply.body.equals(fs.readFileSync(file)), pathname).toBe(true);
    }
    expect(site.log).toEqual([]);
  });

  it('finds pages without their .html or index.html, ignores the query, and decodes the path', async () => {
    for (const [pathname, title] of [
      ['/?utm=x', 'Home'],
      ['/index.html', 'Home'],
      ['/about', 'About'],
      ['/product/tee', 'Tee'],
      ['/product/tee/', 'Tee'],
      ['/product/tee?variant=12', 'Tee'],
      ['/caf%C3%A9', 'Café'],
    ]) {
      const reply = await request(`${site.url}${pathname}`);
      expect(reply.status, pathname).toBe(200);
      expect(reply.body.toString(), pathname).toContain(`<title>${title}</title>`);
    }
  });

  it('hands on what the build did not list at load: other paths, dotfiles, files added since, paths out of the build', async () => {
    writeFileSync(path.join(dir, 'client', 'added-later.txt'), 'new');
    for (const pathname of [
      '/no/such/page',
      '/.secret',
      '/.git/config',
      '/added-later.txt',
      '/%2e%2e/server/entry.mjs',
      '/..%2fserver/entry.mjs',
    ]) {
      const reply = await request(`${site.url}${pathname}`);
      expect([pathname, reply.status, reply.body.toString()]).toEqual([pathname, 404, 'next']);
    }
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await request(`${site.url}/_astro/island.abc123.js`);
    const again = await request(`${site.url}/_astro/island.abc123.js`, { headers: { 'if-none-match': first.headers.etag! } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const other = await request(`${site.url}/_astro/island.abc123.js`, { headers: { 'if-none-match': 'W/"1-2"' } });
    expect(other.status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await request(`${site.url}/robots.txt`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String('User-agent: *\nAllow: /\n'.length));
    expect(head.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(head.body.length).toBe(0);
  });

  it('answers a byte range with 206, and one past the end with 416', async () => {
    const part = await request(`${site.url}/digits.txt`, { headers: { range: 'bytes=2-5' } });
    expect([part.status, part.body.toString(), part.headers['content-range'], part.headers['content-length']]).toEqual([
      206,
      '2345',
      'bytes 2-5/10',
      '4',
    ]);
    expect(part.headers['accept-ranges']).toBe('bytes');
    const open = await request(`${site.url}/digits.txt`, { headers: { range: 'bytes=7-' } });
    expect([open.status, open.body.toString(), open.headers['content-range']]).toEqual([206, '789', 'bytes 7-9/10']);
    const suffix = await request(`${site.url}/digits.txt`, { headers: { range: 'bytes=-3' } });
    expect([suffix.status, suffix.body.toString(), suffix.headers['content-range']]).toEqual([206, '789', 'bytes 7-9/10']);
    const first = await request(`${site.url}/digits.txt`, { headers: { range: 'bytes=0-0' } });
    expect([first.status, first.body.toString()]).toEqual([206, '0']);
    const beyond = await request(`${site.url}/digits.txt`, { headers: { range: 'bytes=10-' } });
    expect([beyond.status, beyond.headers['content-range'], beyond.body.length]).toEqual([416, 'bytes */10', 0]);
  });
});

describe('a file the build listed that cannot be read', () => {
  it('gone: that request gets a small 404 and one log line; the next requests are served', async () => {
    const dir = fakeBuild('gone');
    const site = await serveStatic(dir);
    try {
      rmSync(path.join(dir, 'client', 'robots.txt'));
      rmSync(path.join(dir, 'client', 'product', 'tee', 'index.html'));
      const robots = await request(`${site.url}/robots.txt`);
      expect(robots.status).toBe(404);
      expect(robots.headers['cache-control']).toBe('no-store');
      expect(robots.body.length).toBeLessThan(100);
      expect(robots.body.toString()).not.toMatch(/ENOENT|client|\//);
      expect(site.log).toHaveLength(1);
      expect(site.log[0]).toMatch(/^Could not serve GET \/robots\.txt: .*ENOENT/);
      const page = await request(`${site.url}/product/tee`, { method: 'HEAD' });
      expect([page.status, page.body.length]).toEqual([404, 0]);
      expect(site.log).toHaveLength(2);
      expect((await request(`${site.url}/`)).status).toBe(200);
      expect((await request(`${site.url}/favicon.svg`)).status).toBe(200);
      expect(site.log).toHaveLength(2);
    } finally {
      await site.close();
    }
  });

  it('made a directory: a small 404 and one log line', async () => {
    const dir = fakeBuild('directory');
    const site = await serveStatic(dir);
    try {
      rmSync(path.join(dir, 'client', 'sitemap.xml'));
      mkdirSync(path.join(dir, 'client', 'sitemap.xml'));
      const reply = await request(`${site.url}/sitemap.xml`);
      expect(reply.status).toBe(404);
      expect(reply.body.length).toBeLessThan(100);
      expect(site.log).toHaveLength(1);
      expect((await request(`${site.url}/robots.txt`)).status).toBe(200);
    } finally {
      await site.close();
    }
  });

  it('unreadable: a small 500 and one log line', async () => {
    const dir = fakeBuild('unreadable');
    const site = await serveStatic(dir);
    try {
      // chmod 000 would not stop a test run as root: the open is refused here as it is for a file the server may not read.
      const file = path.join(dir, 'client', 'robots.txt');
      const open = fs.open as (...args: unknown[]) => void;
      const refused = vi.spyOn(fs, 'open').mockImplementation(((target: fs.PathLike, ...rest: unknown[]) => {
        if (target !== file) return open(target, ...rest);
        const callback = rest.at(-1) as (error: NodeJS.ErrnoException) => void;
        process.nextTick(
          callback,
          Object.assign(new Error(`EACCES: permission denied, open '${file}'`), { code: 'EACCES', syscall: 'open', path: file }),
        );
      }) as typeof fs.open);
      const reply = await request(`${site.url}/robots.txt`);
      refused.mockRestore();
      expect(reply.status).toBe(500);
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.body.length).toBeLessThan(100);
      expect(reply.body.toString()).not.toMatch(/EACCES|client/);
      expect(site.log).toHaveLength(1);
      expect(site.log[0]).toMatch(/^Could not serve GET \/robots\.txt: EACCES/);
      expect((await request(`${site.url}/robots.txt`)).status).toBe(200);
    } finally {
      await site.close();
    }
  });

  it('failing while it is read: the response is cut at once, logged once, and the next request is served', async () => {
    const dir = fakeBuild('read-error');
    const site = await serveStatic(dir);
    try {
      // A disk that fails part-way: the first bytes come, then the read fails (EIO). Each read completes
      // on a later turn of the event loop, as a read from the disk does.
      vi.spyOn(fs, 'createReadStream').mockImplementationOnce((() => {
        let sent = false;
        return new Readable({
          read() {
            setImmediate(() => {
              if (sent) return this.destroy(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }));
              sent = true;
              this.push(Buffer.alloc(100, 1));
            });
          },
        });
      }) as unknown as typeof fs.createReadStream);
      const reply = await request(`${site.url}/_astro/shirt.aa11.webp`, { timeoutMs: 3000 });
      expect(reply.status).toBe(200);
      expect(reply.cut).toBeDefined();
      expect(reply.body.length).toBeLessThan(500);
      expect(site.log).toHaveLength(1);
      expect(site.log[0]).toMatch(/^Could not serve GET \/_astro\/shirt\.aa11\.webp: .*EIO/);
      expect((await request(`${site.url}/_astro/shirt.aa11.webp`)).body.length).toBe(500);
    } finally {
      await site.close();
    }
  });
});

describe('a client that goes away part-way through a file', () => {
  it('is no failure: nothing is logged and the next request is served', async () => {
    const dir = fakeBuild('client-leaves');
    writeFileSync(path.join(dir, 'client', '_astro', 'large.bb22.webp'), randomBytes(16 * 1024 * 1024));
    const site = await serveStatic(dir);
    try {
      const first = await request(`${site.url}/_astro/large.bb22.webp`, { onResponse: (res) => res.once('data', () => res.destroy()) });
      expect(first.cut).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(site.log).toEqual([]);
      expect((await request(`${site.url}/robots.txt`)).status).toBe(200);
    } finally {
      await site.close();
    }
  });
});

describe('a file that shrinks while it is being sent, through the server', () => {
  let server: SiteServer;
  const BIG = 24 * 1024 * 1024;
  beforeAll(async () => {
    server = await startSiteServer({ host: '127.0.0.1', port: 0, log: () => {} });
  });
  afterAll(() => server.close());

  // Plain (a picture: not compressed, sent with its length) and gzipped (a script: compressed on the way).
  it.each([
    ['/_astro/big.ff00.webp', {}],
    ['/_astro/big.ff00.js', { 'accept-encoding': 'gzip' }],
  ])('%s: the response is cut, not completed short or left hanging', async (pathname, headers) => {
    const dir = fakeBuild(`shrinks-${path.extname(pathname).slice(1)}`);
    const file = path.join(dir, 'client', pathname);
    // Random bytes: gzip cannot shrink them, so the paused reader holds the server back in both cases.
    writeFileSync(file, randomBytes(BIG));
    await server.swap(dir);
    let resume: () => void = () => {};
    const reply = request(`${server.url}${pathname}`, {
      headers,
      timeoutMs: 4000, // under the server's 5 s keep-alive, which would otherwise close the connection
      onResponse: (res) => {
        res.pause();
        resume = () => res.resume();
      },
    });
    // The response has started and the server is held back by the paused reader; the file then shrinks.
    await new Promise((resolve) => setTimeout(resolve, 300));
    truncateSync(file, 1024);
    resume();
    const { status, body, cut } = await reply;
    expect(status).toBe(200);
    expect(cut).toBeDefined();
    expect(body.length).toBeLessThan(BIG);
    expect((await request(`${server.url}/robots.txt`)).status).toBe(200);
  });
});

describe('npm start: a file gone from the served build', () => {
  let store: StoreProcess;
  beforeAll(async () => {
    store = await startStoreProcess();
  }, 300_000);
  afterAll(async () => {
    await store?.stop();
  });

  it('that request gets a small 404 and one log line; the store keeps serving', async () => {
    const [build] = readdirSync(store.buildsDir).filter((entry) => entry.startsWith('build-'));
    const client = path.join(store.buildsDir, build!, 'client');
    expect((await request(`${store.siteUrl}/robots.txt`)).status).toBe(200);
    const mark = store.output().length;
    rmSync(path.join(client, 'robots.txt'));
    const robots = await request(`${store.siteUrl}/robots.txt`);
    expect(robots.status).toBe(404);
    expect(robots.body.length).toBeLessThan(100);
    expect(robots.headers['x-content-type-options']).toBe('nosniff');
    for (const pathname of ['/', '/search', '/favicon.svg', '/healthz', '/readyz']) {
      expect([pathname, (await request(`${store.siteUrl}${pathname}`)).status]).toEqual([pathname, 200]);
    }
    // The log line comes through the child's stderr: give it a moment.
    const deadline = Date.now() + 5000;
    const logged = () =>
      store
        .output()
        .slice(mark)
        .split('\n')
        .filter((line) => line.includes('robots.txt'));
    while (logged().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logged()).toHaveLength(1);
    expect(logged()[0]).toMatch(/^Could not serve GET \/robots\.txt: .*ENOENT/);
    expect(store.output().slice(mark)).not.toMatch(/^\s+at |Unhandled/m);
  });
});
