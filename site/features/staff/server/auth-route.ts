import type { APIContext } from 'astro';
import { errorResponse } from '../../../server/http/json-response.ts';

/** The auth library's handler behind /api/auth/*, from the staff service in `locals`. */
export async function authRoute(context: Pick<APIContext, 'request' | 'locals'>): Promise<Response> {
  const staff = context.locals.staff;
  if (!staff) return errorResponse(503, 'Staff accounts are not available on this server');
  return staff.handle(context.request);
}
