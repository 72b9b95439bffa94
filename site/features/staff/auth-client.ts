import { passkeyClient } from '@better-auth/passkey/client';
import { twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/client';

/**
 * The browser's client for /api/auth/*: the session (kept in an HttpOnly cookie, never in script
 * reach), sign-in with a password, a second factor or a passkey, and sign-out, which other tabs hear
 * through storage events. One instance per page, made on first use (never during the build).
 */

function create() {
  return createAuthClient({
    basePath: '/api/auth',
    plugins: [twoFactorClient(), passkeyClient()],
    // A session revoked on the server is noticed at the page's next call; this also checks on focus.
    sessionOptions: { refetchOnWindowFocus: true },
  });
}

export type AuthClient = ReturnType<typeof create>;

let client: AuthClient | undefined;

export function authClient(): AuthClient {
  client ??= create();
  return client;
}
