import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { getMigrations } from 'better-auth/db/migration';
import { z } from 'zod';
import { STORE_NAME } from '../common/index.ts';
import type { Config } from '../config/index.ts';
import { createAuditLog, type AuditLog, type AuditRecord } from './audit.ts';
import { clientAddressOf, createStaffAuth, type StaffAuth } from './auth.ts';
import { openStaffDatabase, staffFiles, staffSecret } from './database.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { STAFF_MESSAGES } from './messages.ts';
import { StaffError } from './staff-error.ts';
import type { Role, Who } from './who.ts';

/**
 * Staff accounts as one service, shared by `npm start` (the auth routes, the generator API's
 * "who") and `tshirt-gen staff` (members, keys, audit): docs/behaviour/staff-accounts.md.
 */

export interface StaffOptions {
  dataDir: string;
  /** The site's public origin, e.g. http://localhost:4321 or https://shop.example. */
  siteUrl: string;
  /** Other origins this server answers on (its own listening address). */
  otherOrigins?: string[];
  appName: string;
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  secret?: string | undefined;
  log?: (line: string) => void;
  now?: () => number;
}

/** What the configuration sets (DATA_DIR, SMTP_URL, MAIL_FROM, STAFF_AUTH_SECRET), as `npm start`, astro dev and tshirt-gen staff open the service. */
export function staffOptionsFromConfig(config: Config): Pick<StaffOptions, 'dataDir' | 'appName' | 'smtpUrl' | 'mailFrom' | 'secret'> {
  return {
    dataDir: config.localShop.dataDir,
    appName: STORE_NAME,
    smtpUrl: config.staff.smtpUrl,
    mailFrom: config.staff.mailFrom,
    secret: config.staff.secret,
  };
}

export interface Member {
  id: string;
  email: string;
  name: string;
  role: Role;
  createdAt: string;
  twoFactor: boolean;
  passkeys: number;
  sessions: number;
  keys: number;
}

export interface KeySummary {
  id: string;
  name: string | null;
  /** The first characters, to recognise it; never the key. */
  start: string | null;
  owner: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

export interface CreatedKey extends KeySummary {
  /** Shown once, at creation. */
  key: string;
}

export interface SessionSummary {
  id: string;
  createdAt: string;
  expiresAt: string;
  address: string | null;
  userAgent: string | null;
  aal: 'aal1' | 'aal2';
  /** The session that asked. */
  current: boolean;
}

export interface SetupLinkUse {
  email: string;
  name: string;
  password: string;
}

export interface Staff {
  readonly auth: StaffAuth;
  readonly audit: AuditLog;
  readonly mailer: Mailer;
  /** The auth routes (/api/auth/*): the library's handler, with `Retry-After` on its 429s. */
  handle(request: Request): Promise<Response>;
  /** Who sent this request: a session cookie or an `x-api-key`; undefined for nobody. */
  who(request: Request): Promise<Who | undefined>;
  record(entry: AuditRecord): void;
  /** The sessions of the member who sent `request` (never their tokens). */
  listSessions(request: Request, who: Who): Promise<SessionSummary[]>;
  /** Ends one of the member's sessions by id, or all of them ("Sign out everywhere"). */
  endSessions(who: Who, which: { id: string } | { all: true }, address?: string): Promise<number>;
  hasAccounts(): boolean;
  addMember(input: { email: string; name?: string; role: Role; password?: string }, by?: Who, address?: string): Promise<Member>;
  listMembers(): Member[];
  removeMember(email: string, by?: Who, address?: string): Promise<void>;
  /** Removes the member's authenticator app, backup codes and passkeys. */
  resetSecondFactors(email: string, by?: Who, address?: string): Promise<void>;
  /** Ends every session and deletes every API key of the member. */
  revokeAccess(email: string, by?: Who, address?: string): Promise<{ sessions: number; keys: number }>;
  createKey(
    email: string,
    options: { name?: string; expiresInDays?: number; aal: 'aal1' | 'aal2' },
    by?: Who,
    address?: string,
  ): Promise<CreatedKey>;
  listKeys(email?: string): KeySummary[];
  revokeKey(id: string, by?: Who, address?: string): Promise<KeySummary>;
  /** A one-time link to create the first owner (24 h); undefined once any account exists. */
  createSetupLink(): string | undefined;
  setupLinkValid(token: string): boolean;
  redeemSetupLink(token: string, owner: SetupLinkUse, address?: string): Promise<Member>;
  close(): void;
}

export const SETUP_LINK_HOURS = 24;

/**
 * The library's routes the pages use; everything else (its API-key, admin and session-list routes)
 * is answered 404, so members, keys and sessions change only through /api/staff/*, which audits them.
 */
const AUTH_ROUTES = new Set([
  '/get-session',
  '/sign-in/email',
  '/sign-out',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/generate-backup-codes',
  '/passkey/generate-register-options',
  '/passkey/verify-registration',
  '/passkey/generate-authenticate-options',
  '/passkey/verify-authentication',
  '/passkey/list-user-passkeys',
  '/passkey/delete-passkey',
  '/ok',
  '/error',
]);

function allowedAuthPath(pathname: string): boolean {
  const path = pathname.replace(/^\/api\/auth/, '').replace(/\/+$/, '');
  return AUTH_ROUTES.has(path) || /^\/reset-password\/[^/]+$/.test(path);
}

/**
 * The library checks Origin only on requests that carry a cookie; we check every state-changing one,
 * so a foreign page cannot sign a browser in (or ask for a reset) either. A script sends no Origin.
 */
function crossOriginAllowed(request: Request, origins: readonly string[]): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return true;
  const origin = request.headers.get('origin');
  if (origin !== null) return origins.includes(origin) || origin === new URL(request.url).origin;
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin';
}

