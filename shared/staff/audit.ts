import type { DatabaseSync } from 'node:sqlite';

/**
 * The audit trail (docs/behaviour/staff-accounts.md): the session events and the staff actions, each with who,
 * when and from which address. Never a secret: details are ids, names and counts only.
 */

export const AUDIT_EVENTS = [
  'SIGNED_IN',
  'SIGNED_OUT',
  'TOKEN_REFRESHED',
  'USER_UPDATED',
  'PASSWORD_RECOVERY',
  'MFA_CHALLENGE_VERIFIED',
  'RUN_STARTED',
  'PRODUCT_PUBLISHED',
  'STAFF_ADDED',
  'STAFF_REMOVED',
  'KEY_CREATED',
  'KEY_REVOKED',
] as const;

export type AuditEvent = (typeof AUDIT_EVENTS)[number];

export interface AuditEntry {
  id: number;
  at: string;
  event: AuditEvent;
  actorId: string | null;
  actorEmail: string | null;
  /** What the event is about: the member added, the key's name, the shop's product id. */
  subject: string | null;
  address: string | null;
  detail: Record<string, string | number | boolean> | null;
}

export interface AuditRecord {
  event: AuditEvent;
  actor?: { id: string; email: string } | undefined;
  subject?: string | undefined;
  address?: string | undefined;
  detail?: Record<string, string | number | boolean> | undefined;
}

export interface AuditLog {
  record(entry: AuditRecord): void;
  /** Newest first. */
  list(options?: { limit?: number; before?: number }): AuditEntry[];
}

interface Row {
  id: number;
  at: string;
  event: AuditEvent;
  actor_id: string | null;
  actor_email: string | null;
  subject: string | null;
  address: string | null;
  detail: string | null;
}

export function createAuditLog(db: DatabaseSync, now: () => Date = () => new Date()): AuditLog {
  const insert = db.prepare(
    'INSERT INTO staff_audit (at, event, actor_id, actor_email, subject, address, detail) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const select = db.prepare('SELECT * FROM staff_audit WHERE id < ? ORDER BY id DESC LIMIT ?');
  return {
    record({ event, actor, subject, address, detail }) {
      insert.run(
        now().toISOString(),
        event,
        actor?.id ?? null,
        actor?.email ?? null,
        subject ?? null,
        address ?? null,
        detail ? JSON.stringify(detail) : null,
      );
    },
    list({ limit = 200, before = Number.MAX_SAFE_INTEGER } = {}) {
      return (select.all(before, Math.min(Math.max(limit, 1), 1000)) as unknown as Row[]).map((row) => ({
        id: row.id,
        at: row.at,
        event: row.event,
        actorId: row.actor_id,
        actorEmail: row.actor_email,
        subject: row.subject,
        address: row.address,
        detail: row.detail ? (JSON.parse(row.detail) as AuditEntry['detail']) : null,
      }));
    },
  };
}
