import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import type { GeneratorServices } from './services.ts';
import { ApiError } from '../../../server/http/api-error.ts';
import { errorResponse, jsonResponse } from '../../../server/http/json-response.ts';
import { parseBody } from './request-schemas.ts';
import { readJsonBody } from '../../../server/http/read-json-body.ts';

/**
 * The shape every generator endpoint shares: the services from `locals`, the access check before
 * anything is read, the body read with its limit and validated, and failures as `{error}` JSON with
 * the right status. Nothing but a message ever reaches the caller; details go to the server log.
 */

const NOT_SERVED = 'The generator API is not available on this server: it runs under npm start (or astro dev).';

/** A failure thrown by the services or a provider, as an HTTP answer. */
function failureResponse(error: unknown, services: GeneratorServices, what: string): Response {
  if (error instanceof ApiError) return errorResponse(error.status, error.message, error.headers);
  // The services live outside this bundle, so their errors are recognised by shape, not class.
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 500;
  const message = error instanceof Error && error.message ? error.message : `The ${what} failed`;
  services.log(`Generator API: ${what} failed (${status}): ${message}`);
  return errorResponse(status >= 400 && status <= 599 ? status : 500, message);
}

/**
 * A state-changing request sent by a page on another site: its Origin names another host than the
 * one it was sent to. Browsers always send Origin on a POST, so a missing one is a script, which the
 * token (or the loopback rule) already covers.
 */
function crossSiteRefusal(headers: Headers): Response | undefined {
  const origin = headers.get('origin');
  if (!origin) return undefined;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    originHost = '';
  }
  if (originHost && originHost === headers.get('host')) return undefined;
  return errorResponse(403, 'The generator only accepts changes sent from its own pages.');
}

/** A JSON POST endpoint: `run` gets the validated body and answers with a JSON-able value. */
export function generatorPost<S extends z.ZodType>(
  what: string,
  schema: S,
  run: (services: GeneratorServices, body: z.output<S>, signal: AbortSignal, context: APIContext) => Promise<unknown>,
): APIRoute {
  return async (context) => {
    const services = context.locals.generator;
    if (!services) return errorResponse(503, NOT_SERVED);
    const access = services.authorize(context.request.headers);
    if (!access.allowed) return errorResponse(access.status, access.error, access.headers);
    const crossSite = crossSiteRefusal(context.request.headers);
    if (crossSite) return crossSite;
    try {
      const body = parseBody(schema, await readJsonBody(context.request));
      return jsonResponse(await run(services, body, context.request.signal, context));
    } catch (error) {
      return failureResponse(error, services, what);
    }
  };
}

/** A GET endpoint; `bearer: false` for URLs a browser loads by itself (images). */
export function generatorGet(
  what: string,
  run: (services: GeneratorServices, context: APIContext) => Promise<Response>,
  { bearer = true } = {},
): APIRoute {
  return async (context) => {
    const services = context.locals.generator;
    if (!services) return errorResponse(503, NOT_SERVED);
    const access = services.authorize(context.request.headers, { bearer });
    if (!access.allowed) return errorResponse(access.status, access.error, access.headers);
    try {
      return await run(services, context);
    } catch (error) {
      return failureResponse(error, services, what);
    }
  };
}

/** Every other method: 405 with the one that works. */
export function onlyMethod(method: 'GET' | 'POST'): APIRoute {
  return () => errorResponse(405, `Use ${method} for this endpoint`, { Allow: method });
}
