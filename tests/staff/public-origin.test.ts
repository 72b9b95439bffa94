import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStaff, type Staff } from '../../shared/staff/index.ts';

/**
 * Staff accounts on a public https origin (SITE_URL=https://…, behind a proxy): the session cookie
 * is `__Secure-` prefixed with Secure, passkeys are bound to SITE_URL's host name and origin, and the
 * audit trail records the client address the server resolved (docs/behaviour/staff-accounts.md).
 */

const SITE = 'https://store.example.com';
const PASSWORD = 'correct horse battery staple';
let root: string;
let staff: Staff;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'staff-public-origin-'));
  // The server listens on loopback; SITE_URL is what browsers see.
  staff = await openStaff({ dataDir: root, siteUrl: SITE, otherOrigins: ['http://127.0.0.1:4321'], appName: 'Test shop', log: () => {} });
  await staff.addMember({ email: 'owner@example.com', role: 'owner', password: PASSWORD });
});

afterAll(() => {
  staff?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('staff accounts on an https SITE_URL', () => {
  it('set a __Secure- session cookie with Secure and record the resolved client address', async () => {
    const answer = await staff.handle(
      new Request(`${SITE}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE, 'x-forwarded-for': '198.51.100.7' },
        body: JSON.stringify({ email: 'owner@example.com', password: PASSWORD }),
      }),
    );
    expect(answer.status).toBe(200);
    const session = answer.headers.getSetCookie().find((c) => c.startsWith('__Secure-better-auth.session_token='));
    expect(session, answer.headers.getSetCookie().join('\n')).toBeDefined();
    expect(session).toMatch(/;\s*Secure(;|$)/i);
    expect(staff.audit.list().find((e) => e.event === 'SIGNED_IN')?.address).toBe('198.51.100.7');
  });

  it("bind passkeys to SITE_URL's host name and origin, not the server's loopback address", async () => {
    const answer = await staff.handle(new Request(`${SITE}/api/auth/passkey/generate-authenticate-options`, { headers: { origin: SITE } }));
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { rpId?: string }).rpId).toBe('store.example.com');
    const options = (staff.auth.options.plugins ?? []).find((p) => p.id === 'passkey') as { options?: { origin?: unknown } } | undefined;
    expect(options?.options?.origin).toEqual([SITE]);
  });
});
