/**
 * The host part of a URL for reaching a server that listens on `host`: a wildcard address becomes
 * the loopback address of its family, and an IPv6 address is bracketed.
 */
export function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
