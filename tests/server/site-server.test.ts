import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnvironment, failureReason } from '../../site/server/astro-build.ts';
import { PROJECT_ROOT, buildsRoot, newBuildDir, pruneBuilds } from '../../site/server/build-dirs.ts';
import { MAX_REQUEST_BODY_BYTES } from '../../shared/http/index.ts';
import { startSiteServer, type SiteServer } from '../../site/server/site-server.ts';
import { streamUntilAnswered } from '../support/stream-body.ts';

/**
 * The production server over hand-made build directories: headers, 404s, compression, on-demand
 * routes through the build's own handler, and the atomic swap from one build to the next.
 */

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** An upload far larger than the limit and than what the kernel buffers on loopback. */
const UPLOAD_BYTES = 48 * 1024 * 1024;

const root = mkdtempSync(path.join(os.tmpdir(), 'site-server-'));

/** A build as Astro lays it out: client/ files and server/entry.mjs exporting a node handler. */
function fakeBuild(name: string, label: string): string {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, 'client', '_astro'), { recursive: true });
  mkdirSync(path.join(dir, 'client', 'product', 'tee'), { recursive: true });
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  writeFileSync(path.join(dir, 'client', 'index.html'), `<!doctype html><title>${label}</title>${'<p>filler</p>'.repeat(200)}`);
  writeFileSync(path.join(dir, 'client', 'product', 'tee', 'index.html'), `<!doctype html><title>${label} tee</title>`);
  writeFileSync(path.join(dir, 'client', '404.html'), `<!doctype html><h1>Oops! Page not found</h1><p>${label}</p>`);
  writeFileSync(path.join(dir, 'client', '_astro', 'island.abc123.js'), `export const label = ${JSON.stringify(label)};`);
  writeFileSync(
    path.join(dir, 'server', 'entry.mjs'),
    `let release;
export const gate = new Promise((resolve) => { release = resolve; });
globalThis[${JSON.stringify(`release-${label}`)}] = () => release();
export async function handler(req, res, next) {
  if (req.url === '/api/label') return res.end(${JSON.stringify(label)});
  if (req.url === '/api/echo') return res.end(Buffer.isBuffer(req.body) ? req.body : 'no body read');
  if (req.url === '/api/slow') { await gate; return res.end(${JSON.stringify(`slow ${label}`)}); }
  next();
}\n`,
  );
  return dir;
}

let server: SiteServer;

