import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import { loadConfig } from '../../shared/config/index.ts';
import { createGeneratorServices, type GeneratorServices } from '../../site/features/generator/server/services.ts';
import { startSiteServer, type SiteServer } from '../../site/server/site-server.ts';
import { filesUnder } from '../support/files.ts';
import { startScriptedStore, type ScriptedStore } from '../support/scripted-store.ts';

/**
 * `npm start` against a configured store, with every secret set: no secret in any built file, page or
 * log line; the security headers and Content-Security-Policy on every kind of page; and the generator
 * API's access rules over real HTTP (staff token, loopback-only without one, off when exposed).
 */

const SECRETS = {
  SHOPIFY_ADMIN_TOKEN: 'shpat_reliability_admin_5e1f9c',
  OPENAI_API_KEY: 'sk-reliability-openai-7d3a0b',
  GENERATOR_TOKEN: 'reliability-staff-token-92c4e1',
  DEPLOY_HOOK_URL: 'https://hooks.example.test/reliability-hook-b81d',
} as const;
const TOKEN = SECRETS.GENERATOR_TOKEN;

let store: ScriptedStore;
const extraServers: { server: SiteServer; services: GeneratorServices }[] = [];

beforeAll(async () => {
  store = await startScriptedStore({ products: 2, env: SECRETS });
}, 180_000);

afterAll(async () => {
  for (const { server, services } of extraServers) {
    await server.close();
    await services.close();
  }
  await store?.close();
});

const PAGES = ['/', '/product/shirt-1', '/no-such-page', '/generator'];

describe('secrets', () => {
  it('are in no file of the build: not in what ships to browsers, not in the server part', () => {
    const files = filesUnder(store.buildsRoot);
    expect(files.filter((file) => file.includes(`${path.sep}client${path.sep}`)).length).toBeGreaterThan(10);
    expect(files.some((file) => /[\\/]client[\\/]_astro[\\/].+\.js$/.test(file))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file, 'latin1');
      for (const [name, value] of Object.entries(SECRETS)) expect(text.includes(value), `${name} in ${file}`).toBe(false);
    }
  });

  it('are in no page or asset as served, and in no line the store logged', async () => {
    for (const pathname of PAGES) {
      const html = await (await fetch(`${store.app.siteUrl}${pathname}`)).text();
      for (const value of Object.values(SECRETS)) expect(html.includes(value), pathname).toBe(false);
      for (const asset of html.match(/\/_astro\/[\w.-]+\.(js|css)/g) ?? []) {
        const body = await (await fetch(`${store.app.siteUrl}${asset}`)).text();
        for (const value of Object.values(SECRETS)) expect(body.includes(value), asset).toBe(false);
      }
    }
    expect(store.log.length).toBeGreaterThan(0);
    for (const value of Object.values(SECRETS)) expect(store.log.join('\n')).not.toContain(value);
  });
});

describe('security headers and Content-Security-Policy', () => {
  it.each(PAGES)('%s', async (pathname) => {
    const response = await fetch(`${store.app.siteUrl}${pathname}`);
    expect(response.status).toBe(pathname === '/no-such-page' ? 404 : 200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    const html = await response.text();
    const policy = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(policy).toMatch(/^default-src 'self';/);
    expect(policy).not.toMatch(/unsafe-eval|unsafe-inline/);
    // The configured store for the browser's cartCreate; its images from the store and Shopify's CDN.
    expect(policy).toContain(`connect-src 'self' ${new URL(store.shop.url).origin};`);
    expect(policy).toContain(`img-src 'self' ${new URL(store.shop.url).origin} https://cdn.shopify.com;`);
    expect(policy).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
  });
});

/** One request written by hand, so it can leave out the Host header (HTTP/1.0 allows that). */
function rawGet(siteUrl: string, requestPath: string, headers: string[] = []): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(siteUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let data = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write([`GET ${requestPath} HTTP/1.0`, ...headers, '', ''].join('\r\n')));
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(data)?.[1] ?? 0);
      resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4) });
    });
  });
}

/** The same build served again with the generator configured another way (the guard reads HOST and GENERATOR_TOKEN). */
async function serveWith(env: NodeJS.ProcessEnv): Promise<SiteServer> {
  const config = loadConfig({ DATA_DIR: path.join(store.buildsRoot, 'data'), ...env }, store.buildsRoot);
  const services = createGeneratorServices({ config, log: () => {} });
  const server = await startSiteServer({ host: '127.0.0.1', port: 0, log: () => {}, locals: { generator: services } });
  extraServers.push({ server, services });
  const [build] = store.builds();
  await server.swap(path.join(store.buildsRoot, build!));
  return server;
}

describe('the generator API over HTTP', () => {
  const conceptsBody = JSON.stringify({ productCount: 1, theme: 'cats', brand: BRAND });

  it('with GENERATOR_TOKEN: no token, a wrong one, a prefix, another length → 401, never echoing the token', async () => {
    const attempts: (string | undefined)[] = [
      undefined,
      'Bearer',
      'Bearer wrong',
      `Bearer ${TOKEN.slice(0, 8)}`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}0`,
      `Bearer ${TOKEN.repeat(3)}`,
      `Basic ${TOKEN}`,
    ];
    for (const authorization of attempts) {
      const response = await fetch(`${store.app.siteUrl}/api/generate-product-concepts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: conceptsBody,
      });
      const text = await response.text();
      expect(response.status, authorization).toBe(401);
      expect(text).not.toContain(TOKEN);
      expect(JSON.stringify([...response.headers])).not.toContain(TOKEN);
    }
    const settings = await fetch(`${store.app.siteUrl}/api/generator-settings`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(settings.status).toBe(200);
    expect(await settings.text()).not.toContain(TOKEN);
    expect(store.log.join('\n')).not.toContain(TOKEN);
  });

  it('without a token on a loopback address: a request that names no host is refused, one addressed to this machine answered', async () => {
    const server = await serveWith({ HOST: '127.0.0.1' });
    expect((await rawGet(server.url, '/api/generator-settings')).status).toBe(403);
    expect((await rawGet(server.url, '/api/generator-settings', ['Host: attacker.example'])).status).toBe(403);
    const local = await rawGet(server.url, '/api/generator-settings', ['Host: localhost']);
    expect(local.status).toBe(200);
    expect(JSON.parse(local.body)).toMatchObject({ generators: expect.any(String) });
  });

  it('without a token on an address other machines reach: closed with 503 and the reason, whatever the request says', async () => {
    const server = await serveWith({ HOST: '0.0.0.0' });
    for (const headers of [[], ['Host: localhost'], [`Authorization: Bearer ${TOKEN}`, 'Host: 127.0.0.1']]) {
      const { status, body } = await rawGet(server.url, '/api/generator-settings', headers);
      expect(status).toBe(503);
      expect((JSON.parse(body) as { error: string }).error).toMatch(/^The generator is switched off: .*Set GENERATOR_TOKEN/);
    }
  });
});
