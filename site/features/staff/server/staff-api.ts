import type { APIContext } from 'astro';
import { z } from 'zod';
import { clientAddressOf, STAFF_MESSAGES, StaffError } from '../../../../shared/staff/index.ts';
import { ApiError, apiErrorResponse } from '../../../server/http/api-error.ts';
import { errorResponse, jsonResponse } from '../../../server/http/json-response.ts';
import { readJsonBody } from '../../../server/http/read-json-body.ts';
import { guardStaff, sameOrigin, STAFF_NOT_SERVED } from './staff-guard.ts';

/**
 * /api/staff/*: what the account page, the owner page and the setup page call
 * (docs/behaviour/staff-accounts.md). The library's own routes (sign-in, second factors, passkeys, sessions)
 * are under /api/auth/*.
 */

const email = z
  .string({ error: 'email is missing' })
  .trim()
  .toLowerCase()
  .max(254, 'email must be at most 254 characters')
  // The auth library's own rule, so that an address accepted here is never refused there.
  .pipe(z.email('email must be an email address'));
const name = z.string().trim().max(80, 'name must be at most 80 characters').optional();
const password = z
  .string({ error: 'password is missing' })
  .min(10, 'password must be at least 10 characters')
  .max(200, 'password must be at most 200 characters');

const AddMember = z.object({ email, name, role: z.enum(['owner', 'staff'], { error: 'role must be owner or staff' }) });
const MemberAction = z.object({
  email,
  action: z.enum(['remove', 'reset-factors', 'revoke'], { error: 'action must be remove, reset-factors or revoke' }),
});
const CreateKey = z.object({
  name: z.string().trim().min(1, 'name must not be empty').max(32, 'name must be at most 32 characters'),
  expiresInDays: z.number().int().min(1).max(3650).optional(),
});
const RevokeKey = z.object({ id: z.string().min(1).max(100) });
const EndSessions = z.union([z.object({ id: z.string().min(1).max(100) }), z.object({ all: z.literal(true) })], {
  error: 'send {id} for one session or {all: true} for every one',
});
const setupToken = z.string({ error: 'token is missing' }).max(200, 'token must be at most 200 characters');
const SetupCheck = z.object({ token: setupToken });
const Setup = z.object({ token: setupToken.min(10), email, name, password });

async function bodyOf<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const parsed = schema.safeParse(await readJsonBody(request));
  if (!parsed.success) throw new ApiError('bad-request', parsed.error.issues.map((issue) => issue.message).join('; '));
  return parsed.data;
}

function failure(error: unknown): Response {
  if (error instanceof ApiError) return apiErrorResponse(error);
  if (error instanceof StaffError || (error as { name?: string })?.name === 'StaffError')
    return errorResponse((error as StaffError).status, (error as Error).message);
  throw error;
}

// The client address the server resolved (site/server/http/trusted-proxy.ts), as the sign-in limits read it.
const addressOf = (request: Request) => clientAddressOf(request.headers);

export async function staffApi(context: Pick<APIContext, 'request' | 'locals' | 'params'>): Promise<Response> {
  const route = `${context.request.method} ${context.params.path ?? ''}`;
  const { request } = context;
  try {
    // The setup link is its own credential: no account exists yet.
    // The token goes in a POST body, never in a URL, which proxies and access logs keep.
    if (route === 'POST setup/check' || route === 'POST setup') {
      const staff = context.locals.staff;
      if (!staff) throw new ApiError('unavailable', STAFF_NOT_SERVED);
      if (!sameOrigin(request)) throw new ApiError('forbidden', STAFF_MESSAGES.crossOrigin);
      if (route === 'POST setup/check') {
        const { token } = await bodyOf(request, SetupCheck);
        return jsonResponse({ valid: staff.setupLinkValid(token), accounts: staff.hasAccounts() });
      }
      const body = await bodyOf(request, Setup);
      const member = await staff.redeemSetupLink(
        body.token,
        { email: body.email, name: body.name ?? '', password: body.password },
        addressOf(request),
      );
      return jsonResponse({ member });
    }

    const owner = route.endsWith(' members') || route === 'POST member' || route === 'GET audit';
    const { who, staff } = await guardStaff(context, { owner });
    const address = addressOf(request);

    switch (route) {
      case 'GET me':
        return jsonResponse({ who });
      case 'GET sessions':
        return jsonResponse({ sessions: await staff.listSessions(request, who) });
      case 'POST sessions/end': {
        const body = await bodyOf(request, EndSessions);
        return jsonResponse({ ended: await staff.endSessions(who, body, address) });
      }
      case 'GET members':
        return jsonResponse({ members: staff.listMembers() });
      case 'POST members': {
        const body = await bodyOf(request, AddMember);
        const member = await staff.addMember(
          { email: body.email, role: body.role, ...(body.name ? { name: body.name } : {}) },
          who,
          address,
        );
        // The new member chooses a password through the same one-time link as "Forgot password".
        await staff.auth.api.requestPasswordReset({ body: { email: member.email, redirectTo: '/generator/reset-password' } });
        return jsonResponse({ member }, 201);
      }
      case 'POST member': {
        const body = await bodyOf(request, MemberAction);
        if (body.action === 'remove') await staff.removeMember(body.email, who, address);
        else if (body.action === 'reset-factors') await staff.resetSecondFactors(body.email, who, address);
        else await staff.revokeAccess(body.email, who, address);
        return jsonResponse({ ok: true });
      }
      case 'GET audit':
        return jsonResponse({ entries: staff.audit.list({ limit: 200 }) });
      case 'GET keys':
        return jsonResponse({ keys: staff.listKeys(who.role === 'owner' ? undefined : who.email) });
      case 'POST keys': {
        if (who.via !== 'session') throw new ApiError('forbidden', 'Create keys from a signed-in page or with tshirt-gen staff key create');
        const body = await bodyOf(request, CreateKey);
        const key = await staff.createKey(
          who.email,
          { name: body.name, aal: who.aal, ...(body.expiresInDays ? { expiresInDays: body.expiresInDays } : {}) },
          who,
          address,
        );
        return jsonResponse({ key }, 201);
      }
      case 'POST keys/revoke': {
        const body = await bodyOf(request, RevokeKey);
        await staff.revokeKey(body.id, who, address);
        return jsonResponse({ ok: true });
      }
      default:
        throw new ApiError('not-found', 'There is no such staff endpoint');
    }
  } catch (error) {
    return failure(error);
  }
}
