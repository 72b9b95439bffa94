import { ApiError } from './api-error.ts';
import { MAX_REQUEST_BODY_BYTES } from '../../../shared/http/index.ts';
import { readRawBody } from './read-raw-body.ts';

/** A request's JSON body, read within the size limit (see `readRawBody`), then decoded as UTF-8 and parsed. */
export async function readJsonBody(request: Request, limit = MAX_REQUEST_BODY_BYTES): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError('unsupported-media-type', 'The request body must be JSON (Content-Type: application/json)');
  }
  if (!request.body) throw new ApiError('bad-request', 'The request has no body; send a JSON object');
  const bytes = await readRawBody(request, limit);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError('bad-request', 'The request body is not valid UTF-8');
  }
  if (!text.trim()) throw new ApiError('bad-request', 'The request body is empty; send a JSON object');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('bad-request', 'The request body is not valid JSON');
  }
}
