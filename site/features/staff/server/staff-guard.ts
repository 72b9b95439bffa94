import type { APIContext } from 'astro';
import { STAFF_MESSAGES, type Staff, type Who } from '../../../../shared/staff/index.ts';
import { errorResponse } from '../../../server/http/json-response.ts';

/**
 * The check in front of every staff endpoint (the generator API, the owner's and account
 * endpoints): a signed-in staff session or an API key (401 otherwise), and for a state-changing
 * request from a browser, the same origin (403 otherwise). docs/behaviour/staff-accounts.md.
 */

export type Guarded = { ok: true; who: Who; staff: Staff } | { ok: false; response: Response };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const NOT_SERVED = 'Staff accounts are not available on this server: they run under npm start (or astro dev).';

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

export async function guardStaff(context: Pick<APIContext, 'request' | 'locals'>, { owner = false } = {}): Promise<Guarded> {
  const staff = context.locals.staff;
  if (!staff) return { ok: false, response: errorResponse(503, NOT_SERVED) };
  const { request } = context;
  if (!SAFE_METHODS.has(request.method) && !sameOrigin(request)) {
    return { ok: false, response: errorResponse(403, STAFF_MESSAGES.crossOrigin) };
  }
  const who = await staff.who(request);
  if (!who) {
    return { ok: false, response: errorResponse(401, STAFF_MESSAGES.signInNeeded, { 'WWW-Authenticate': 'ApiKey header="x-api-key"' }) };
  }
  if (owner && who.role !== 'owner') return { ok: false, response: errorResponse(403, STAFF_MESSAGES.ownerOnly) };
  return { ok: true, who, staff };
}
