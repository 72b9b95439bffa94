import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStaff, SIGN_IN_LIMITS, STAFF_MESSAGES, type Staff } from '../../shared/staff/index.ts';
import { softAuthenticator } from '../support/soft-authenticator.ts';

/**
 * Staff accounts through the real auth library over a real SQLite file, called with Request objects
 * the way the /api/auth/* route hands them over: sign-in, its limits, second factors, keys, the
 * setup link and the audit trail (docs/behaviour/staff-accounts.md).
 */

const SITE = 'http://127.0.0.1:4321';
const PASSWORD = 'correct horse battery staple';
let root: string;
let staff: Staff;
const logged: string[] = [];

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'staff-accounts-'));
  staff = await openStaff({ dataDir: root, siteUrl: SITE, appName: 'Test shop', log: (line) => logged.push(line) });
});

afterAll(() => {
  staff?.close();
  rmSync(root, { recursive: true, force: true });
});

function authPost(
  route: string,
  body: unknown,
  { address = '10.0.0.1', cookie, origin = SITE }: { address?: string; cookie?: string; origin?: string } = {},
) {
  return staff.handle(
    new Request(`${SITE}/api/auth${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        'x-forwarded-for': address,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    }),
  );
}

function authGet(route: string, { address = '10.0.0.1', cookie }: { address?: string; cookie?: string } = {}) {
  return staff.handle(new Request(`${SITE}/api/auth${route}`, { headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) } }));
}

/** The cookies a response sets, as one Cookie header. */
function cookiesOf(response: Response, previous = ''): string {
  const jar = new Map(previous ? previous.split('; ').map((c) => c.split('=') as [string, string]) : []);
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = pair!.split('=');
    if (/Max-Age=0/i.test(line)) jar.delete(name!);
    else jar.set(name!, value.join('='));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

async function signIn(email: string, password: string, address = '10.0.0.1') {
  const response = await authPost('/sign-in/email', { email, password }, { address });
  return { response, cookie: cookiesOf(response), body: (await response.json()) as Record<string, unknown> };
}

function whoWith(headers: Record<string, string>) {
  return staff.who(new Request(`${SITE}/api/generator-settings`, { headers }));
}

describe('the first owner', () => {
  it('comes from a one-time setup link that works once, while no account exists', async () => {
    const link = staff.createSetupLink();
    expect(link).toMatch(new RegExp(`^${SITE}/generator/setup#[\\w-]{43}$`));
    const token = link!.split('#')[1]!;
    expect(staff.setupLinkValid(token)).toBe(true);
    expect(staff.setupLinkValid(`${token}x`)).toBe(false);
    await staff.redeemSetupLink(token, { email: 'Owner@Example.com', name: 'Olive Owner', password: PASSWORD }, '10.0.0.1');
    expect(staff.listMembers()).toMatchObject([{ email: 'owner@example.com', name: 'Olive Owner', role: 'owner' }]);
    await expect(staff.redeemSetupLink(token, { email: 'second@example.com', name: '', password: PASSWORD })).rejects.toThrow(
      /used up or expired/,
    );
    expect(staff.createSetupLink()).toBeUndefined();
    expect(staff.setupLinkValid(token)).toBe(false);
  });
});