/** A copy of a JSON answer without session tokens: the cookie carries the session, script never needs it. */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => key !== 'token')
        .map(([key, inner]) => [key, withoutTokens(inner)]),
    );
  }
  return value;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function emailOf(value: string): string {
  const email = value.trim().toLowerCase();
  // The auth library's own rule, so that what passes here is never refused there.
  if (!z.email().safeParse(email).success) throw new StaffError('bad-request', `Not an email address: ${value}`);
  return email;
}

function iso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  return typeof value === 'string' ? new Date(value).toISOString() : '';
}

function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : iso(value);
}

/** The origins a loopback server answers on: SITE_URL's, 127.0.0.1's and localhost's. */
function loopbackTwins(origin: string): string[] {
  const url = new URL(origin);
  const out = [url.origin];
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') out.push(`${url.protocol}//localhost:${url.port}`);
  if (url.hostname === 'localhost') out.push(`${url.protocol}//127.0.0.1:${url.port}`);
  return out;
}

export async function openStaff(options: StaffOptions): Promise<Staff> {
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? Date.now;
  const files = staffFiles(options.dataDir);
  const db: DatabaseSync = openStaffDatabase(files);
  const audit = createAuditLog(db, () => new Date(now()));
  const mailer = createMailer({
    smtpUrl: options.smtpUrl,
    outboxDir: path.join(options.dataDir, 'outbox'),
    from: options.mailFrom ?? `${options.appName} <staff@${new URL(options.siteUrl).hostname}>`,
    log,
  });
  const site = new URL(options.siteUrl);
  const origins = [...new Set([...loopbackTwins(site.origin), ...(options.otherOrigins ?? []).flatMap(loopbackTwins)])];
  const loopbackIp = /^(127\.|\[::1\])/.test(site.hostname);
  const auth = createStaffAuth({
    db,
    secret: staffSecret(files, options.secret),
    baseURL: site.origin,
    trustedOrigins: origins,
    // WebAuthn binds a passkey to a domain name: on a loopback address that is "localhost".
    rpID: loopbackIp ? 'localhost' : site.hostname,
    passkeyOrigins: origins.filter((origin) => new URL(origin).hostname === (loopbackIp ? 'localhost' : site.hostname)),
    appName: options.appName,
    audit,
    mailer,
    log,
    now,
  });
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
  const ctx = await auth.$context;

  const countUsers = db.prepare('SELECT COUNT(*) AS n FROM user');
  const findUserRow = db.prepare('SELECT id, email, name, role, createdAt, twoFactorEnabled FROM user WHERE email = ?');
  const membersRows = db.prepare(`
    SELECT u.id, u.email, u.name, u.role, u.createdAt, u.twoFactorEnabled,
      (SELECT COUNT(*) FROM passkey p WHERE p.userId = u.id) AS passkeys,
      (SELECT COUNT(*) FROM session s WHERE s.userId = u.id AND s.expiresAt > ?) AS sessions,
      (SELECT COUNT(*) FROM apikey k WHERE k.referenceId = u.id) AS keys
    FROM user u ORDER BY u.createdAt`);
  const keysRows = db.prepare(`
    SELECT k.id, k.name, k.start, k.createdAt, k.expiresAt, k.lastRequest, u.email AS owner
    FROM apikey k JOIN user u ON u.id = k.referenceId ORDER BY k.createdAt`);

  interface UserRow {
    id: string;
    email: string;
    name: string;
    role: string | null;
    createdAt: unknown;
    twoFactorEnabled: number | null;
  }

  function requireUser(email: string): UserRow {
    const row = findUserRow.get(emailOf(email)) as UserRow | undefined;
    if (!row) throw new StaffError('not-found', `No staff account with the email ${email}`);
    return row;
  }

  const roleOf = (value: string | null | undefined): Role => (value === 'owner' ? 'owner' : 'staff');

  function listMembers(): Member[] {
    const rows = membersRows.all(now()) as unknown as (UserRow & { passkeys: number; sessions: number; keys: number })[];
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      role: roleOf(row.role),
      createdAt: iso(row.createdAt),
      twoFactor: Boolean(row.twoFactorEnabled),
      passkeys: Number(row.passkeys),
      sessions: Number(row.sessions),
      keys: Number(row.keys),
    }));
  }

  function memberByEmail(email: string): Member {
    const member = listMembers().find((m) => m.email === emailOf(email));
    if (!member) throw new StaffError('not-found', `No staff account with the email ${email}`);
    return member;
  }

  const actorOf = (by?: Who) => (by ? { id: by.id, email: by.email } : undefined);

  function keyOf(row: Record<string, unknown>): KeySummary {
    return {
      id: String(row.id),
      name: (row.name as string | null) ?? null,
      start: (row.start as string | null) ?? null,
      owner: String(row.owner),
      createdAt: iso(row.createdAt),
      expiresAt: isoOrNull(row.expiresAt),
      lastUsedAt: isoOrNull(row.lastRequest),
    };
  }

  const demoteUnlessLastOwner = db.prepare(
    "UPDATE user SET role = 'staff' WHERE id = ? AND role = 'owner' AND (SELECT COUNT(*) FROM user WHERE role = 'owner') > 1",
  );

  function owners(): number {
    return listMembers().filter((m) => m.role === 'owner').length;
  }

  async function addMember(input: { email: string; name?: string; role: Role; password?: string }, by?: Who, address?: string) {
    const email = emailOf(input.email);
    if (findUserRow.get(email)) throw new StaffError('conflict', `There is already a staff account with the email ${email}`);
    if (input.password !== undefined && input.password.length < 10)
      throw new StaffError('bad-request', 'The password needs at least 10 characters');
    await auth.api.createUser({
      body: {
        email,
        name: input.name?.trim() || email.split('@')[0]!,
        role: input.role,
        // Without a password the member sets one through "Forgot password".
        password: input.password ?? randomBytes(32).toString('base64url'),
        data: { emailVerified: true },
      },
    });
    audit.record({ event: 'STAFF_ADDED', actor: actorOf(by), subject: email, address, detail: { role: input.role } });
    return memberByEmail(email);
  }

  async function revokeSessionsOf(userId: string): Promise<number> {
    const sessions = await ctx.internalAdapter.listSessions(userId);
    await ctx.internalAdapter.deleteUserSessions(userId);
    return sessions.length;
  }

  function deleteKeysOf(userId: string): number {
    return Number(db.prepare('DELETE FROM apikey WHERE referenceId = ?').run(userId).changes);
  }

  const staff: Staff = {
    auth,
    audit,
    mailer,

    async handle(request) {
      if (!allowedAuthPath(new URL(request.url).pathname)) {
        return Response.json({ error: 'There is no such auth endpoint' }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
      }
      if (!crossOriginAllowed(request, origins)) {
        return Response.json({ error: STAFF_MESSAGES.crossOrigin }, { status: 403, headers: { 'Cache-Control': 'no-store' } });
      }
      const response = await auth.handler(request);
      const headers = new Headers(response.headers);
      headers.set('Cache-Control', 'no-store');
      const retry = response.headers.get('x-retry-after');
      if (response.status === 429 && retry) headers.set('Retry-After', retry);
      if (!(response.headers.get('content-type') ?? '').includes('application/json')) {
        return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
      }
      const text = await response.text();
      let body = text;
      try {
        body = JSON.stringify(withoutTokens(JSON.parse(text)));
      } catch {
        // Not JSON after all: passed on as it is.
      }
      headers.delete('content-length');
      return new Response(body, { status: response.status, statusText: response.statusText, headers });
    },

    async who(request) {
      const key = request.headers.get('x-api-key');
      if (key !== null) {
        const result = await auth.api.verifyApiKey({ body: { key } }).catch(() => null);
        if (!result?.valid || !result.key) return undefined;
        const user = await ctx.internalAdapter.findUserById(result.key.referenceId);
        if (!user || (user as { banned?: boolean }).banned) return undefined;
        const metadata = (result.key.metadata ?? {}) as { aal?: unknown };
        return {
          id: user.id,
          email: user.email,
          name: user.name,
          role: roleOf((user as { role?: string }).role),
          aal: metadata.aal === 'aal2' ? 'aal2' : 'aal1',
          via: 'api-key',
        };
      }
      const session = await auth.api.getSession({ headers: request.headers }).catch(() => null);
      if (!session) return undefined;
      return {
        id: session.user.id,
        email: session.user.email,
        name: session.user.name,
        role: roleOf((session.user as { role?: string | null }).role),
        aal: (session.session as { aal?: string | null }).aal === 'aal2' ? 'aal2' : 'aal1',
        via: 'session',
      };
    },

    record: (entry) => audit.record(entry),

    async listSessions(request, who) {
      const current = await auth.api.getSession({ headers: request.headers }).catch(() => null);
      const sessions = await ctx.internalAdapter.listSessions(who.id);
      return sessions
        .filter((session) => new Date(session.expiresAt).getTime() > now())
        .map((session) => ({
          id: session.id,
          createdAt: iso(session.createdAt),
          expiresAt: iso(session.expiresAt),
          address: session.ipAddress ?? null,
          userAgent: session.userAgent ?? null,
          aal: (session as { aal?: string }).aal === 'aal2' ? 'aal2' : 'aal1',
          current: session.id === current?.session.id,
        }));
    },

    async endSessions(who, which, address) {
      const sessions = await ctx.internalAdapter.listSessions(who.id);
      const ending = 'all' in which ? sessions : sessions.filter((session) => session.id === which.id);
      if (ending.length === 0) throw new StaffError('not-found', 'That session has already ended');
      for (const session of ending) await ctx.internalAdapter.deleteSession(session.token);
      audit.record({
        event: 'SIGNED_OUT',
        actor: { id: who.id, email: who.email },
        address,
        detail: { scope: 'all' in which ? 'everywhere' : 'one session', sessions: ending.length },
      });
      return ending.length;
    },

    hasAccounts: () => (countUsers.get() as { n: number }).n > 0,

    addMember,

    listMembers,

    async removeMember(email, by, address) {
      const user = requireUser(email);
      const lastOwner = () => new StaffError('conflict', 'This is the last owner: add another owner first');
      if (roleOf(user.role) === 'owner' && owners() <= 1) throw lastOwner();
      if (by && by.id === user.id) throw new StaffError('conflict', 'You cannot remove your own account; ask another owner');
      // An owner stops being one first, in one statement that counts the owners, so that of two
      // removals at once (two pages, the page and the CLI) the second finds the first's owner gone.
      if (roleOf(user.role) === 'owner' && Number(demoteUnlessLastOwner.run(user.id).changes) === 0) throw lastOwner();
      await revokeSessionsOf(user.id);
      deleteKeysOf(user.id);
      await ctx.internalAdapter.deleteUser(user.id);
      audit.record({ event: 'STAFF_REMOVED', actor: actorOf(by), subject: user.email, address });
    },

    async resetSecondFactors(email, by, address) {
      const user = requireUser(email);
      db.prepare('DELETE FROM twoFactor WHERE userId = ?').run(user.id);
      db.prepare('DELETE FROM passkey WHERE userId = ?').run(user.id);
      await ctx.internalAdapter.updateUser(user.id, { twoFactorEnabled: false });
      // The factors a session passed are gone (lost, or in the wrong hands): it goes on at aal1.
      db.prepare("UPDATE session SET aal = 'aal1' WHERE userId = ?").run(user.id);
      audit.record({ event: 'USER_UPDATED', actor: actorOf(by), subject: user.email, address, detail: { change: 'second factors reset' } });
    },

    async revokeAccess(email, by, address) {
      const user = requireUser(email);
      const sessions = await revokeSessionsOf(user.id);
      const keys = deleteKeysOf(user.id);
      audit.record({ event: 'SIGNED_OUT', actor: actorOf(by), subject: user.email, address, detail: { scope: 'every session', sessions } });
      if (keys > 0) audit.record({ event: 'KEY_REVOKED', actor: actorOf(by), subject: user.email, address, detail: { keys } });
      return { sessions, keys };
    },

    async createKey(email, { name, expiresInDays, aal }, by, address) {
      const user = requireUser(email);
      if (expiresInDays !== undefined && !(Number.isInteger(expiresInDays) && expiresInDays >= 1 && expiresInDays <= 3650))
        throw new StaffError('bad-request', 'A key expires after 1 to 3650 days');
      const created = await auth.api.createApiKey({
        body: {
          userId: user.id,
          ...(name ? { name } : {}),
          expiresIn: expiresInDays ? expiresInDays * 24 * 60 * 60 : null,
          // Keys made on the server's own shell count as a second factor; from a page, as the session did.
          metadata: { aal },
        },
      });
      audit.record({
        event: 'KEY_CREATED',
        actor: actorOf(by) ?? { id: user.id, email: user.email },
        subject: name ?? created.start ?? created.id,
        address,
        detail: { owner: user.email },
      });
      return {
        id: created.id,
        name: created.name ?? null,
        start: created.start ?? null,
        owner: user.email,
        createdAt: iso(created.createdAt),
        expiresAt: isoOrNull(created.expiresAt),
        lastUsedAt: null,
        key: created.key,
      };
    },

    listKeys(email) {
      const all = (keysRows.all() as Record<string, unknown>[]).map(keyOf);
      return email ? all.filter((key) => key.owner === emailOf(email)) : all;
    },

    async revokeKey(id, by, address) {
      const key = staff.listKeys().find((k) => k.id === id || (k.start !== null && id.length >= 6 && k.start === id));
      if (!key) throw new StaffError('not-found', `No API key with the id ${id}`);
      if (by && by.role !== 'owner' && key.owner !== by.email) throw new StaffError('forbidden', STAFF_MESSAGES.ownerOnly);
      db.prepare('DELETE FROM apikey WHERE id = ?').run(key.id);
      audit.record({
        event: 'KEY_REVOKED',
        actor: actorOf(by),
        subject: key.name ?? key.start ?? key.id,
        address,
        detail: { owner: key.owner },
      });
      return key;
    },

    createSetupLink() {
      if (staff.hasAccounts()) return undefined;
      const token = randomBytes(32).toString('base64url');
      db.prepare('INSERT INTO staff_setup_link (token_hash, expires_at) VALUES (?, ?)').run(
        sha256(token),
        now() + SETUP_LINK_HOURS * 3600_000,
      );
      return `${site.origin}/generator/setup#${token}`;
    },

    setupLinkValid(token) {
      if (staff.hasAccounts()) return false;
      const row = db.prepare('SELECT expires_at, used_at FROM staff_setup_link WHERE token_hash = ?').get(sha256(token)) as
        | { expires_at: number; used_at: number | null }
        | undefined;
      return Boolean(row && row.used_at === null && row.expires_at > now());
    },

    async redeemSetupLink(token, owner, address) {
      // Claimed before the account exists, so two tabs racing with one link make one owner.
      const claimed = db
        .prepare('UPDATE staff_setup_link SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?')
        .run(now(), sha256(token), now());
      if (Number(claimed.changes) !== 1 || staff.hasAccounts())
        throw new StaffError(
          'gone',
          'This setup link is used up or expired. Restart npm start for a new one, or use tshirt-gen staff add.',
        );
      const member = await addMember({ email: owner.email, name: owner.name, role: 'owner', password: owner.password }, undefined, address);
      return member;
    },

    close() {
      db.close();
    },
  };
  return staff;
}

export { clientAddressOf };
