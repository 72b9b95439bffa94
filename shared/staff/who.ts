/**
 * Who is calling: what the generator API (and anything else that records an actor) gets from a
 * request's session cookie or API key (docs/behaviour/staff-accounts.md).
 */

export type Role = 'owner' | 'staff';

/** aal2: this session passed a second factor (TOTP, backup code or passkey). */
export type Assurance = 'aal1' | 'aal2';

export interface Who {
  id: string;
  email: string;
  name: string;
  role: Role;
  aal: Assurance;
  via: 'session' | 'api-key';
}
