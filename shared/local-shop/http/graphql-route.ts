import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRecord } from '../../common/index.ts';
import { DISCARD_LIMITS, MAX_REQUEST_BODY_BYTES, readRequestBody, type DiscardLimits } from '../../http/index.ts';
import { STOREFRONT_TOKEN_HEADER } from '../../storefront/browser.ts';
import { createContext } from '../graphql/context.ts';
import { runGraphql, type GraphqlRequest, type IncrementalAnswer } from '../graphql/execute.ts';
import { secretMatches } from '../secret.ts';
import type { LocalShopStore } from '../store/store.ts';
import type { ShopUrls } from '../urls.ts';
import { CORS_HEADERS } from './cors.ts';
import { BASE_HEADERS, sendJson, sendJsonError } from './responses.ts';

/** Shopify's header for private (server-side) Storefront tokens. */
export const PRIVATE_TOKEN_HEADER = 'Shopify-Storefront-Private-Token';

/** `POST /api/2025-07/graphql.json`: token, body limits, JSON envelope, then the GraphQL run. */

/** Past this much of the rest of an oversized body, the shop stops reading it and closes the connection. */
const DISCARD: DiscardLimits = { ...DISCARD_LIMITS, bytes: 16 * MAX_REQUEST_BODY_BYTES };

export interface GraphqlRouteOptions {
  store: LocalShopStore;
  urls: ShopUrls;
  token: string | undefined;
  onInternalError: (error: unknown) => void;
}

type Envelope = { ok: true; request: GraphqlRequest } | { ok: false; message: string };

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
  if (variables !== undefined && variables !== null && !isRecord(variables))
    return { ok: false, message: '"variables" must be a JSON object' };
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return { ok: false, message: '"operationName" must be a string' };
  }
  return { ok: true, request: { query, variables: variables ?? {}, operationName: operationName ?? undefined } };
}

export async function handleGraphql(req: IncomingMessage, res: ServerResponse, options: GraphqlRouteOptions): Promise<void> {
  // The public header (browsers) or Shopify's private one (server-side storefronts) carries the token.
  const presented = req.headers[STOREFRONT_TOKEN_HEADER.toLowerCase()] ?? req.headers[PRIVATE_TOKEN_HEADER.toLowerCase()];
  if (options.token !== undefined && !secretMatches(options.token, presented)) {
    // Don't read a body we will not use; the client may still be sending it.
    req.resume();
    sendJsonError(res, 401, `Invalid or missing Storefront access token (${STOREFRONT_TOKEN_HEADER})`, CORS_HEADERS, 'UNAUTHORIZED');
    return;
  }
  const body = await readRequestBody(req, MAX_REQUEST_BODY_BYTES, DISCARD);
  if (!body.ok) {
    if (body.reason === 'too-large') {
      // Connection: close, so the rest of the body is discarded and the connection closed once this answer is out.
      sendJsonError(
        res,
        413,
        `The request body is larger than ${MAX_REQUEST_BODY_BYTES} bytes`,
        { ...CORS_HEADERS, Connection: 'close' },
        'PAYLOAD_TOO_LARGE',
      );
    }
    return;
  }
  const envelope = readEnvelope(body.body, req.headers['content-type'] ?? '');
  if (!envelope.ok) {
    sendJsonError(res, 400, envelope.message, CORS_HEADERS, 'BAD_REQUEST');
    return;
  }
  const context = createContext(options.store, options.urls);
  const incremental = /\bmultipart\/mixed\b/i.test(req.headers.accept ?? '');
  const result = await runGraphql(envelope.request, context, options.onInternalError, { incremental });
  if ('initial' in result) return sendMultipart(res, result);
  sendJson(res, 200, result, CORS_HEADERS);
}

/** Shopify's incremental delivery: `multipart/mixed; boundary="-"`, one JSON part per payload, `-----` at the end. */
async function sendMultipart(res: ServerResponse, answer: IncrementalAnswer): Promise<void> {
  res.writeHead(200, { ...BASE_HEADERS, ...CORS_HEADERS, 'Content-Type': 'multipart/mixed; boundary="-"', 'Cache-Control': 'no-store' });
  const part = (payload: unknown) => `\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify(payload)}`;
  res.write(part(answer.initial));
  for await (const payload of answer.subsequent) res.write(part(payload));
  res.end('\r\n-----\r\n');
}
