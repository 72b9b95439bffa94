import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../site/server/http/trusted-proxy.ts';
import { startSiteServer, type SiteServer } from '../../site/server/site-server.ts';
import { finished, isolatedEnv, REPO_ROOT } from '../support/child-process.ts';
import { ensureNginx, freePort, selfSignedCertificate, startNginx, type Nginx } from '../support/nginx.ts';
import { startScriptedStore, type ScriptedStore } from '../support/scripted-store.ts';
import { BIN } from '../support/tshirt-gen.ts';

/**
 * The store's server behind a real nginx terminating https on loopback, as the README's Deploying
 * section sets it up: the client address and scheme the server's handlers see, Secure cookies, and
 * X-Forwarded-* headers forged by a client ignored. The client connects from 127.0.0.5 and nginx
 * reaches the server from 127.0.0.2, so each address is told apart. The last block does the same
 * with `npm start` itself (a real build, SITE_URL=https://…): a staff account signs in through nginx.
 */

const CLIENT = '127.0.0.5';
const PROXY = '127.0.0.2';
const root = mkdtempSync(path.join(os.tmpdir(), 'behind-proxy-'));
let trusted: SiteServer;
let untrusted: SiteServer;
let nginx: Nginx;
let ca: Buffer;

/** A build whose on-demand handler reports what it sees and sets cookies both ways Node allows. */
function echoBuild(): string {
  const dir = path.join(root, 'build');
  mkdirSync(path.join(dir, 'client'), { recursive: true });
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  writeFileSync(path.join(dir, 'client', 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(path.join(dir, 'client', '404.html'), '<!doctype html><title>404</title>');
  writeFileSync(
    path.join(dir, 'server', 'entry.mjs'),
    `export async function handler(req, res, next) {
  const seen = JSON.stringify({ client: req.headers['x-forwarded-for'], proto: req.headers['x-forwarded-proto'], socket: req.socket.remoteAddress });
  if (req.url === '/api/whoami') {
    res.setHeader('Set-Cookie', ['session=abc; Path=/; HttpOnly; SameSite=Lax', 'theme=dark; Path=/']);
    res.setHeader('Content-Type', 'application/json');
    return res.end(seen);
  }
  if (req.url === '/api/whoami-writehead') {
    res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['pref=1; Path=/'] });
    return res.end(seen);
  }
  next();
}\n`,
  );
  return dir;
}

beforeAll(async () => {
  ensureNginx();
  const build = echoBuild();
  trusted = await startSiteServer({
    host: '127.0.0.1',
    port: 0,
    log: () => {},
    trustProxy: parseTrustProxy(PROXY),
    siteUrl: 'http://localhost',
  });
  untrusted = await startSiteServer({ host: '127.0.0.1', port: 0, log: () => {}, siteUrl: 'https://shop.example' });
  await trusted.swap(build);
  await untrusted.swap(build);
  const { cert, key } = selfSignedCertificate(root);
  ca = readFileSync(cert);
  const port = await freePort();
  const proxied = (upstream: string) => `proxy_pass ${upstream};
      proxy_bind ${PROXY};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;`;
  nginx = await startNginx(
    path.join(root, 'nginx'),
    port,
    `  server {
    listen 127.0.0.1:${port} ssl;
    server_name localhost;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    location /untrusted/ {
      ${proxied(`${untrusted.url}/`)}
    }
    location / {
      ${proxied(trusted.url)}
    }
  }`,
  );
}, 300_000);

afterAll(async () => {
  await nginx?.close();
  await trusted?.close();
  await untrusted?.close();
  rmSync(root, { recursive: true, force: true });
});

interface Seen {
  status: number;
  headers: http.IncomingHttpHeaders;
  seen: { client: string; proto: string; socket: string };
}

function get(url: string, headers: Record<string, string> = {}): Promise<Seen> {
  const secure = url.startsWith('https:');
  const options = { headers, localAddress: CLIENT, agent: false as const, ...(secure ? { ca } : {}) };
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).get(url, options, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, seen: JSON.parse(body) as Seen['seen'] }));
    });
    req.on('error', reject);
  });
}

const viaNginx = (p: string) => `https://localhost:${nginx.port}${p}`;

