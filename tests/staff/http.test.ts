import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import { loadConfig } from '../../shared/config/index.ts';
import { openStaff, SIGN_IN_LIMITS, type Staff } from '../../shared/staff/index.ts';
import { createGeneratorServices, type GeneratorServices } from '../../site/features/generator/server/services.ts';
import { parseTrustProxy } from '../../site/server/http/trusted-proxy.ts';
import { startSiteServer, type SiteServer } from '../../site/server/site-server.ts';
import { finished, isolatedEnv, REPO_ROOT } from '../support/child-process.ts';
import { startScriptedStore, type ScriptedStore } from '../support/scripted-store.ts';
import { BIN } from '../support/tshirt-gen.ts';

/**
 * Staff accounts over HTTP, the way `npm start` serves them (a real build, the real server): the
 * generator API refuses requests without a session or key (401) and cross-origin ones (403); a key
 * made with the CLI works until the CLI revokes it; sign-in limits go by the client address, which
 * a client cannot choose unless TRUST_PROXY names its proxy (docs/behaviour/staff-accounts.md).
 */

const PASSWORD = 'correct horse battery staple';
let store: ScriptedStore;
let dataDir: string;
let proxied: { server: SiteServer; services: GeneratorServices; staff: Staff } | undefined;

beforeAll(async () => {
  store = await startScriptedStore({ products: 1, env: { SHOPIFY_ADMIN_TOKEN: 'shpat_staff_http_test', GENERATOR_DELAY_MS: '0' } });
  dataDir = path.join(store.buildsRoot, 'data');
  await cli(['staff', 'add', 'runner@example.com', '--role', 'staff', '--password-stdin'], PASSWORD);
}, 240_000);

afterAll(async () => {
  if (proxied) {
    await proxied.server.close();
    await proxied.services.close();
    proxied.staff.close();
  }
  await store?.close();
});

/** `tshirt-gen <args>` on the store's DATA_DIR, with `input` on stdin. */
async function cli(args: string[], input?: string) {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: REPO_ROOT,
    env: isolatedEnv({ DATA_DIR: dataDir }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exit = finished(child);
  child.stdin?.end(input ?? '');
  const result = await exit;
  if (result.code !== 0) throw new Error(`tshirt-gen ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
  return result;
}

function signIn(siteUrl: string, email: string, password: string, headers: Record<string, string> = {}) {
  return fetch(`${siteUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: siteUrl, ...headers },
    body: JSON.stringify({ email, password }),
  });
}

const conceptsBody = JSON.stringify({ productCount: 1, theme: 'cats', brand: BRAND });

