/** JSON answers of the generator API: never cached, never sniffed, errors always `{error}`. */

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function errorResponse(status: number, error: string, headers: Record<string, string> = {}): Response {
  return jsonResponse({ error }, status, headers);
}