describe('signing in with a password', () => {
  beforeAll(async () => {
    await staff.addMember({ email: 'sam@example.com', name: 'Sam', role: 'staff', password: PASSWORD });
  });

  it('sets an HttpOnly SameSite cookie, never hands the session token to script, and the session says who (aal1)', async () => {
    const { response, cookie, body } = await signIn('sam@example.com', PASSWORD);
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/better-auth\.session_token=[^;]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax/);
    expect(JSON.stringify(body)).not.toMatch(/"token"/);
    expect(await whoWith({ cookie })).toEqual({
      id: expect.any(String),
      email: 'sam@example.com',
      name: 'Sam',
      role: 'staff',
      aal: 'aal1',
      via: 'session',
    });
  });

  it("answers a missing email or password with the spec's message", async () => {
    for (const body of [{ email: '', password: PASSWORD }, { email: 'sam@example.com', password: '' }, {}]) {
      const response = await authPost('/sign-in/email', body, { address: '10.1.0.1' });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(STAFF_MESSAGES.missingCredentials);
    }
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const wrong = await signIn('sam@example.com', 'not the password at all', '10.2.0.1');
    const unknown = await signIn('nobody@example.com', 'not the password at all', '10.2.0.2');
    expect(wrong.response.status).toBe(401);
    expect(unknown.response.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('refuses a cross-origin sign-in (403) and ends sessions with sign-out', async () => {
    const foreign = await authPost(
      '/sign-in/email',
      { email: 'sam@example.com', password: PASSWORD },
      { origin: 'https://evil.example', address: '10.3.0.1' },
    );
    expect(foreign.status).toBe(403);
    const { cookie } = await signIn('sam@example.com', PASSWORD, '10.3.0.2');
    const out = await authPost('/sign-out', {}, { cookie, address: '10.3.0.2' });
    expect(out.status).toBe(200);
    expect(await whoWith({ cookie })).toBeUndefined();
  });

  it('answers 404 to the library routes the pages do not use (API keys, admin, session lists)', async () => {
    const { cookie } = await signIn('owner@example.com', PASSWORD, '10.4.0.1');
    for (const route of ['/api-key/create', '/admin/create-user', '/list-sessions', '/sign-up/email']) {
      expect(
        (await authPost(route, { name: 'x', email: 'x@example.com', password: PASSWORD }, { cookie, address: '10.4.0.1' })).status,
        route,
      ).toBe(404);
    }
  });
});

describe('limits', () => {
  beforeAll(async () => {
    await staff.addMember({ email: 'target@example.com', role: 'staff', password: PASSWORD });
  });

  it('a burst of wrong passwords from one address gets 429 with Retry-After; the right password from another address still works', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < SIGN_IN_LIMITS.addressAttempts + 2; i++) {
      const response = await authPost(
        '/sign-in/email',
        { email: 'target@example.com', password: `wrong password ${i}` },
        { address: '192.0.2.10' },
      );
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
    }
    expect(statuses.slice(0, SIGN_IN_LIMITS.addressAttempts)).toEqual(Array(SIGN_IN_LIMITS.addressAttempts).fill(401));
    expect(statuses.slice(SIGN_IN_LIMITS.addressAttempts)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Even the right password waits at that address...
    expect((await signIn('target@example.com', PASSWORD, '192.0.2.10')).response.status).toBe(429);
    // ...but not from another one.
    expect((await signIn('target@example.com', PASSWORD, '192.0.2.11')).response.status).toBe(200);
  });

  it('too many failures for one account from many addresses lock that account for a while (429), others unaffected', async () => {
    await staff.addMember({ email: 'locked@example.com', role: 'staff', password: PASSWORD });
    for (let i = 0; i < SIGN_IN_LIMITS.accountFailures; i++) {
      expect((await signIn('locked@example.com', 'a wrong password', `198.51.100.${i + 1}`)).response.status).toBe(401);
    }
    const locked = await signIn('locked@example.com', PASSWORD, '198.51.100.200');
    expect(locked.response.status).toBe(429);
    expect(Number(locked.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn('sam@example.com', PASSWORD, '198.51.100.201')).response.status).toBe(200);
  });

  it('survive a restart: the counts are in the database', async () => {
    staff.close();
    staff = await openStaff({ dataDir: root, siteUrl: SITE, appName: 'Test shop', log: (line) => logged.push(line) });
    expect((await signIn('target@example.com', 'still wrong', '192.0.2.10')).response.status).toBe(429);
    expect((await signIn('locked@example.com', PASSWORD, '198.51.100.202')).response.status).toBe(429);
  });
});

describe('the authenticator app', () => {
  let secret = '';
  let backupCodes: string[] = [];

  it('is set up with a password and confirmed by a code; sign-in then asks for a code, and a passed code makes the session aal2', async () => {
    await staff.addMember({ email: 'tina@example.com', name: 'Tina', role: 'staff', password: PASSWORD });
    const { cookie } = await signIn('tina@example.com', PASSWORD, '203.0.113.1');
    const enable = await authPost('/two-factor/enable', { password: PASSWORD }, { cookie, address: '203.0.113.1' });
    expect(enable.status).toBe(200);
    const enabled = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    backupCodes = enabled.backupCodes;
    expect(backupCodes).toHaveLength(10);
    secret = new URL(enabled.totpURI).searchParams.get('secret')!;
    const totp = new TOTP({ secret });
    const confirmed = await authPost('/two-factor/verify-totp', { code: totp.generate() }, { cookie, address: '203.0.113.1' });
    expect(confirmed.status).toBe(200);

    const first = await signIn('tina@example.com', PASSWORD, '203.0.113.2');
    expect(first.body).toMatchObject({ twoFactorRedirect: true });
    expect(await whoWith({ cookie: first.cookie })).toBeUndefined();
    const later = totp.generate({ timestamp: Date.now() + 30_000 });
    const verified = await authPost('/two-factor/verify-totp', { code: later }, { cookie: first.cookie, address: '203.0.113.2' });
    expect(verified.status).toBe(200);
    const session = cookiesOf(verified, first.cookie);
    expect(await whoWith({ cookie: session })).toMatchObject({ email: 'tina@example.com', aal: 'aal2', via: 'session' });

    // The same code a second time, in a new sign-in: refused.
    const again = await signIn('tina@example.com', PASSWORD, '203.0.113.3');
    const replay = await authPost('/two-factor/verify-totp', { code: later }, { cookie: again.cookie, address: '203.0.113.3' });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { message: string }).message).toBe(STAFF_MESSAGES.codeUsed);
  });

  it('takes a backup code once in place of a code', async () => {
    const attempt = await signIn('tina@example.com', PASSWORD, '203.0.113.4');
    const used = await authPost(
      '/two-factor/verify-backup-code',
      { code: backupCodes[0] },
      { cookie: attempt.cookie, address: '203.0.113.4' },
    );
    expect(used.status).toBe(200);
    expect(await whoWith({ cookie: cookiesOf(used, attempt.cookie) })).toMatchObject({ aal: 'aal2' });
    const again = await signIn('tina@example.com', PASSWORD, '203.0.113.5');
    const reused = await authPost(
      '/two-factor/verify-backup-code',
      { code: backupCodes[0] },
      { cookie: again.cookie, address: '203.0.113.5' },
    );
    expect(reused.status).toBe(401);
  });

  it('is removed by an owner reset, after which sign-in needs only the password', async () => {
    await staff.resetSecondFactors('tina@example.com');
    const plain = await signIn('tina@example.com', PASSWORD, '203.0.113.6');
    expect(plain.response.status).toBe(200);
    expect(plain.body).not.toHaveProperty('twoFactorRedirect');
    expect(await whoWith({ cookie: plain.cookie })).toMatchObject({ aal: 'aal1' });
  });
});

