/** Staff accounts: the front door of shared/staff (docs/behaviour/staff-accounts.md). */
export { AUDIT_EVENTS, type AuditEntry, type AuditEvent, type AuditLog, type AuditRecord } from './audit.ts';
export { clientAddressOf } from './auth.ts';
export { staffFiles } from './database.ts';
export { SIGN_IN_LIMITS, STAFF_MESSAGES } from './messages.ts';
export {
  openStaff,
  SETUP_LINK_HOURS,
  type CreatedKey,
  type KeySummary,
  type Member,
  type SessionSummary,
  type SetupLinkUse,
  type Staff,
  type StaffOptions,
  staffOptionsFromConfig,
} from './staff.ts';
export { StaffError } from './staff-error.ts';
export type { Assurance, Role, Who } from './who.ts';
