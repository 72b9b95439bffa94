import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { normalizeAddress, parseTrustProxy, resolveForwarded, TrustProxyError } from '../../site/server/http/trusted-proxy.ts';

/** TRUST_PROXY's forms, and reading X-Forwarded-For from the right past trusted hops only. */

function request(remoteAddress: string, headers: Record<string, string> = {}): IncomingMessage {
  return { socket: { remoteAddress }, headers } as unknown as IncomingMessage;
}

describe('TRUST_PROXY', () => {
  it('trusts nobody by default, loopback, addresses and ranges when told', () => {
    expect(parseTrustProxy(undefined).trusts('127.0.0.1')).toBe(false);
    expect(parseTrustProxy('false').trusts('127.0.0.1')).toBe(false);
    const loopback = parseTrustProxy('loopback');
    expect(['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'].map((a) => loopback.trusts(a))).toEqual([true, true, true, true]);
    expect(loopback.trusts('10.0.0.1')).toBe(false);
    const list = parseTrustProxy('10.0.0.0/8, 192.168.1.7, fd00::/8');
    expect(['10.1.2.3', '192.168.1.7', 'fd00::1'].map((a) => list.trusts(a))).toEqual([true, true, true]);
    expect(['192.168.1.8', '11.0.0.1', 'not an ip'].map((a) => list.trusts(a))).toEqual([false, false, false]);
  });

  it('refuses a value it cannot read, naming it', () => {
    expect(() => parseTrustProxy('true')).toThrow(TrustProxyError);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(
      'TRUST_PROXY has "10.0.0.0/33", which is not an address, a CIDR range or "loopback"',
    );
  });

  it('normalises the address forms a socket or a header may use', () => {
    expect(normalizeAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(normalizeAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(normalizeAddress('203.0.113.9:5123')).toBe('203.0.113.9');
  });
});

describe('resolving the client', () => {
  const proxies = parseTrustProxy('loopback, 10.0.0.0/8');

  it('takes the first untrusted hop from the right', () => {
    const seen = resolveForwarded(
      request('127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 198.51.100.4, 10.0.0.3', 'x-forwarded-proto': 'https' }),
      proxies,
    );
    expect(seen).toEqual({ client: '198.51.100.4', proto: 'https', viaProxy: true });
  });

  it('ignores the headers of a socket that is not a trusted proxy', () => {
    const seen = resolveForwarded(request('198.51.100.4', { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https' }), proxies);
    expect(seen).toEqual({ client: '198.51.100.4', proto: 'http', viaProxy: false });
  });

  it('stops at garbage, and keeps the proxy itself when it forwards nothing', () => {
    expect(resolveForwarded(request('127.0.0.1', { 'x-forwarded-for': 'evil, 10.0.0.3' }), proxies).client).toBe('10.0.0.3');
    expect(resolveForwarded(request('127.0.0.1'), proxies)).toEqual({ client: '127.0.0.1', proto: 'http', viaProxy: true });
    expect(resolveForwarded(request('127.0.0.1', { 'x-forwarded-proto': 'gopher' }), proxies).proto).toBe('http');
  });
});
