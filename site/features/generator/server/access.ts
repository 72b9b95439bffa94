import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * Who may use the generator API:
 * - GENERATOR_TOKEN set: every call carries `Authorization: Bearer <token>` (compared in constant time);
 * - no token, server on a loopback address: anyone on this machine, but only requests addressed to a
 *   loopback name (a page on another site cannot reach it through DNS rebinding);
 * - no token, server reachable from other machines: nobody; the API answers 503 and says why.
 */

export type AccessMode = 'token' | 'loopback' | 'off';

export type AccessDecision =
  | { allowed: true }
  | { allowed: false; status: 401 | 403 | 503; error: string; headers?: Record<string, string> };

export interface GeneratorAccess {
  readonly mode: AccessMode;
  /** `bearer: false` for URLs a browser loads by itself (design images), which cannot carry a header. */
  check(headers: Headers, options?: { bearer?: boolean }): AccessDecision;
  /** One line for the startup log; never the token. */
  describe(): string;
}

export interface AccessOptions {
  token: string | undefined;
  /** The address the server listens on (HOST). */
  host: string;
}

/** True for addresses only this machine can reach: 127.0.0.0/8, ::1, localhost. */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const mapped = name.startsWith('::ffff:') ? name.slice(7) : name;
  if (isIP(mapped) === 4) return mapped.startsWith('127.');
  return isIP(name) === 6 && (name === '::1' || name === '0:0:0:0:0:0:0:1');
}

/** The host name of a Host header ("127.0.0.1:4321" → "127.0.0.1", "[::1]:4321" → "::1"). */
function hostName(header: string | null): string | undefined {
  if (!header) return undefined;
  try {
    return new URL(`http://${header}`).hostname;
  } catch {
    return undefined;
  }
}

/** SHA-256 of a token: every candidate becomes 32 bytes, so the comparison below never depends on its length. */
export function tokenDigest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Whether `candidate` is the token whose digest is `expected`, in constant time: two fixed-length
 * digests compared with timingSafeEqual, so neither a prefix nor a length can be probed by timing.
 */
export function tokenMatches(candidate: string, expected: Buffer): boolean {
  return timingSafeEqual(tokenDigest(candidate), expected);
}

const UNAUTHORIZED = { 'WWW-Authenticate': 'Bearer realm="generator"' };

export function createGeneratorAccess({ token, host }: AccessOptions): GeneratorAccess {
  const expected = token ? tokenDigest(token) : undefined;
  const mode: AccessMode = expected ? 'token' : isLoopbackHost(host) ? 'loopback' : 'off';
  const offReason = `The generator is switched off: this server listens on ${host}, which other machines can reach, and GENERATOR_TOKEN is not set. Set GENERATOR_TOKEN to use the generator.`;

  return {
    mode,
    check(headers, { bearer = true } = {}) {
      if (mode === 'off') return { allowed: false, status: 503, error: offReason };
      if (!expected) {
        // No Host header (HTTP/1.0 allows it) says nothing about where the request was sent: refuse it too.
        const name = hostName(headers.get('host'));
        if (!name || !isLoopbackHost(name)) {
          return {
            allowed: false,
            status: 403,
            error: 'Without GENERATOR_TOKEN the generator only answers requests addressed to this machine (localhost or 127.0.0.1).',
          };
        }
        return { allowed: true };
      }
      if (!bearer) return { allowed: true };
      const match = /^Bearer[ ]+(\S+)\s*$/i.exec(headers.get('authorization') ?? '');
      if (!match?.[1])
        return {
          allowed: false,
          status: 401,
          error: 'The generator needs a staff token: send Authorization: Bearer <token>.',
          headers: UNAUTHORIZED,
        };
      if (!tokenMatches(match[1], expected))
        return { allowed: false, status: 401, error: 'The staff token is not valid.', headers: UNAUTHORIZED };
      return { allowed: true };
    },
    describe() {
      if (mode === 'token') return 'staff token required (GENERATOR_TOKEN)';
      if (mode === 'loopback') return `open to this machine only (listening on ${host}, no GENERATOR_TOKEN)`;
      return `OFF: listening on ${host}, reachable from other machines, without GENERATOR_TOKEN; set GENERATOR_TOKEN to use it`;
    },
  };
}
