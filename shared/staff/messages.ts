/**
 * The words staff see about their accounts, in one place (quoted verbatim in docs/behaviour/staff-accounts.md),
 * and the sign-in limits. Browser-safe: the sign-in form imports this file.
 */

export const STAFF_MESSAGES = {
  missingCredentials: 'You must provide either an email or phone number and a password',
  /** The same answer for an unknown account and a wrong password. */
  wrongCredentials: 'That email and password do not match a staff account.',
  tooManyAttempts: 'Too many attempts. Wait a moment and try again.',
  codeUsed: 'That code was already used. Wait for the next one.',
  wrongCode: 'That code is not valid. Check it and try again.',
  signedOutElsewhere: 'You were signed out. Sign in again to go on: this page keeps what it has.',
  signInNeeded: 'Sign in with a staff account to use the generator, or send an API key in the x-api-key header.',
  crossOrigin: 'Cross-origin requests are refused.',
  aal2Needed: 'Publishing to the Shopify store needs a second factor: sign in with your authenticator app or a passkey.',
  ownerOnly: 'Only an owner can do this.',
  passkeyUnverified:
    'That passkey did not check that it is you (with a PIN, a fingerprint or a face): use one that does, or sign in with your password.',
  factorChangeNeedsAal2:
    'Changing the second factors of an account that has one needs a session that passed one: sign in again with your authenticator app or a passkey.',
  resetSent: 'If that address belongs to a staff account, a link to reset its password is on its way.',
} as const;

export const SIGN_IN_LIMITS = {
  /** Password and second-factor attempts per client address per window. */
  addressAttempts: 5,
  addressWindowSeconds: 60,
  /** Failed passwords per account (from any address) before it waits for the window to pass. */
  accountFailures: 10,
  accountWindowSeconds: 15 * 60,
} as const;
