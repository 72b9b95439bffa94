import type { APIRoute } from 'astro';
import { staffApi } from '../../../features/staff/server/staff-api.ts';

/** /api/staff/*: the account page, the owner page and the setup link. */
export const prerender = false;

export const ALL: APIRoute = (context) => staffApi(context);
