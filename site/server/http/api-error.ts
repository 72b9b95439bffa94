/** A request the API refuses, with its HTTP status and a message for whoever sent it. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}
