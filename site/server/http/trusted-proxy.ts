import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { ErrorKind } from '../../../shared/common/index.ts';

/**
 * Which reverse proxy to believe (TRUST_PROXY), and what it says about the client
 * (docs/behaviour/operations.md). X-Forwarded-For is read from the right: each hop that is a trusted
 * proxy is skipped, and the first address that is not one is the client. A request whose socket
 * is not a trusted proxy is taken at its word: its own X-Forwarded-* headers are ignored, so a
 * client cannot claim another address or https. The one implementation the store's server, rate
 * limits and sign-in read.
 */

export interface TrustedProxies {
  /** True when `address` (as a socket or X-Forwarded-For shows it) is a proxy to believe. */
  trusts(address: string): boolean;
  /** For the log: "none", "loopback" or the list as given. */
  readonly description: string;
}

export interface ForwardedRequest {
  /** The client's address, after the trusted proxies. */
  client: string;
  /** The scheme the client used: the trusted proxy's X-Forwarded-Proto, else the socket's. */
  proto: 'http' | 'https';
  /** Whether the request came through a trusted proxy. */
  viaProxy: boolean;
}

export class TrustProxyError extends Error {
  readonly kind: ErrorKind = 'config';
  override name = 'TrustProxyError';
}

/** `::ffff:127.0.0.1` (an IPv4 client on a dual-stack socket) → `127.0.0.1`; brackets and ports dropped. */
export function normalizeAddress(raw: string): string {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address.toLowerCase();
}

/**
 * TRUST_PROXY: unset or `false` trusts no proxy; `loopback` trusts 127.0.0.0/8 and ::1 (a proxy on
 * the same machine); otherwise a comma-separated list of addresses and CIDR ranges.
 */
export function parseTrustProxy(value: string | undefined): TrustedProxies {
  const text = (value ?? '').trim();
  const list = new BlockList();
  if (text === '' || text === 'false') return { trusts: () => false, description: 'none' };
  for (const item of text.split(',').map((part) => part.trim())) {
    if (item === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address, bits, extra] = item.split('/');
    const family = isIP(address ?? '');
    const prefix = bits === undefined ? undefined : Number(bits);
    const maxBits = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= maxBits))) {
      throw new TrustProxyError(
        `TRUST_PROXY has "${item}", which is not an address, a CIDR range or "loopback" (e.g. TRUST_PROXY=loopback or 10.0.0.0/8)`,
      );
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, prefix, type);
  }
  return {
    trusts(address) {
      const normalized = normalizeAddress(address);
      const family = isIP(normalized);
      return family !== 0 && list.check(normalized, family === 6 ? 'ipv6' : 'ipv4');
    },
    description: text,
  };
}

function headerValues(value: string | string[] | undefined): string[] {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function resolveForwarded(req: IncomingMessage, proxies: TrustedProxies): ForwardedRequest {
  const socketAddress = normalizeAddress(req.socket.remoteAddress ?? '');
  const socketProto = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  if (!proxies.trusts(socketAddress)) return { client: socketAddress, proto: socketProto, viaProxy: false };
  let client = socketAddress;
  const hops = headerValues(req.headers['x-forwarded-for']).map(normalizeAddress);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!isIP(hop)) break; // garbage from further left is not an address to believe
    client = hop;
    if (!proxies.trusts(hop)) break;
  }
  // The proxy facing the client sets the scheme; nginx and Caddy replace any value the client sent.
  const claimed = headerValues(req.headers['x-forwarded-proto'])[0]?.toLowerCase();
  const proto = claimed === 'https' || claimed === 'http' ? claimed : socketProto;
  return { client, proto, viaProxy: true };
}

/**
 * Rewrites the request's forwarding headers to what was resolved, so whatever reads them later
 * (Astro's clientAddress, sign-in rate limits) sees the client, never a value a client forged.
 */
export function applyForwarded(req: IncomingMessage, forwarded: ForwardedRequest): void {
  req.headers['x-forwarded-for'] = forwarded.client;
  req.headers['x-forwarded-proto'] = forwarded.proto;
  if (!forwarded.viaProxy) {
    delete req.headers['x-forwarded-host'];
    delete req.headers['x-forwarded-port'];
    delete req.headers.forwarded;
  }
}
