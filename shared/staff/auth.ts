import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { apiKey } from '@better-auth/api-key';
import { passkey } from '@better-auth/passkey';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { admin, twoFactor } from 'better-auth/plugins';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import type { AuditLog } from './audit.ts';
import type { Mailer } from './mailer.ts';
import { SIGN_IN_LIMITS, STAFF_MESSAGES } from './messages.ts';

/**
 * The auth library (better-auth) set up for staff: email and password with no public sign-up,
 * TOTP with backup codes, passkeys, API keys, rate limits kept in the database, and our additions
 * (docs/behaviour/staff-accounts.md): the assurance level on each session, a per-account lockout, TOTP
 * codes that work once, and the audit trail.
 */

export interface StaffAuthOptions {
  db: DatabaseSync;
  secret: string;
  /** The site's public origin (SITE_URL, or the server's own address). */
  baseURL: string;
  /** Other origins the same server answers on (127.0.0.1 and localhost for a loopback server). */
  trustedOrigins: string[];
  /** Where passkeys are bound: the site's host name ('localhost' for a loopback address). */
  rpID: string;
  /** Origins passkeys may be used from. */
  passkeyOrigins: string[];
  appName: string;
  audit: AuditLog;
  mailer: Mailer;
  log: (line: string) => void;
  now?: () => number;
}

const TOTP_PATH = '/two-factor/verify-totp';
const SIGN_IN_PATH = '/sign-in/email';

/**
 * The routes that add or remove a second factor. On an account that has one, they need an aal2
 * session: otherwise the password alone (an aal1 session) could add a factor of its own, pass it and
 * reach aal2, or remove the owner's and start again from none.
 */
const FACTOR_CHANGES = new Set([
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
  '/passkey/generate-register-options',
  '/passkey/verify-registration',
  '/passkey/delete-passkey',
]);

/** The client address our server wrote into X-Forwarded-For (site/server/http/trusted-proxy.ts). */
export function clientAddressOf(headers: Headers | undefined | null): string | undefined {
  const value = headers?.get('x-forwarded-for')?.split(',')[0]?.trim();
  return value || undefined;
}

function codeHash(code: string): string {
  return createHash('sha256').update(code.trim()).digest('hex');
}

/** Sign-in lockout per account, across addresses: too many failures in the window and it waits. */
function createLockout(db: DatabaseSync, now: () => number) {
  const count = db.prepare('SELECT COUNT(*) AS n, MIN(at) AS first FROM staff_sign_in_failure WHERE email = ? AND at > ?');
  const add = db.prepare('INSERT INTO staff_sign_in_failure (email, address, at) VALUES (?, ?, ?)');
  const clear = db.prepare('DELETE FROM staff_sign_in_failure WHERE email = ?');
  const prune = db.prepare('DELETE FROM staff_sign_in_failure WHERE at <= ?');
  const windowMs = SIGN_IN_LIMITS.accountWindowSeconds * 1000;
  return {
    /** Seconds to wait, or 0. */
    retryAfter(email: string): number {
      const since = now() - windowMs;
      const row = count.get(email, since) as { n: number; first: number | null };
      if (row.n < SIGN_IN_LIMITS.accountFailures || row.first === null) return 0;
      return Math.max(1, Math.ceil((row.first + windowMs - now()) / 1000));
    },
    failed(email: string, address: string | undefined) {
      prune.run(now() - windowMs);
      add.run(email, address ?? null, now());
    },
    succeeded(email: string) {
      clear.run(email);
    },
  };
}

/** TOTP codes that work once: a used code is claimed (unique per user) before the library checks it. */
function createTotpReplayGuard(db: DatabaseSync, now: () => number) {
  const claim = db.prepare('INSERT INTO staff_totp_used (user_id, code_hash, at) VALUES (?, ?, ?)');
  const release = db.prepare('DELETE FROM staff_totp_used WHERE user_id = ? AND code_hash = ?');
  // A code is valid for its 30 s step and one step either side: 90 s covers its whole life.
  const prune = db.prepare('DELETE FROM staff_totp_used WHERE at <= ?');
  return {
    claim(userId: string, code: string): boolean {
      prune.run(now() - 120_000);
      try {
        claim.run(userId, codeHash(code), now());
        return true;
      } catch {
        return false;
      }
    },
    release(userId: string, code: string) {
      release.run(userId, codeHash(code));
    },
  };
}

