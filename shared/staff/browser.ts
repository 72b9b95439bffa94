/** The browser-safe part of shared/staff: the words and the caller's shape, nothing of the server. */
export { SIGN_IN_LIMITS, STAFF_MESSAGES } from './messages.ts';
export type { Assurance, Role, Who } from './who.ts';
export type { AuditEntry } from './audit.ts';
export type { CreatedKey, KeySummary, Member, SessionSummary } from './staff.ts';
