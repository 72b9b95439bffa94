import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import { clientAddressOf, type Staff, type Who } from '../../../../shared/staff/index.ts';
import { guardStaff } from '../../staff/server/staff-guard.ts';
import type { GeneratorServices } from './services.ts';
import { ApiError, apiErrorResponse } from '../../../server/http/api-error.ts';
import { errorResponse, jsonResponse } from '../../../server/http/json-response.ts';
import { parseBody } from './request-schemas.ts';
import { readJsonBody } from '../../../server/http/read-json-body.ts';

/**
 * The shape every generator endpoint shares: the services from `locals`, the staff check before
 * anything is read (a session or an API key, same-origin; docs/behaviour/staff-accounts.md), the body read with its limit and validated, and failures as `{error}` JSON with
 * the right status. Nothing but a message ever reaches the caller; details go to the server log.
 */

const NOT_SERVED = 'The generator API is not available on this server: it runs under npm start (or astro dev).';

/** A failure thrown by the services or a provider, as an HTTP answer. */
function failureResponse(error: unknown, services: GeneratorServices, what: string): Response {
  if (error instanceof ApiError) return apiErrorResponse(error);
  // The services live outside this bundle, so their errors are recognised by shape, not class.
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 500;
  const message = error instanceof Error && error.message ? error.message : `The ${what} failed`;
  services.log(`Generator API: ${what} failed (${status}): ${message}`);
  return errorResponse(status >= 400 && status <= 599 ? status : 500, message);
}

/** Who is calling, for the audit trail and the checks that depend on the caller. */
export interface Caller {
  who: Who;
  staff: Staff;
  address: string | undefined;
}

/** The services and the caller once the staff check passed and the generator can work; otherwise the answer that says why not. */
async function admit(context: APIContext): Promise<{ services: GeneratorServices; caller: Caller } | Response> {
  const services = context.locals.generator;
  try {
    if (!services) throw new ApiError('unavailable', NOT_SERVED);
    const { who, staff } = await guardStaff(context);
    const problem = services.problem();
    if (problem) throw new ApiError('unavailable', problem);
    return { services, caller: { who, staff, address: clientAddressOf(context.request.headers) } };
  } catch (error) {
    if (error instanceof ApiError) return apiErrorResponse(error);
    throw error;
  }
}

/** An endpoint behind the staff check: `handle`'s failures become `{error}` answers. */
function generatorEndpoint(
  what: string,
  handle: (services: GeneratorServices, caller: Caller, context: APIContext) => Promise<Response>,
): APIRoute {
  return async (context) => {
    const admitted = await admit(context);
    if (admitted instanceof Response) return admitted;
    try {
      return await handle(admitted.services, admitted.caller, context);
    } catch (error) {
      return failureResponse(error, admitted.services, what);
    }
  };
}

/** A JSON POST endpoint: `run` gets the validated body and answers with a JSON-able value. */
export function generatorPost<S extends z.ZodType>(
  what: string,
  schema: S,
  run: (services: GeneratorServices, body: z.output<S>, signal: AbortSignal, caller: Caller, context: APIContext) => Promise<unknown>,
): APIRoute {
  return generatorEndpoint(what, async (services, caller, context) => {
    const body = parseBody(schema, await readJsonBody(context.request));
    return jsonResponse(await run(services, body, context.request.signal, caller, context));
  });
}

/** A GET endpoint (design images too: the browser sends the session cookie with them). */
export function generatorGet(
  what: string,
  run: (services: GeneratorServices, context: APIContext, caller: Caller) => Promise<Response>,
): APIRoute {
  return generatorEndpoint(what, (services, caller, context) => run(services, context, caller));
}

/** Every other method: 405 with the one that works. */
export function onlyMethod(method: 'GET' | 'POST'): APIRoute {
  return () => errorResponse(405, `Use ${method} for this endpoint`, { Allow: method });
}
