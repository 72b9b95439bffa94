import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '../../shared/staff/index.ts';
import {
  AUTH_CHECK,
  ensureStaff,
  harness,
  hydrated,
  newPage,
  signInAsStaff,
  staffAccounts,
  unexpectedErrors,
  type StaffAccount,
} from './harness.ts';

/**
 * Staff accounts in Chromium (docs/behaviour/staff-accounts.md): the setup link makes the owner; sign-in with
 * a password, with an authenticator app (codes computed here) and with a passkey (a CDP virtual
 * authenticator); recovery through the outbox; a sign-out seen by another tab; an owner removing a
 * member whose open page falls back to the sign-in form. Runs before any other journey makes an account.
 */

const OWNER: StaffAccount = { email: 'owner@example.com', password: 'owner password for journeys' };

async function go(page: Page, pathname: string, origin = harness.store.siteUrl): Promise<void> {
  await page.goto(new URL(pathname, origin).toString());
  await hydrated(page);
}

function workspace(page: Page) {
  return page.getByRole('heading', { name: 'Ready to Generate Products' });
}

function signInForm(page: Page) {
  return page.getByRole('form', { name: 'Sign in' });
}

function headerSignOut(page: Page) {
  return page.getByRole('navigation', { name: 'Staff' }).getByRole('button', { name: 'Sign out', exact: true });
}

async function signOutFromHeader(page: Page): Promise<void> {
  await headerSignOut(page).click();
  await signInForm(page).waitFor();
}

/** The newest mail to `to` in the store's outbox. */
function newestMailTo(to: string): string {
  const outbox = path.join(harness.store.dataDir, 'outbox');
  const mails = readdirSync(outbox)
    .sort()
    .reverse()
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'));
  const mail = mails.find((text) => text.includes(`To: ${to}`));
  if (!mail) throw new Error(`no mail to ${to} in ${outbox}`);
  return mail;
}

async function withVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