function isError(value: unknown): value is APIError {
  return value instanceof APIError || (value as { name?: string } | null)?.name === 'APIError';
}

export function createStaffAuth(options: StaffAuthOptions) {
  const { db, audit, mailer, log } = options;
  const now = options.now ?? Date.now;
  const lockout = createLockout(db, now);
  const replay = createTotpReplayGuard(db, now);
  // Prepared when first asked: the library's tables are made after this set-up.
  let factorsQuery: ReturnType<DatabaseSync['prepare']> | undefined;
  /** The account's second factors: whether its authenticator app is on, and how many passkeys it has. */
  const factorsOf = (userId: string) => {
    factorsQuery ??= db.prepare(
      'SELECT COALESCE(u.twoFactorEnabled, 0) AS totp, (SELECT COUNT(*) FROM passkey p WHERE p.userId = u.id) AS passkeys FROM user u WHERE u.id = ?',
    );
    const row = factorsQuery.get(userId) as { totp: number; passkeys: number } | undefined;
    return { totp: Boolean(row?.totp), passkeys: Number(row?.passkeys ?? 0) };
  };
  const hasSecondFactor = (userId: string) => {
    const factors = factorsOf(userId);
    return factors.totp || factors.passkeys > 0;
  };
  const totpEnabled = (userId: string) => factorsOf(userId).totp;
  /** Accounts whose authenticator app a code is confirming right now (it was not enabled before the code). */
  const confirming = new Set<string>();

  /** Mail goes out after the answer: how long a mail server takes must not tell who has an account. */
  function sendLater(to: string, subject: string, text: string): void {
    mailer.send({ to, subject, text }).catch((error: unknown) => {
      log(`Staff accounts: the mail "${subject}" to ${to} could not be sent: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  /** A second factor added to an account is told to its owner, who can remove one they did not add. */
  function tellFactorAdded(user: { email: string }, what: string): void {
    sendLater(
      user.email,
      `${options.appName}: ${what} added to your staff account`,
      `${what[0]!.toUpperCase()}${what.slice(1)} was added to the staff account ${user.email} as a second factor.\n\nIf it was not you, sign in, remove it on the account page and change your password, or ask an owner to reset your second factors.\n`,
    );
  }

  /** The passkey plugin accepts an authenticator that only saw someone touch it; a second factor must also check the person. */
  function requireUserVerified(verified: boolean | undefined, status: 'BAD_REQUEST' | 'UNAUTHORIZED'): void {
    if (!verified) throw new APIError(status, { message: STAFF_MESSAGES.passkeyUnverified, code: 'PASSKEY_USER_NOT_VERIFIED' });
  }

  /** Who a pending second-factor step belongs to (the signed cookie names a verification row). */
  async function pendingTwoFactorUser(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]): Promise<string | undefined> {
    const session = await getSessionFromCtx(ctx).catch(() => null);
    if (session) return session.user.id;
    const cookie = ctx.context.createAuthCookie('two_factor');
    const signed = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!signed) return undefined;
    const verification = await ctx.context.internalAdapter.findVerificationValue(signed);
    return verification?.value ?? undefined;
  }

  const auth = betterAuth({
    appName: options.appName,
    baseURL: options.baseURL,
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: options.db,
    telemetry: { enabled: false },
    logger: { level: 'error', log: (level, message) => log(`Staff accounts (${level}): ${message}`) },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 10,
      maxPasswordLength: 200,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url }) {
        sendLater(
          user.email,
          `${options.appName}: reset your password`,
          `Someone asked to reset the password of the staff account ${user.email}.\n\nOpen this link within an hour to choose a new one (it works once):\n${url}\n\nIf it was not you, ignore this mail: the password stays as it is.\n`,
        );
      },
      onPasswordReset: async ({ user }, request) => {
        audit.record({
          event: 'PASSWORD_RECOVERY',
          actor: { id: user.id, email: user.email },
          address: clientAddressOf(request?.headers),
          detail: { step: 'password reset' },
        });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      additionalFields: {
        // aal2 once a second factor (TOTP, backup code or passkey) was passed for this session.
        aal: { type: 'string', required: false, defaultValue: 'aal1', input: false },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        [SIGN_IN_PATH]: { window: SIGN_IN_LIMITS.addressWindowSeconds, max: SIGN_IN_LIMITS.addressAttempts },
        '/two-factor/*': { window: SIGN_IN_LIMITS.addressWindowSeconds, max: SIGN_IN_LIMITS.addressAttempts },
        '/passkey/verify-authentication': { window: SIGN_IN_LIMITS.addressWindowSeconds, max: SIGN_IN_LIMITS.addressAttempts * 2 },
        '/request-password-reset': { window: 15 * 60, max: 3 },
        '/reset-password': { window: 15 * 60, max: 5 },
        '/change-password': { window: SIGN_IN_LIMITS.addressWindowSeconds, max: SIGN_IN_LIMITS.addressAttempts },
      },
    },
    advanced: {
      // Our server writes the socket's address (or a trusted proxy's word) here and drops the client's own.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      cookiePrefix: 'better-auth',
    },
    databaseHooks: {
      session: {
        update: {
          after: async (session, context) => {
            // The library renews a session's expiry while it is used (once a day).
            if (!('expiresAt' in session) || !session.userId) return;
            const user = await context?.context.internalAdapter.findUserById(session.userId);
            audit.record({
              event: 'TOKEN_REFRESHED',
              actor: user ? { id: user.id, email: user.email } : undefined,
              address: clientAddressOf(context?.request?.headers),
            });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const address = clientAddressOf(ctx.request?.headers ?? ctx.headers);
        if (ctx.path === SIGN_IN_PATH) {
          const body = ctx.body as { email?: unknown; password?: unknown } | undefined;
          const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
          if (!email || typeof body?.password !== 'string' || !body.password) {
            throw new APIError('BAD_REQUEST', { message: STAFF_MESSAGES.missingCredentials, code: 'MISSING_CREDENTIALS' });
          }
          const wait = lockout.retryAfter(email);
          if (wait > 0) {
            throw new APIError(
              'TOO_MANY_REQUESTS',
              { message: STAFF_MESSAGES.tooManyAttempts, code: 'ACCOUNT_LOCKED' },
              { 'Retry-After': String(wait) },
            );
          }
        }
        if (ctx.path === TOTP_PATH) {
          const code = (ctx.body as { code?: unknown } | undefined)?.code;
          const userId = await pendingTwoFactorUser(ctx);
          if (typeof code === 'string' && userId && !replay.claim(userId, code)) {
            throw new APIError('UNAUTHORIZED', { message: STAFF_MESSAGES.codeUsed, code: 'TOTP_CODE_USED' });
          }
          if (userId && !totpEnabled(userId)) confirming.add(userId);
        }
        if (FACTOR_CHANGES.has(ctx.path)) {
          const session = await getSessionFromCtx(ctx).catch(() => null);
          const aal = (session?.session as { aal?: string | null } | undefined)?.aal;
          if (session && aal !== 'aal2' && hasSecondFactor(session.user.id)) {
            throw new APIError('FORBIDDEN', { message: STAFF_MESSAGES.factorChangeNeedsAal2, code: 'SECOND_FACTOR_REQUIRED' });
          }
        }
        if (ctx.path === '/sign-out') {
          const session = await getSessionFromCtx(ctx).catch(() => null);
          if (session) audit.record({ event: 'SIGNED_OUT', actor: { id: session.user.id, email: session.user.email }, address });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const failed = isError(returned);
        const address = clientAddressOf(ctx.request?.headers ?? ctx.headers);
        const created = ctx.context.newSession;
        if (ctx.path === SIGN_IN_PATH) {
          const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? '')
            .trim()
            .toLowerCase();
          if (failed && returned.statusCode === 401) lockout.failed(email, address);
          else if (!failed) lockout.succeeded(email);
          // An account with an authenticator app is not signed in by its password: the answer asks for a code.
          if (created && !totpEnabled(created.user.id)) {
            audit.record({ event: 'SIGNED_IN', actor: created.user, address, detail: { method: 'password' } });
          }
          return;
        }
        if (ctx.path === TOTP_PATH || ctx.path === '/two-factor/verify-backup-code') {
          const userId = await pendingTwoFactorUser(ctx).catch(() => undefined);
          const code = (ctx.body as { code?: unknown } | undefined)?.code;
          if (failed) {
            if (ctx.path === TOTP_PATH && userId && typeof code === 'string') replay.release(userId, code);
            if (userId) confirming.delete(userId);
            return;
          }
          const session = created ?? (await getSessionFromCtx(ctx).catch(() => null));
          if (!session) return;
          await ctx.context.internalAdapter.updateSession(session.session.token, { aal: 'aal2' });
          const method = ctx.path === TOTP_PATH ? 'totp' : 'backup code';
          audit.record({ event: 'MFA_CHALLENGE_VERIFIED', actor: session.user, address, detail: { method } });
          // A code that confirms a new authenticator app comes from a signed-in session (which the
          // library replaces with a new one): that is no sign-in, and the account's owner is told.
          if (ctx.path === TOTP_PATH && confirming.delete(session.user.id)) {
            tellFactorAdded(session.user, 'an authenticator app');
          } else if (created) {
            lockout.succeeded(created.user.email);
            audit.record({ event: 'SIGNED_IN', actor: created.user, address, detail: { method: `password and ${method}` } });
          }
          return;
        }
        if (ctx.path === '/passkey/verify-authentication' && !failed && created) {
          // A passkey checks possession and the user (PIN or biometrics, required above): two factors at once.
          await ctx.context.internalAdapter.updateSession(created.session.token, { aal: 'aal2' });
          audit.record({ event: 'SIGNED_IN', actor: created.user, address, detail: { method: 'passkey' } });
          return;
        }
        if (failed) return;
        const session = ctx.context.session ?? created;
        const actor = session?.user;
        if (ctx.path === '/request-password-reset') {
          const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? '').trim();
          audit.record({ event: 'PASSWORD_RECOVERY', subject: email, address, detail: { step: 'link requested' } });
        } else if (ctx.path === '/change-password' || ctx.path === '/update-user') {
          audit.record({
            event: 'USER_UPDATED',
            actor,
            address,
            detail: { change: ctx.path === '/change-password' ? 'password' : 'profile' },
          });
        } else if (ctx.path === '/two-factor/enable' || ctx.path === '/two-factor/disable') {
          audit.record({
            event: 'USER_UPDATED',
            actor,
            address,
            detail: { change: ctx.path === '/two-factor/enable' ? 'authenticator app added' : 'authenticator app removed' },
          });
        } else if (ctx.path === '/passkey/verify-registration' || ctx.path === '/passkey/delete-passkey') {
          audit.record({
            event: 'USER_UPDATED',
            actor,
            address,
            detail: { change: ctx.path === '/passkey/delete-passkey' ? 'passkey removed' : 'passkey added' },
          });
          if (actor && ctx.path === '/passkey/verify-registration') tellFactorAdded(actor, 'a passkey');
        } else if (ctx.path === '/two-factor/generate-backup-codes') {
          audit.record({ event: 'USER_UPDATED', actor, address, detail: { change: 'backup codes renewed' } });
        } else if (ctx.path === '/revoke-session' || ctx.path === '/revoke-sessions' || ctx.path === '/revoke-other-sessions') {
          audit.record({ event: 'SIGNED_OUT', actor, address, detail: { scope: ctx.path.slice(1) } });
        }
      }),
    },
    plugins: [
      admin({ defaultRole: 'staff', adminRoles: ['owner'], roles: { owner: adminAc, staff: userAc } }),
      twoFactor({ issuer: options.appName, backupCodeOptions: { amount: 10, length: 10 } }),
      passkey({
        rpID: options.rpID,
        rpName: options.appName,
        origin: options.passkeyOrigins,
        authenticatorSelection: { userVerification: 'required' },
        registration: {
          afterVerification: ({ verification }) => requireUserVerified(verification.registrationInfo?.userVerified, 'BAD_REQUEST'),
        },
        authentication: {
          afterVerification: ({ verification }) => requireUserVerified(verification.authenticationInfo.userVerified, 'UNAUTHORIZED'),
        },
      }),
      apiKey({
        defaultPrefix: 'nt_',
        // Keys are for scripts and CI: no daily allowance (the library's default is 10 calls a day).
        rateLimit: { enabled: false },
        keyExpiration: { defaultExpiresIn: null, minExpiresIn: 1, maxExpiresIn: 3650 },
        enableMetadata: true,
      }),
    ],
  });
  return auth;
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;