describe('the generator API', () => {
  it('answers 401 to a request with no session and no key, or a bad one', async () => {
    const site = store.app.siteUrl;
    const attempts: RequestInit[] = [
      {},
      { headers: { 'x-api-key': 'nt_not-a-key' } },
      { headers: { authorization: 'Bearer nt_not-a-key' } },
      { headers: { cookie: 'better-auth.session_token=forged.signature' } },
    ];
    for (const init of attempts) {
      const settings = await fetch(`${site}/api/generator-settings`, init);
      expect(settings.status, JSON.stringify(init)).toBe(401);
      expect(((await settings.json()) as { error: string }).error).toMatch(/^Sign in with a staff account/);
    }
    const post = await fetch(`${site}/api/generate-product-concepts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: conceptsBody,
    });
    expect(post.status).toBe(401);
    expect((await fetch(`${site}/api/designs/a-000000000000000000000000-preview.png`)).status).toBe(401);
  });

  it('answers 403 to a cross-origin state-changing request, even with a valid session', async () => {
    const site = store.app.siteUrl;
    const signedIn = await signIn(site, 'runner@example.com', PASSWORD);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const variants: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, {}];
    for (const headers of variants) {
      const response = await fetch(`${site}/api/generate-product-concepts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...headers },
        body: conceptsBody,
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
    const same = await fetch(`${site}/api/generate-product-concepts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: site },
      body: conceptsBody,
    });
    expect(same.status).toBe(200);
    // A cross-origin sign-in is refused too.
    expect((await signIn(site, 'runner@example.com', PASSWORD, { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('works with a key made by the CLI, records the run in the audit trail, and refuses the key once revoked', async () => {
    const site = store.app.siteUrl;
    const created = await cli(['staff', 'key', 'create', 'runner@example.com', '--name', 'ci', '--expires', '30d']);
    const key = created.stdout.trim();
    expect(key).toMatch(/^nt_\w+$/);
    expect(created.stderr).toMatch(/shown only now/);
    const run = await fetch(`${site}/api/generate-product-concepts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: conceptsBody,
    });
    expect(run.status).toBe(200);
    expect(((await run.json()) as { products: unknown[] }).products).toHaveLength(1);

    const audit = JSON.parse((await cli(['staff', 'audit', '--json'])).stdout) as {
      entries: { event: string; actorEmail: string; detail: Record<string, unknown> }[];
    };
    expect(audit.entries.find((e) => e.event === 'RUN_STARTED')).toMatchObject({
      actorEmail: 'runner@example.com',
      detail: { via: 'api-key' },
    });

    const keys = JSON.parse((await cli(['staff', 'key', 'list', '--json'])).stdout) as { keys: { id: string; name: string }[] };
    const id = keys.keys.find((k) => k.name === 'ci')!.id;
    await cli(['staff', 'key', 'revoke', id]);
    expect((await fetch(`${site}/api/generator-settings`, { headers: { 'x-api-key': key } })).status).toBe(401);
    expect(store.log.join('\n')).not.toContain(key);
  });

  it('refuses publishing to a real Shopify store without a second factor (403), naming what is needed', async () => {
    const site = store.app.siteUrl;
    const signedIn = await signIn(site, 'runner@example.com', PASSWORD);
    const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const response = await fetch(`${site}/api/publish-to-shopify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: site },
      body: JSON.stringify({
        product: {
          name: 'A',
          description: 'B',
          price: 20,
          category: 'C',
          imageUrl: '/api/designs/a-000000000000000000000000-preview.png',
          keywords: ['k'],
        },
      }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toMatch(/needs a second factor/);
  });
});

describe('the staff API', () => {
  it('checks a setup token only from a POST body sent by the site itself, never from a URL that logs would keep', async () => {
    const site = store.app.siteUrl;
    const token = 'A'.repeat(43);
    const check = (headers: Record<string, string>) =>
      fetch(`${site}/api/staff/setup/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ token }),
      });
    const checked = await check({ origin: site });
    expect(checked.status).toBe(200);
    expect(await checked.json()).toEqual({ valid: false, accounts: true });
    expect((await check({ origin: 'https://elsewhere.example' })).status).toBe(403);
    // A token in the URL is read by nothing: without a session the answer is the usual 401.
    const inUrl = await fetch(`${site}/api/staff/setup?token=${token}`);
    expect(inUrl.status).toBe(401);
  });

  it('answers 400 naming the field to an email address the accounts would refuse, and adds nobody', async () => {
    const site = store.app.siteUrl;
    await cli(['staff', 'add', 'boss@example.com', '--role', 'owner', '--password-stdin'], PASSWORD);
    const signedIn = await signIn(site, 'boss@example.com', PASSWORD);
    const cookie = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const add = (email: string) =>
      fetch(`${site}/api/staff/members`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: site },
        body: JSON.stringify({ email, role: 'staff' }),
      });
    for (const email of ['a..b@example.com', '<b>@example.com', 'a@b.c', 'user@[127.0.0.1].com', 'no-at-sign.example.com']) {
      const response = await add(email);
      expect(response.status, email).toBe(400);
      expect(((await response.json()) as { error: string }).error, email).toBe('email must be an email address');
    }
    const members = await fetch(`${site}/api/staff/members`, { headers: { cookie } });
    expect(((await members.json()) as { members: { email: string }[] }).members.map((m) => m.email).sort()).toEqual([
      'boss@example.com',
      'runner@example.com',
    ]);
  });
});

describe('sign-in limits by client address', () => {
  it('ignore an X-Forwarded-For a client sends itself: changing it does not escape the limit', async () => {
    const site = store.app.siteUrl;
    await cli(['staff', 'add', 'spoof@example.com', '--password-stdin'], PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMITS.addressAttempts + 2; i++) {
      statuses.push((await signIn(site, 'spoof@example.com', 'wrong password', { 'x-forwarded-for': `192.0.2.${i + 1}` })).status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('behind a trusted proxy: a burst from one address gets 429 with Retry-After, the right account signs in from another', async () => {
    const config = loadConfig(
      { DATA_DIR: dataDir, SHOPIFY_STORE_DOMAIN: store.shop.url, SHOPIFY_ADMIN_TOKEN: 'shpat_x' },
      store.buildsRoot,
    );
    const services = createGeneratorServices({ config, log: () => {} });
    // Read per request: staff joins once the server's own address is known.
    const locals: { generator: GeneratorServices; staff?: Staff } = { generator: services };
    const server = await startSiteServer({ host: '127.0.0.1', port: 0, log: () => {}, locals, trustProxy: parseTrustProxy('loopback') });
    const staff = await openStaff({ dataDir, siteUrl: server.url, appName: 'Test', log: () => {} });
    locals.staff = staff;
    proxied = { server, services, staff };
    await server.swap(path.join(store.buildsRoot, store.builds()[0]!));
    try {
      await cli(['staff', 'add', 'proxied@example.com', '--password-stdin'], PASSWORD);
      const site = server.url;
      let last: Response | undefined;
      for (let i = 0; i < SIGN_IN_LIMITS.addressAttempts + 1; i++) {
        last = await signIn(site, 'proxied@example.com', 'wrong password', { 'x-forwarded-for': '198.51.100.1' });
      }
      expect(last!.status).toBe(429);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      const elsewhere = await signIn(site, 'proxied@example.com', PASSWORD, { 'x-forwarded-for': '198.51.100.2' });
      expect(elsewhere.status).toBe(200);
      const audit = staff.audit.list();
      expect(audit.find((e) => e.event === 'SIGNED_IN' && e.actorEmail === 'proxied@example.com')?.address).toBe('198.51.100.2');
    } finally {
      await server.close();
    }
  });
});
