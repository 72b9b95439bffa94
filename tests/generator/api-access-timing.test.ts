import { createHash } from 'node:crypto';
import * as crypto from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The generator's access rule, by construction: every token comparison is `crypto.timingSafeEqual`
 * over two 32-byte digests, whatever the candidate's length (no wall clock involved), and a request
 * that names no host never gets into a token-less generator.
 */

// Passes every call through to Node's implementation, recording the arguments.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const { createGeneratorAccess, tokenDigest, tokenMatches } = await import('../../site/features/generator/server/access.ts');
const timingSafeEqual = vi.mocked(crypto.timingSafeEqual);

const TOKEN = 'staff-7c1e-2b9f-correct-horse';
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

beforeEach(() => {
  timingSafeEqual.mockClear();
});

describe('tokenMatches: constant time by construction', () => {
  it('is true for the token and false for anything else, and never throws on a length', () => {
    const expected = tokenDigest(TOKEN);
    expect(tokenMatches(TOKEN, expected)).toBe(true);
    for (const candidate of [
      '',
      'x',
      TOKEN.slice(0, -1),
      TOKEN.slice(0, 1),
      `${TOKEN}x`,
      TOKEN.toUpperCase(),
      TOKEN.repeat(100),
      'ü'.repeat(40),
      `${TOKEN}\u0000`,
    ]) {
      expect(tokenMatches(candidate, expected), JSON.stringify(candidate.slice(0, 20))).toBe(false);
    }
  });

  it('hashes with SHA-256, so every candidate is compared as 32 bytes', () => {
    expect(tokenDigest(TOKEN)).toEqual(digest(TOKEN));
    expect(tokenDigest('a').byteLength).toBe(32);
    expect(tokenDigest('a'.repeat(10_000)).byteLength).toBe(32);
  });

  it('compares through crypto.timingSafeEqual, with two 32-byte inputs, once per check', () => {
    const expected = tokenDigest(TOKEN);
    for (const candidate of ['short', TOKEN.slice(0, 10), TOKEN, `${TOKEN}-and-more`]) {
      timingSafeEqual.mockClear();
      tokenMatches(candidate, expected);
      expect(timingSafeEqual).toHaveBeenCalledTimes(1);
      const [a, b] = timingSafeEqual.mock.calls[0]!;
      expect([a.byteLength, b.byteLength]).toEqual([32, 32]);
      expect(Buffer.from(a as Uint8Array)).toEqual(digest(candidate));
    }
  });
});

describe('the access guard uses that comparison', () => {
  const access = createGeneratorAccess({ token: TOKEN, host: '0.0.0.0' });
  const check = (authorization?: string) => access.check(new Headers(authorization === undefined ? {} : { authorization }));

  it.each([
    ['no Authorization header', undefined, 0],
    ['a scheme other than Bearer', `Basic ${TOKEN}`, 0],
    ['a wrong token', 'Bearer not-the-token', 1],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, 12)}`, 1],
    ['all but its last character', `Bearer ${TOKEN.slice(0, -1)}`, 1],
    ['a token of another length', `Bearer ${TOKEN}${TOKEN}`, 1],
    ['the token with a character changed', `Bearer ${TOKEN.slice(0, -1)}X`, 1],
  ] as const)('%s → 401, %i constant-time comparison(s)', (_, authorization, comparisons) => {
    const decision = check(authorization);
    expect(decision).toMatchObject({ allowed: false, status: 401 });
    expect(JSON.stringify(decision)).not.toContain(TOKEN);
    expect(timingSafeEqual).toHaveBeenCalledTimes(comparisons);
    for (const [a, b] of timingSafeEqual.mock.calls) expect([a.byteLength, b.byteLength]).toEqual([32, 32]);
  });

  it('lets the token through, compared the same way', () => {
    expect(check(`Bearer ${TOKEN}`)).toEqual({ allowed: true });
    expect(timingSafeEqual).toHaveBeenCalledTimes(1);
    expect(Buffer.from(timingSafeEqual.mock.calls[0]![1] as Uint8Array)).toEqual(digest(TOKEN));
  });
});

describe('without a token, on a loopback address', () => {
  const access = createGeneratorAccess({ token: undefined, host: '127.0.0.1' });

  it('refuses a request that names no host, or one it cannot read, as it refuses another host', () => {
    for (const headers of [
      new Headers(),
      new Headers({ host: '' }),
      new Headers({ host: 'bad host name:1' }),
      new Headers({ host: 'shop.example' }),
    ]) {
      expect(access.check(headers), JSON.stringify(headers.get('host'))).toMatchObject({ allowed: false, status: 403 });
    }
  });

  it('answers requests addressed to this machine', () => {
    for (const host of ['127.0.0.1:4321', 'localhost:4321', '[::1]:4321', 'localhost']) {
      expect(access.check(new Headers({ host })), host).toEqual({ allowed: true });
    }
  });
});
