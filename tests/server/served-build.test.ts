import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import { cspHash } from '../../site/features/shell/csp-hash.ts';
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
  STAFF_AUTH_SECRET: 'reliability-staff-secret-0f3b2a9c8d7e6f5a4b3c',
  DEPLOY_HOOK_URL: 'https://hooks.example.test/reliability-hook-b81d',
} as const;

let store: ScriptedStore;

beforeAll(async () => {
  store = await startScriptedStore({ products: 2, env: SECRETS });
}, 180_000);

afterAll(async () => {
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
    // Every inline style and script the page carries is allowed by its hash, and only those run.
    const inline = [...html.matchAll(/<(style|script)(?![^>]*(?:\bsrc=|type="application\/ld\+json"))[^>]*>([^<]*)<\/\1>/g)];
    expect(inline.filter(([, tag]) => tag === 'style').length).toBeGreaterThan(0);
    for (const [, tag, text] of inline) {
      const directive = policy.split(';').find((d) => d.trim().startsWith(`${tag}-src `)) ?? '';
      expect(directive, `${pathname}: ${tag} ${text!.slice(0, 40)}`).toContain(`'${cspHash(text!)}'`);
    }
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

describe('the generator API over HTTP', () => {
  it('answers 401 to every call without a staff session or API key, and never echoes a secret (docs/behaviour/staff-accounts.md)', async () => {
    for (const authorization of [undefined, 'Bearer anything', `Basic ${SECRETS.SHOPIFY_ADMIN_TOKEN}`]) {
      const response = await fetch(`${store.app.siteUrl}/api/generate-product-concepts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ productCount: 1, theme: 'cats', brand: BRAND }),
      });
      const text = await response.text();
      expect(response.status, authorization).toBe(401);
      for (const value of Object.values(SECRETS)) expect(text).not.toContain(value);
    }
    // A request that names no host is refused the same way.
    expect((await rawGet(store.app.siteUrl, '/api/generator-settings')).status).toBe(401);
  });
});