describe('API keys', () => {
  it('act as their owner, are stored hashed, are not limited to 10 calls a day, and stop at revocation', async () => {
    const created = await staff.createKey('sam@example.com', { name: 'ci', aal: 'aal2', expiresInDays: 90 });
    expect(created.key).toMatch(/^nt_\w{20,}$/);
    expect(created.expiresAt).not.toBeNull();
    for (let i = 0; i < 15; i++)
      expect(await whoWith({ 'x-api-key': created.key })).toMatchObject({ email: 'sam@example.com', via: 'api-key', aal: 'aal2' });
    expect(await whoWith({ authorization: `Bearer ${created.key}` })).toBeUndefined();
    expect(await whoWith({ 'x-api-key': `${created.key}x` })).toBeUndefined();
    const database = readFileSync(path.join(root, 'staff', 'staff.sqlite'));
    expect(database.includes(Buffer.from(created.key))).toBe(false);
    expect(staff.listKeys('sam@example.com').map((k) => k.id)).toContain(created.id);
    await staff.revokeKey(created.id);
    expect(await whoWith({ 'x-api-key': created.key })).toBeUndefined();
  });

  it("end with their owner's removal, as do the owner's sessions", async () => {
    await staff.addMember({ email: 'leaver@example.com', role: 'staff', password: PASSWORD });
    const { key } = await staff.createKey('leaver@example.com', { aal: 'aal1' });
    const { cookie } = await signIn('leaver@example.com', PASSWORD, '203.0.113.20');
    expect(await whoWith({ cookie })).toBeDefined();
    await staff.removeMember('leaver@example.com');
    expect(await whoWith({ cookie })).toBeUndefined();
    expect(await whoWith({ 'x-api-key': key })).toBeUndefined();
    await expect(staff.removeMember('owner@example.com')).rejects.toThrow('This is the last owner');
  });
});

