import type { APIRoute } from 'astro';
import { authRoute } from '../../../features/staff/server/auth-route.ts';

/** /api/auth/*: the auth library's routes (sign-in, second factors, passkeys, sessions, password reset). */
export const prerender = false;

export const ALL: APIRoute = authRoute;
