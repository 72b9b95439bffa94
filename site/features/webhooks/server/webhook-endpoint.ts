import type { APIRoute } from 'astro';
import { errorResponse, jsonResponse } from '../../../server/http/json-response.ts';
import { readRawBody } from '../../../server/http/read-raw-body.ts';
import { ApiError } from '../../../server/http/api-error.ts';

/** POST /api/webhooks/shopify: the raw body and headers go to the store server's receiver (locals). */

const NOT_SERVED = 'Shopify webhooks are not available on this server: they run under npm start.';

export const shopifyWebhook: APIRoute = async ({ request, locals }) => {
  const receiver = locals.webhooks;
  if (!receiver) return errorResponse(503, NOT_SERVED);
  let body: Uint8Array;
  try {
    body = await readRawBody(request);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error.status, error.message, error.headers);
    throw error;
  }
  const answer = receiver.receive(request.headers, body);
  return jsonResponse(answer.body, answer.status);
};

export const webhookOtherMethods: APIRoute = () => errorResponse(405, 'Use POST for this endpoint', { Allow: 'POST' });