beforeAll(async () => {
  server = await startSiteServer({ host: '127.0.0.1', port: 0, log: () => {} });
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('site server', () => {
  it('answers 503 until the first build is in', async () => {
    const reply = await request(`${server.url}/`);
    expect(reply.status).toBe(503);
    expect(reply.headers['retry-after']).toBe('5');
  });

  it('serves pages with security headers, short caching and compression', async () => {
    await server.swap(fakeBuild('a', 'Build A'));
    const home = await request(`${server.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(home.status).toBe(200);
    expect(home.body).toContain('<title>Build A</title>');
    expect(home.headers['content-encoding']).toBe('gzip');
    expect(home.headers['x-content-type-options']).toBe('nosniff');
    expect(home.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(home.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const product = await request(`${server.url}/product/tee?variant=12`);
    expect(product.body).toContain('Build A tee');
  });

  it('caches hashed assets for a year', async () => {
    const asset = await request(`${server.url}/_astro/island.abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers unknown paths with 404 and the built not-found page', async () => {
    for (const [method, url] of [
      ['GET', '/no/such/page'],
      ['POST', '/'],
      ['GET', '/../../etc/passwd'],
    ] as const) {
      const reply = await request(`${server.url}${url}`, { method });
      expect(reply.status, `${method} ${url}`).toBe(404);
      expect(reply.body).toContain('Oops! Page not found');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it("sends on-demand routes to the build's own handler", async () => {
    expect((await request(`${server.url}/api/label`)).body).toBe('Build A');
  });

  it('reads a request body within the limit and hands it to the handler', async () => {
    const body = JSON.stringify({ theme: 'cats & <dogs>', pad: 'é'.repeat(1000) });
    const reply = await request(`${server.url}/api/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(reply.body).toBe(body);
  });

  it('refuses a body over 1 MB with a 413 the client can read, declared or streamed, every time', async () => {
    const declared = await request(`${server.url}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(MAX_REQUEST_BODY_BYTES + 1),
    });
    expect([declared.status, JSON.parse(declared.body)]).toEqual([413, { error: 'The request body is larger than 1 MB' }]);
    // Closing a connection with unread upload data resets it, which can wipe the answer before the
    // client reads it: once in a few tries when the server answered and closed at once.
    for (let attempt = 0; attempt < 25; attempt++) {
      const streamed = await streamUntilAnswered(`${server.url}/api/echo`, { 'content-type': 'application/json' }, UPLOAD_BYTES);
      expect({ attempt, status: streamed.status }).toEqual({ attempt, status: 413 });
      // Answered while the upload was still going (what was written also fills the kernel's buffers).
      expect(streamed.written).toBeLessThan(UPLOAD_BYTES);
    }
    expect((await request(`${server.url}/api/label`)).body).toBe('Build A');
  });

  it('swaps builds atomically: a request in flight finishes on its build, the next one sees the new build', async () => {
    const slow = request(`${server.url}/api/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the slow request is now inside build A
    await server.swap(fakeBuild('b', 'Build B'));
    expect(server.currentBuild()).toBe(path.join(root, 'b'));
    expect((await request(`${server.url}/`)).body).toContain('Build B');
    (globalThis as Record<string, unknown> & { 'release-Build A'?: () => void })['release-Build A']?.();
    expect((await slow).body).toBe('slow Build A');
  });

  it('removes the process listeners a build adds once the next build takes over', async () => {
    const before = process.listenerCount('unhandledRejection');
    for (let i = 0; i < 12; i++) {
      const dir = fakeBuild(`leaky-${i}`, `Leaky ${i}`);
      // Like the Astro node adapter: every loaded build registers a process-wide listener.
      writeFileSync(
        path.join(dir, 'server', 'entry.mjs'),
        `process.on('unhandledRejection', () => {});\nexport function handler(req, res, next) { next(); }\n`,
      );
      await server.swap(dir);
    }
    expect(process.listenerCount('unhandledRejection')).toBeLessThanOrEqual(before + 1);
    await server.swap(fakeBuild('b2', 'Build B'));
    expect(process.listenerCount('unhandledRejection')).toBeLessThanOrEqual(before);
  });

  it('hands each on-demand request its own copy of the locals', async () => {
    const dir = fakeBuild('locals', 'Locals');
    writeFileSync(
      path.join(dir, 'server', 'entry.mjs'),
      `export function handler(req, res, next, locals) { const seen = JSON.stringify(locals); locals.written = true; res.end(seen); }\n`,
    );
    const withLocals = await startSiteServer({ host: '127.0.0.1', port: 0, log: () => {}, locals: { service: 'here' } });
    try {
      await withLocals.swap(dir);
      expect((await request(`${withLocals.url}/api/anything`)).body).toBe('{"service":"here"}');
      expect((await request(`${withLocals.url}/api/anything`)).body).toBe('{"service":"here"}');
    } finally {
      await withLocals.close();
    }
  });

  it('keeps serving the current build when the next one cannot be loaded', async () => {
    const broken = path.join(root, 'broken');
    mkdirSync(path.join(broken, 'client'), { recursive: true });
    writeFileSync(path.join(broken, 'client', '404.html'), 'nope');
    await expect(server.swap(broken)).rejects.toThrow(/Could not load the server part of the build/);
    await expect(server.swap(path.join(root, 'missing'))).rejects.toThrow(/has no 404 page/);
    expect((await request(`${server.url}/`)).body).toContain('Build B');
  });
});

describe('build directories', () => {
  it('live beside the shop data by default, never under dist/ (astro build empties it)', () => {
    expect(buildsRoot({})).toBe(path.join(PROJECT_ROOT, '.data', 'site-builds'));
    expect(buildsRoot({ DATA_DIR: '/srv/store' })).toBe('/srv/store/site-builds');
    expect(buildsRoot({ SITE_BUILDS_DIR: 'var/builds' })).toBe(path.join(PROJECT_ROOT, 'var', 'builds'));
  });

  it('gives each build a fresh directory and prunes all but the ones kept', async () => {
    const builds = path.join(root, 'builds');
    const one = newBuildDir(builds, new Date('2026-01-01T00:00:00Z'));
    const two = newBuildDir(builds, new Date('2026-01-01T00:00:00Z'));
    const three = newBuildDir(builds);
    expect(new Set([one, two, three]).size).toBe(3);
    // Outside the project, built server code still finds its packages.
    expect(readdirSync(builds)).toContain('node_modules');
    await pruneBuilds(builds, [three, two]);
    expect(readdirSync(builds).sort()).toEqual([path.basename(two), path.basename(three), 'node_modules'].sort());
  });

  it('deletes an old build without holding up the event loop (a large catalogue is tens of thousands of files)', async () => {
    const builds = path.join(root, 'big-builds');
    const old = newBuildDir(builds, new Date('2026-01-01T00:00:00Z'));
    const current = newBuildDir(builds);
    for (let i = 0; i < 400; i++) {
      mkdirSync(path.join(old, 'client', 'product', `tee-${i}`), { recursive: true });
      writeFileSync(path.join(old, 'client', 'product', `tee-${i}`, 'index.html'), '<!doctype html>');
    }
    // A timer due at once fires while the files are being deleted, not after: the server keeps answering.
    let timerFired = false;
    setTimeout(() => {
      timerFired = true;
    }, 0);
    await pruneBuilds(builds, [current]);
    expect(timerFired).toBe(true);
    expect(readdirSync(builds).sort()).toEqual([path.basename(current), 'node_modules'].sort());
  });
});

describe('the build environment', () => {
  it('carries no secret and none of the names Vite keeps for itself, whatever the server has', () => {
    const secrets = {
      SHOPIFY_ADMIN_TOKEN: 'shpat_x',
      OPENAI_API_KEY: 'sk-x',
      DEPLOY_HOOK_URL: 'https://hooks.example/x',
      STAFF_AUTH_SECRET: 'a-staff-secret-of-at-least-32-characters',
      SMTP_URL: 'smtps://user:mail-password@mail.example',
    };
    const env = buildEnvironment(
      { ...secrets, DEV: '1', MODE: 'test', NODE_ENV: 'test', SHOPIFY_STOREFRONT_TOKEN: 'public', GENERATOR_DELAY_MS: '50' },
      '/tmp/out',
    );
    for (const name of [...Object.keys(secrets), 'DEV', 'MODE']) expect(env[name], name).toBeUndefined();
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      SITE_OUT_DIR: '/tmp/out',
      SHOPIFY_STOREFRONT_TOKEN: 'public',
      GENERATOR_DELAY_MS: '50',
    });
  });
});

describe('build failures', () => {
  it("reports the line that says why, not Astro's progress lines or a stack", () => {
    const lines = [
      '11:09:25 [vite] ✓ built in 445ms',
      ' prerendering static routes ',
      'Could not load the catalogue from the Storefront API: HTTP error! status: 500',
      '  Location:',
      '    /work/node_modules/astro/dist/core/render/route-cache.js:32:17',
    ];
    expect(failureReason(lines)).toBe('Could not load the catalogue from the Storefront API: HTTP error! status: 500');
    expect(failureReason(['\x1b[31mboom\x1b[39m', '  at x'])).toBe('boom');
  });
});
