import type { IncomingMessage, ServerResponse } from 'node:http';
import { STOREFRONT_TOKEN_HEADER } from '../../storefront/constants.ts';
import { createContext } from '../graphql/context.ts';
import { runGraphql, type GraphqlRequest } from '../graphql/execute.ts';
import type { LocalShopStore } from '../store/store.ts';
import type { ShopUrls } from '../urls.ts';
import { tokenMatches } from './access-token.ts';
import { CORS_HEADERS } from './cors.ts';
import { readBody } from './read-body.ts';
import { sendJson, sendJsonError } from './responses.ts';

/** `POST /api/2025-07/graphql.json`: token, body limits, JSON envelope, then the GraphQL run. */

export const MAX_BODY_BYTES = 1024 * 1024;
const DRAIN_LIMIT_BYTES = 16 * MAX_BODY_BYTES;

export interface GraphqlRouteOptions {
  store: LocalShopStore;
  urls: ShopUrls;
  token: string | undefined;
  onInternalError: (error: unknown) => void;
}

type Envelope = { ok: true; request: GraphqlRequest } | { ok: false; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body as a GraphQL request: `{query, variables?, operationName?}` as JSON, or a bare document as application/graphql. */
export function readEnvelope(body: Buffer, contentType: string): Envelope {
  const text = body.toString('utf8');
  if (/^application\/graphql\b/i.test(contentType)) {
    return { ok: true, request: { query: text, variables: {}, operationName: undefined } };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The request body is not valid JSON: ${(error as Error).message}` };
  }
  if (Array.isArray(parsed)) return { ok: false, message: 'Batched GraphQL requests (a JSON array) are not supported' };
  if (!isRecord(parsed)) return { ok: false, message: 'The request body must be a JSON object {query, variables, operationName}' };
  const { query, variables, operationName } = parsed;
  if (typeof query !== 'string' || query.trim() === '') return { ok: false, message: 'The request body has no "query" string' };
  if (variables !== undefined && variables !== null && !isRecord(variables)) return { ok: false, message: '"variables" must be a JSON object' };
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return { ok: false, message: '"operationName" must be a string' };
  }
  return { ok: true, request: { query, variables: variables ?? {}, operationName: operationName ?? undefined } };
}

export async function handleGraphql(req: IncomingMessage, res: ServerResponse, options: GraphqlRouteOptions): Promise<void> {
  if (options.token !== undefined && !tokenMatches(options.token, req.headers[STOREFRONT_TOKEN_HEADER.toLowerCase()])) {
    // Don't read a body we will not use; the client may still be sending it.
    req.resume();
    sendJsonError(res, 401, `Invalid or missing Storefront access token (${STOREFRONT_TOKEN_HEADER})`, CORS_HEADERS, 'UNAUTHORIZED');
    return;
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > DRAIN_LIMIT_BYTES) {
    // Connection: close makes Node drop the socket after this answer instead of reading the body.
    sendJsonError(res, 413, `The request body is larger than ${MAX_BODY_BYTES} bytes`, { ...CORS_HEADERS, Connection: 'close' }, 'PAYLOAD_TOO_LARGE');
    return;
  }
  const body = await readBody(req, MAX_BODY_BYTES, DRAIN_LIMIT_BYTES);
  if (!body.ok) {
    if (body.reason === 'too-large') {
      sendJsonError(res, 413, `The request body is larger than ${MAX_BODY_BYTES} bytes`, CORS_HEADERS, 'PAYLOAD_TOO_LARGE');
    }
    return;
  }
  const envelope = readEnvelope(body.body, req.headers['content-type'] ?? '');
  if (!envelope.ok) {
    sendJsonError(res, 400, envelope.message, CORS_HEADERS, 'BAD_REQUEST');
    return;
  }
  const context = createContext(options.store, options.urls);
  const result = await runGraphql(envelope.request, context, options.onInternalError);
  sendJson(res, 200, result, CORS_HEADERS);
}
