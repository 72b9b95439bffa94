import { isRecord } from '../../../shared/common/index.ts';

/** JSON calls to /api/staff/* from the staff pages: same-origin cookie, `{error}` answers as errors. */

export class StaffApiError extends Error {
  override name = 'StaffApiError';
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export async function staffFetch<T>(path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/staff/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new StaffApiError(0, 'Could not reach the server; check the connection and try again');
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = isRecord(json) && typeof json.error === 'string' ? json.error : `HTTP error! status: ${response.status}`;
    throw new StaffApiError(response.status, message);
  }
  return json as T;
}
