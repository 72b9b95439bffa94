import type { APIContext } from 'astro';
import { ApiError, apiErrorResponse } from '../../../server/http/api-error.ts';
import { STAFF_NOT_SERVED } from './staff-guard.ts';

/** The auth library's handler behind /api/auth/*, from the staff service in `locals`. */
export async function authRoute(context: Pick<APIContext, 'request' | 'locals'>): Promise<Response> {
  const staff = context.locals.staff;
  if (!staff) return apiErrorResponse(new ApiError('unavailable', STAFF_NOT_SERVED));
  return staff.handle(context.request);
}
