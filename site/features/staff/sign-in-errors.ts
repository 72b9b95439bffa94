import { STAFF_MESSAGES } from '../../../shared/staff/browser.ts';

/** The library's sign-in failures as the words staff see (docs/behaviour/staff-accounts.md); an unknown account and a wrong password read the same. */
export function signInErrorText(
  error: { status?: number; code?: string | undefined; message?: string | undefined } | null | undefined,
): string {
  if (!error) return STAFF_MESSAGES.wrongCredentials;
  if (error.status === 429) return STAFF_MESSAGES.tooManyAttempts;
  if (error.code === 'MISSING_CREDENTIALS') return STAFF_MESSAGES.missingCredentials;
  if (error.code === 'TOTP_CODE_USED') return STAFF_MESSAGES.codeUsed;
  if (error.code === 'INVALID_CODE' || error.code === 'INVALID_BACKUP_CODE') return STAFF_MESSAGES.wrongCode;
  if (error.code === 'PASSKEY_USER_NOT_VERIFIED') return STAFF_MESSAGES.passkeyUnverified;
  if (error.status === 401 || error.status === 403) return STAFF_MESSAGES.wrongCredentials;
  if (error.status === 0 || error.status === undefined) return 'Could not reach the server; check the connection and try again.';
  return error.message?.trim() || STAFF_MESSAGES.wrongCredentials;
}
