import type { ServerResponse } from 'node:http';

/** Response helpers that always send `X-Content-Type-Options: nosniff` and an exact Content-Length. */

export type Headers = Record<string, string | number>;

export const BASE_HEADERS: Headers = { 'X-Content-Type-Options': 'nosniff' };

export function send(res: ServerResponse, status: number, body: string | Buffer, headers: Headers, headOnly = false): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { ...BASE_HEADERS, ...headers, 'Content-Length': bytes.byteLength });
  res.end(headOnly ? undefined : bytes);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Headers = {}): void {
  send(res, status, JSON.stringify(body), { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
}

/** A JSON error in the GraphQL envelope, so GraphQL clients can read it like any other error. */
export function sendJsonError(res: ServerResponse, status: number, message: string, headers: Headers = {}, code?: string): void {
  sendJson(res, status, { errors: [{ message, ...(code ? { extensions: { code } } : {}) }] }, headers);
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Headers = {}, headOnly = false): void {
  send(res, status, text, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers }, headOnly);
}
