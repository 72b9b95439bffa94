import { ERROR_KINDS, type ErrorKind } from '../../../shared/common/index.ts';
import { errorResponse } from './json-response.ts';

/** A request the API refuses: its kind gives the HTTP status (docs/behaviour/errors.md#error-kinds), the message is for whoever sent it. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly kind: ErrorKind;
  readonly headers: Record<string, string>;
  constructor(kind: ErrorKind, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.kind = kind;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_KINDS[this.kind].status;
  }
}

/** The refusal as the API's `{error}` answer, with its kind's status and its headers. */
export function apiErrorResponse(error: ApiError): Response {
  return errorResponse(error.status, error.message, error.headers);
}