describe('behind nginx on https', () => {
  it("the server's handlers see the client's address and https, and every cookie is Secure", async () => {
    const reply = await get(viaNginx('/api/whoami'));
    expect(reply.status).toBe(200);
    expect(reply.seen).toEqual({ client: CLIENT, proto: 'https', socket: PROXY });
    expect(reply.headers['set-cookie']).toEqual(['session=abc; Path=/; HttpOnly; SameSite=Lax; Secure', 'theme=dark; Path=/; Secure']);
    expect(reply.headers['strict-transport-security']).toBe('max-age=31536000');
    const written = await get(viaNginx('/api/whoami-writehead'));
    expect(written.headers['set-cookie']).toEqual(['pref=1; Path=/; Secure']);
  });

  it('ignores an X-Forwarded-For and X-Forwarded-Proto the client forged', async () => {
    const reply = await get(viaNginx('/api/whoami'), { 'X-Forwarded-For': '203.0.113.9, 10.0.0.1', 'X-Forwarded-Proto': 'http' });
    expect(reply.seen.client).toBe(CLIENT);
    expect(reply.seen.proto).toBe('https');
  });

  it('believes nothing from a client that reaches the server directly', async () => {
    const reply = await get(`${trusted.url}/api/whoami`, { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https' });
    expect(reply.seen).toEqual({ client: CLIENT, proto: 'http', socket: CLIENT });
    expect(reply.headers['set-cookie']).toEqual(['session=abc; Path=/; HttpOnly; SameSite=Lax', 'theme=dark; Path=/']);
    expect(reply.headers['strict-transport-security']).toBeUndefined();
  });

  it('without TRUST_PROXY the proxy is the client, and an https SITE_URL still makes cookies Secure', async () => {
    const reply = await get(viaNginx('/untrusted/api/whoami'), { 'X-Forwarded-For': '203.0.113.9' });
    expect(reply.seen).toEqual({ client: PROXY, proto: 'http', socket: PROXY });
    expect(reply.headers['set-cookie']).toEqual(['session=abc; Path=/; HttpOnly; SameSite=Lax; Secure', 'theme=dark; Path=/; Secure']);
  });

  it('answers /healthz and /readyz through the proxy', async () => {
    const status = (p: string) =>
      new Promise<number>((resolve, reject) =>
        https
          .get(viaNginx(p), { ca, agent: false }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on('error', reject),
      );
    const health = await status('/readyz');
    expect(await status('/healthz')).toBe(200);
    expect(health).toBe(200);
  });
});

describe('staff sign-in behind nginx on https (npm start, SITE_URL=https://…, TRUST_PROXY)', () => {
  const PASSWORD = 'correct horse battery staple';
  let store: ScriptedStore;
  let front: Nginx;
  let site: string;
  let frontCa: Buffer;

  /** `tshirt-gen <args>` on the store's DATA_DIR, the way an operator adds staff. */
  async function cli(args: string[], input = '') {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: REPO_ROOT,
      env: isolatedEnv({ DATA_DIR: path.join(store.buildsRoot, 'data') }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const exit = finished(child);
    child.stdin?.end(input);
    const result = await exit;
    if (result.code !== 0) throw new Error(`tshirt-gen ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
    return result;
  }

  /** A request from the client's own address through nginx, trusting the test's certificate. */
  function send(
    method: 'GET' | 'POST',
    p: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
    return new Promise((resolve, reject) => {
      const req = https.request(`${site}${p}`, { method, headers, ca: frontCa, localAddress: CLIENT, agent: false }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    send(
      'POST',
      '/api/auth/sign-in/email',
      { 'content-type': 'application/json', origin: site, ...headers },
      JSON.stringify({ email, password }),
    );

  beforeAll(async () => {
    const port = await freePort();
    site = `https://localhost:${port}`;
    store = await startScriptedStore({
      products: 1,
      env: { SITE_URL: site, TRUST_PROXY: PROXY, SHOPIFY_ADMIN_TOKEN: 'shpat_behind_proxy_test' },
    });
    await cli(['staff', 'add', 'front@example.com', '--role', 'staff', '--password-stdin'], PASSWORD);
    mkdirSync(path.join(root, 'front'), { recursive: true });
    const { cert, key } = selfSignedCertificate(path.join(root, 'front'));
    front = await startNginx(
      path.join(root, 'front-nginx'),
      port,
      `  server {
    listen 127.0.0.1:${port} ssl;
    server_name localhost;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    location / {
      proxy_pass ${store.app.siteUrl};
      proxy_bind ${PROXY};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }`,
    );
    frontCa = readFileSync(cert);
  }, 300_000);

  afterAll(async () => {
    await front?.close();
    await store?.close();
  });

  it('signs in with a __Secure- session cookie, records the address nginx saw, and ignores a forged X-Forwarded-For', async () => {
    const signedIn = await signIn('front@example.com', PASSWORD, { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'http' });
    expect(signedIn.status, signedIn.body).toBe(200);
    const cookies = signedIn.headers['set-cookie'] ?? [];
    const session = cookies.find((c) => c.startsWith('__Secure-better-auth.session_token='));
    expect(session, cookies.join('\n')).toBeDefined();
    expect(session).toMatch(/;\s*Secure(;|$)/i);
    expect(session).toMatch(/;\s*HttpOnly(;|$)/i);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure(;|$)/i);

    // The session cookie, under its __Secure- name, is what the server reads back.
    const settings = await send('GET', '/api/generator-settings', { cookie: session!.split(';')[0]! });
    expect(settings.status, settings.body).toBe(200);

    const audit = JSON.parse((await cli(['staff', 'audit', '--json'])).stdout) as {
      entries: { event: string; actorEmail: string | null; address: string | null }[];
    };
    const recorded = audit.entries.find((e) => e.event === 'SIGNED_IN' && e.actorEmail === 'front@example.com');
    expect(recorded?.address).toBe(CLIENT);
    expect(audit.entries.map((e) => e.address)).not.toContain('203.0.113.9');
  });
});