describe('password recovery', () => {
  it('writes the one-time link to the outbox without SMTP_URL, logs the file but never the link, and the link sets a new password once', async () => {
    const asked = await authPost(
      '/request-password-reset',
      { email: 'sam@example.com', redirectTo: '/generator/reset-password' },
      { address: '203.0.113.30' },
    );
    expect(asked.status).toBe(200);
    const outbox = path.join(root, 'outbox');
    const mailsTo = (to: string) =>
      readdirSync(outbox).filter((name) => readFileSync(path.join(outbox, name), 'utf8').includes(`To: ${to}`));
    const [file] = mailsTo('sam@example.com');
    const mail = readFileSync(path.join(outbox, file!), 'utf8');
    const link = /(http\S+\/api\/auth\/reset-password\/\S+)/.exec(mail)![1]!;
    const token = /reset-password\/([^?]+)/.exec(link)![1]!;
    expect(logged.join('\n')).toContain(file);
    expect(logged.join('\n')).not.toContain(token);

    const reset = await authPost('/reset-password', { token, newPassword: 'a brand new password' }, { address: '203.0.113.30' });
    expect(reset.status).toBe(200);
    expect((await signIn('sam@example.com', 'a brand new password', '203.0.113.31')).response.status).toBe(200);
    expect((await authPost('/reset-password', { token, newPassword: 'another new password' }, { address: '203.0.113.30' })).status).toBe(
      400,
    );
    // An unknown address gets the same answer and no mail.
    const unknown = await authPost(
      '/request-password-reset',
      { email: 'nobody@example.com', redirectTo: '/generator/reset-password' },
      { address: '203.0.113.32' },
    );
    expect(unknown.status).toBe(200);
    expect(mailsTo('sam@example.com')).toHaveLength(1);
    expect(mailsTo('nobody@example.com')).toHaveLength(0);
  });
});

