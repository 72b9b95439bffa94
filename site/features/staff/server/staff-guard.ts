import type { APIContext } from 'astro';
import { STAFF_MESSAGES, type Staff, type Who } from '../../../../shared/staff/index.ts';
import { ApiError } from '../../../server/http/api-error.ts';

/**
 * The check in front of every staff endpoint (the generator API, the owner's and account
 * endpoints): a signed-in staff session or an API key (unauthenticated, 401, otherwise), and for a
 * state-changing request from a browser, the same origin (forbidden, 403, otherwise).
 * docs/behaviour/staff-accounts.md.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The answer of the staff routes on a server without staff accounts (the guard says where they run). */
export const STAFF_NOT_SERVED = 'Staff accounts are not available on this server';
const NOT_SERVED = `${STAFF_NOT_SERVED}: they run under npm start (or astro dev).`;

/**
 * Whether a request comes from this site's own pages. A browser names the page's origin in `Origin`
 * on every cross-origin request and on same-origin POSTs; `Sec-Fetch-Site` says the same in other words.
 */
export function sameOrigin(request: Request, trusted: readonly string[] = []): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null) return origin === new URL(request.url).origin || trusted.includes(origin);
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin';
  // No browser header at all: a script. It holds no ambient credential unless it sends a cookie.
  return !request.headers.has('cookie');
}

/** Who is calling and the staff service; an ApiError (unavailable, forbidden, unauthenticated) when the request may not go on. */
export async function guardStaff(
  context: Pick<APIContext, 'request' | 'locals'>,
  { owner = false } = {},
): Promise<{ who: Who; staff: Staff }> {
  const staff = context.locals.staff;
  if (!staff) throw new ApiError('unavailable', NOT_SERVED);
  const { request } = context;
  if (!SAFE_METHODS.has(request.method) && !sameOrigin(request)) throw new ApiError('forbidden', STAFF_MESSAGES.crossOrigin);
  const who = await staff.who(request);
  if (!who) throw new ApiError('unauthenticated', STAFF_MESSAGES.signInNeeded, { 'WWW-Authenticate': 'ApiKey header="x-api-key"' });
  if (owner && who.role !== 'owner') throw new ApiError('forbidden', STAFF_MESSAGES.ownerOnly);
  return { who, staff };
}