export function staffJourneys(): void {
  describe('staff accounts', () => {
    it('the setup link npm start printed creates the owner, once', async () => {
      const link = /Create the first owner within 24 hours \(the link works once\): (\S+)/.exec(harness.store.output())?.[1];
      expect(link, harness.store.output()).toMatch(/\/generator\/setup#[\w-]{43}$/);
      const { page, messages, close } = await newPage();
      await page.goto(link!);
      await hydrated(page);
      const form = page.getByRole('form', { name: 'Create the owner account' });
      await form.getByLabel('Name').fill('Olive Owner');
      await form.getByLabel('Email').fill(OWNER.email);
      await form.getByLabel('Password').fill(OWNER.password);
      await form.getByRole('button', { name: 'Create the owner' }).click();
      await page.getByRole('heading', { name: 'The owner account is ready' }).waitFor();
      expect(page.url()).not.toContain('#'); // the used token leaves the address bar
      expect((await staffAccounts()).listMembers()).toMatchObject([{ email: OWNER.email, role: 'owner', name: 'Olive Owner' }]);

      // A fresh load: going to the same path with only a new fragment would not reload the page.
      await page.goto('about:blank');
      await page.goto(link!);
      await hydrated(page);
      await page.getByRole('heading', { name: 'This setup link does not work' }).waitFor();
      expect(unexpectedErrors(messages)).toEqual([]);
      await close();
    });

    it('an authenticator app is set up with a code computed here; sign-in then asks for the next code', async () => {
      const tina = await ensureStaff({ email: 'tina@example.com', password: 'tina password for journeys' });
      const { page, messages, close } = await newPage();
      await go(page, '/generator');
      await signInAsStaff(page, tina);
      await workspace(page).waitFor();
      await go(page, '/generator/account');
      const setup = page.getByRole('form', { name: 'Set up authenticator app' });
      await setup.getByLabel('Your password').fill(tina.password);
      await setup.getByRole('button', { name: 'Set up authenticator app' }).click();
      const confirm = page.getByRole('form', { name: 'Confirm authenticator app' });
      await confirm.waitFor();
      expect(await page.getByRole('img', { name: 'QR code for your authenticator app' }).count()).toBe(1);
      const secret = (await confirm.locator('code').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      const totp = new TOTP({ secret });
      await confirm.getByLabel('Verification code').fill(totp.generate());
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('list', { name: 'Backup codes' }).waitFor();
      expect(await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').count()).toBe(10);

      await signOutFromHeader(page);
      await go(page, '/generator');
      await signInAsStaff(page, tina);
      const code = page.getByLabel('Verification code');
      await code.waitFor();
      await code.fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText(STAFF_MESSAGES.wrongCode).waitFor();
      // A fresh sign-in for the right code: the last one counted a failure on its one-time cookie.
      await go(page, '/generator');
      await signInAsStaff(page, tina);
      await page.getByLabel('Verification code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
      await page.getByRole('button', { name: 'Verify' }).click();
      await workspace(page).waitFor();
      await go(page, '/generator/account');
      await page.getByText('with a second factor').waitFor();
      expect(unexpectedErrors(messages, [AUTH_CHECK, /401/])).toEqual([]);
      await close();
    });

    it('a passkey made through a CDP virtual authenticator signs in on its own (aal2)', async () => {
      const pat = await ensureStaff({ email: 'pat@example.com', password: 'pat password for journeys' });
      // WebAuthn binds passkeys to a domain name: on a loopback address that is localhost.
      const origin = harness.store.siteUrl.replace('127.0.0.1', 'localhost');
      const { page, context, messages, close } = await newPage();
      await withVirtualAuthenticator(context, page);
      await go(page, '/generator', origin);
      await signInAsStaff(page, pat);
      await workspace(page).waitFor();
      await go(page, '/generator/account', origin);
      const add = page.getByRole('form', { name: 'Add passkey' });
      await add.getByLabel('Passkey name').fill('Journey laptop');
      await add.getByRole('button', { name: 'Add passkey' }).click();
      await page.getByText('Passkey added.').waitFor();
      await page
        .getByRole('list', { name: 'Your passkeys' })
        .getByText(/Journey laptop/)
        .waitFor();

      await signOutFromHeader(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await workspace(page).waitFor();
      await go(page, '/generator/account', origin);
      await page.getByText('with a second factor').waitFor();
      const audit = (await staffAccounts()).audit.list({ limit: 50 });
      expect(audit.find((e) => e.event === 'SIGNED_IN' && e.actorEmail === pat.email && e.detail?.method === 'passkey')).toBeDefined();
      expect(unexpectedErrors(messages, [AUTH_CHECK])).toEqual([]);
      await close();
    });

    it('"Forgot password" mails a one-time link to the outbox, which sets a new password', async () => {
      const rae = await ensureStaff({ email: 'rae@example.com', password: 'rae forgot this password' });
      const { page, messages, close } = await newPage();
      await go(page, '/generator');
      await signInForm(page).waitFor();
      await page.getByRole('button', { name: 'Forgot password' }).click();
      const forgot = page.getByRole('form', { name: 'Forgot password' });
      await forgot.getByLabel('Email').fill(rae.email);
      await forgot.getByRole('button', { name: 'Send the link' }).click();
      await page.getByText(STAFF_MESSAGES.resetSent).waitFor();
      const link = /(http\S+\/api\/auth\/reset-password\/\S+)/.exec(newestMailTo(rae.email))![1]!;
      expect(harness.store.output()).not.toContain(link);

      await page.goto(link);
      await hydrated(page);
      expect(new URL(page.url()).pathname).toBe('/generator/reset-password');
      await page.locator('#staff-new-password').fill('rae remembers this one');
      await page.getByRole('button', { name: 'Set the password' }).click();
      await page.getByRole('heading', { name: 'Password changed' }).waitFor();

      await go(page, '/generator');
      await signInAsStaff(page, rae);
      await page.getByText(STAFF_MESSAGES.wrongCredentials).waitFor();
      await signInAsStaff(page, { email: rae.email, password: 'rae remembers this one' });
      await workspace(page).waitFor();
      expect(unexpectedErrors(messages, [AUTH_CHECK, /401/])).toEqual([]);
      await close();
    });

    it('a sign-out in one tab shows the sign-in form in the other within 2 s, without a reload', async () => {
      const { page, context, messages, close } = await newPage();
      await go(page, '/generator');
      await signInAsStaff(page);
      await workspace(page).waitFor();
      const other = await context.newPage();
      await go(other, '/generator');
      await workspace(other).waitFor();
      await other.evaluate(() => {
        (window as unknown as { loadedAt: number }).loadedAt = performance.timeOrigin;
      });

      const start = Date.now();
      await headerSignOut(page).click();
      await signInForm(other).waitFor({ timeout: 2_000 });
      const ms = Date.now() - start;
      console.log(`sign-out seen by the other tab in ${ms} ms`);
      // The same document: it was not reloaded.
      expect(await other.evaluate(() => (window as unknown as { loadedAt?: number }).loadedAt)).toBeDefined();
      expect(unexpectedErrors(messages, [AUTH_CHECK])).toEqual([]);
      await close();
    });

    it("an owner removes a member on the team page; the member's open page falls back to sign-in at its next call", async () => {
      const leaver = await ensureStaff({ email: 'leaver@example.com', password: 'leaver password for journeys' });
      const member = await newPage();
      await go(member.page, '/generator');
      await signInAsStaff(member.page, leaver);
      await workspace(member.page).waitFor();

      const owner = await newPage();
      await go(owner.page, '/generator/team');
      await signInAsStaff(owner.page, OWNER);
      const row = owner.page.locator(`tr[data-email="${leaver.email}"]`);
      await row.waitFor();
      owner.page.once('dialog', (dialog) => void dialog.accept());
      await owner.page.getByRole('button', { name: `Remove ${leaver.email}` }).click();
      await owner.page.getByText(`${leaver.email} removed`).waitFor();
      await row.waitFor({ state: 'detached' });
      await owner.page.getByRole('cell', { name: 'STAFF_REMOVED' }).first().waitFor();

      await member.page.getByRole('button', { name: /^Generate \d+ Products$/ }).click();
      await signInForm(member.page).waitFor();
      await member.page.getByText(STAFF_MESSAGES.signedOutElsewhere).waitFor();
      expect(unexpectedErrors(owner.messages, [AUTH_CHECK])).toEqual([]);
      await owner.close();
      await member.close();
    });
  });
}