describe('second factors stay with the person they belong to', () => {
  // Passkeys are bound to a domain name: on a loopback address that is localhost.
  const PASSKEY_ORIGIN = 'http://localhost:4321';
  const device = softAuthenticator('localhost');
  let passkeySession = '';

  async function registerPasskey(cookie: string, userVerified: boolean) {
    const options = await authGet('/passkey/generate-register-options', { cookie, address: '198.51.100.1' });
    if (options.status !== 200) return options;
    const { challenge } = (await options.json()) as { challenge: string };
    const withChallenge = cookiesOf(options, cookie);
    return authPost(
      '/passkey/verify-registration',
      { response: device.register(challenge, PASSKEY_ORIGIN, { userVerified }), name: 'laptop' },
      { cookie: withChallenge, address: '198.51.100.1' },
    );
  }

  async function signInWithPasskey(userVerified: boolean, address: string) {
    const options = await authGet('/passkey/generate-authenticate-options', { address });
    const { challenge } = (await options.json()) as { challenge: string };
    const cookie = cookiesOf(options);
    const response = await authPost(
      '/passkey/verify-authentication',
      { response: device.authenticate(challenge, PASSKEY_ORIGIN, { userVerified }) },
      { cookie, address },
    );
    return { response, cookie: cookiesOf(response, cookie) };
  }

  const passkeysOf = (email: string) => staff.listMembers().find((member) => member.email === email)?.passkeys;
  const mailsTo = (to: string, subject: RegExp) =>
    readdirSync(path.join(root, 'outbox'))
      .map((name) => readFileSync(path.join(root, 'outbox', name), 'utf8'))
      .filter((mail) => mail.includes(`To: ${to}`) && subject.test(mail));

  it('a passkey counts only when its authenticator checked the person (PIN, fingerprint, face), not on a touch alone', async () => {
    await staff.addMember({ email: 'pia@example.com', name: 'Pia', role: 'staff', password: PASSWORD });
    const { cookie } = await signIn('pia@example.com', PASSWORD, '198.51.100.1');

    const touched = await registerPasskey(cookie, false);
    expect(touched.status).toBe(400);
    expect(((await touched.json()) as { message: string }).message).toBe(STAFF_MESSAGES.passkeyUnverified);
    expect(passkeysOf('pia@example.com')).toBe(0);

    const registered = await registerPasskey(cookie, true);
    expect(registered.status).toBe(200);
    expect(passkeysOf('pia@example.com')).toBe(1);
    expect(mailsTo('pia@example.com', /Subject: .*a passkey added to your staff account/)).toHaveLength(1);

    const presenceOnly = await signInWithPasskey(false, '198.51.100.2');
    expect(presenceOnly.response.status).toBe(401);
    expect(((await presenceOnly.response.json()) as { message: string }).message).toBe(STAFF_MESSAGES.passkeyUnverified);
    expect(await whoWith({ cookie: presenceOnly.cookie })).toBeUndefined();

    const verified = await signInWithPasskey(true, '198.51.100.3');
    expect(verified.response.status).toBe(200);
    passkeySession = verified.cookie;
    expect(await whoWith({ cookie: passkeySession })).toMatchObject({ email: 'pia@example.com', aal: 'aal2' });
  });

  it('on an account that has one, the password alone cannot add or remove second factors; a session that passed one can', async () => {
    const thief = await signIn('pia@example.com', PASSWORD, '198.51.100.9');
    expect(await whoWith({ cookie: thief.cookie })).toMatchObject({ aal: 'aal1' });
    const refusals = [
      await authPost('/two-factor/enable', { password: PASSWORD }, { cookie: thief.cookie, address: '198.51.100.9' }),
      await authGet('/passkey/generate-register-options', { cookie: thief.cookie, address: '198.51.100.9' }),
      await authPost('/passkey/delete-passkey', { id: 'any' }, { cookie: thief.cookie, address: '198.51.100.9' }),
      await authPost('/two-factor/generate-backup-codes', { password: PASSWORD }, { cookie: thief.cookie, address: '198.51.100.9' }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(STAFF_MESSAGES.factorChangeNeedsAal2);
    }
    expect(passkeysOf('pia@example.com')).toBe(1);
    expect(staff.listMembers().find((member) => member.email === 'pia@example.com')?.twoFactor).toBe(false);

    const enabled = await authPost('/two-factor/enable', { password: PASSWORD }, { cookie: passkeySession, address: '198.51.100.3' });
    expect(enabled.status).toBe(200);
  });

  it("an owner's reset of a member's second factors leaves the member's sessions at aal1", async () => {
    expect(await whoWith({ cookie: passkeySession })).toMatchObject({ aal: 'aal2' });
    await staff.resetSecondFactors('pia@example.com');
    expect(passkeysOf('pia@example.com')).toBe(0);
    expect(await whoWith({ cookie: passkeySession })).toMatchObject({ email: 'pia@example.com', aal: 'aal1' });
    // With no second factor left, the member sets one up again from that session.
    expect((await registerPasskey(passkeySession, true)).status).toBe(200);
  });

  it('a new authenticator app is told to its owner by mail, and confirming it is no sign-in; a password that asks for a code is none either', async () => {
    await staff.addMember({ email: 'theo@example.com', name: 'Theo', role: 'staff', password: PASSWORD });
    const signIns = () => staff.audit.list().filter((e) => e.event === 'SIGNED_IN' && e.actorEmail === 'theo@example.com').length;
    const { cookie } = await signIn('theo@example.com', PASSWORD, '198.51.100.20');
    expect(signIns()).toBe(1);
    const enable = await authPost('/two-factor/enable', { password: PASSWORD }, { cookie, address: '198.51.100.20' });
    const totp = new TOTP({ secret: new URL(((await enable.json()) as { totpURI: string }).totpURI).searchParams.get('secret')! });
    const confirmed = await authPost('/two-factor/verify-totp', { code: totp.generate() }, { cookie, address: '198.51.100.20' });
    expect(confirmed.status).toBe(200);
    expect(await whoWith({ cookie: cookiesOf(confirmed, cookie) })).toMatchObject({ aal: 'aal2' });
    expect(signIns()).toBe(1);
    await vi.waitFor(() => expect(mailsTo('theo@example.com', /Subject: .*an authenticator app added/)).toHaveLength(1));

    const asked = await signIn('theo@example.com', PASSWORD, '198.51.100.21');
    expect(asked.body).toMatchObject({ twoFactorRedirect: true });
    expect(signIns()).toBe(1);
    const code = totp.generate({ timestamp: Date.now() + 30_000 });
    const passed = await authPost('/two-factor/verify-totp', { code }, { cookie: asked.cookie, address: '198.51.100.21' });
    expect(passed.status).toBe(200);
    expect(signIns()).toBe(2);
  });
});

describe('recovery mail through SMTP', () => {
  it('goes out after the answer, so a slow mail server tells nobody which addresses have accounts, and a failed one is logged', async () => {
    // A mail server that takes connections and never says a word.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const connected = new Promise<void>((resolve) => silent.once('connection', () => resolve()));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'staff-smtp-'));
    const lines: string[] = [];
    const port = (silent.address() as AddressInfo).port;
    const own = await openStaff({
      dataDir: dir,
      siteUrl: SITE,
      appName: 'Test shop',
      smtpUrl: `smtp://127.0.0.1:${port}`,
      log: (line) => lines.push(line),
    });
    try {
      await own.addMember({ email: 'mo@example.com', role: 'staff', password: PASSWORD });
      const asked = await own.handle(
        new Request(`${SITE}/api/auth/request-password-reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: SITE, 'x-forwarded-for': '10.9.0.1' },
          body: JSON.stringify({ email: 'mo@example.com', redirectTo: '/generator/reset-password' }),
        }),
      );
      // Answered while the mail server has not even greeted the sender.
      expect(asked.status).toBe(200);
      await connected;
      for (const socket of sockets) socket.destroy();
      await vi.waitFor(() => expect(lines.join('\n')).toMatch(/the mail ".*reset your password" to mo@example\.com could not be sent/), {
        timeout: 10_000,
      });
      expect(lines.join('\n')).not.toMatch(/reset-password\/\w/);
    } finally {
      own.close();
      silent.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the last owner', () => {
  it('stays when two removals of the last two owners run at once: one of them is refused', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'staff-owners-'));
    const own = await openStaff({ dataDir: dir, siteUrl: SITE, appName: 'Test shop', log: () => {} });
    try {
      await own.addMember({ email: 'one@example.com', role: 'owner', password: PASSWORD });
      await own.addMember({ email: 'two@example.com', role: 'owner', password: PASSWORD });
      const results = await Promise.allSettled([own.removeMember('one@example.com'), own.removeMember('two@example.com')]);
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
      expect(String(refused.reason)).toMatch(/This is the last owner: add another owner first/);
      expect(own.listMembers().filter((member) => member.role === 'owner')).toHaveLength(1);
    } finally {
      own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the audit trail', () => {
  it('records the session events and staff actions with who and from where, and no secret', async () => {
    const entries = staff.audit.list();
    const events = new Set(entries.map((e) => e.event));
    for (const event of [
      'SIGNED_IN',
      'SIGNED_OUT',
      'MFA_CHALLENGE_VERIFIED',
      'PASSWORD_RECOVERY',
      'USER_UPDATED',
      'STAFF_ADDED',
      'STAFF_REMOVED',
      'KEY_CREATED',
      'KEY_REVOKED',
    ])
      expect(events, event).toContain(event);
    const signIn = entries.find((e) => e.event === 'SIGNED_IN' && e.actorEmail === 'tina@example.com');
    expect(signIn?.address).toMatch(/^203\.0\.113\.\d+$/);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toMatch(/nt_\w{20,}/);
  });
});
