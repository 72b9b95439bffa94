import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * The staff database, `DATA_DIR/staff/staff.sqlite`: the auth library's tables (users, sessions,
 * accounts, second factors, passkeys, API keys, rate limits) plus ours (audit log, setup links,
 * per-account sign-in failures, used TOTP codes). One file, shared by `npm start` and the CLI (WAL).
 */

export interface StaffFiles {
  dir: string;
  database: string;
  /** Signs cookies and encrypts TOTP secrets; made once, readable only by this user. */
  secretFile: string;
}

export function staffFiles(dataDir: string): StaffFiles {
  const dir = path.join(dataDir, 'staff');
  return { dir, database: path.join(dir, 'staff.sqlite'), secretFile: path.join(dir, 'secret') };
}

export function openStaffDatabase(files: StaffFiles): DatabaseSync {
  mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  const db = new DatabaseSync(files.database);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
  db.exec(`
    CREATE TABLE IF NOT EXISTS staff_audit (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      at TEXT NOT NULL,
      event TEXT NOT NULL,
      actor_id TEXT,
      actor_email TEXT,
      subject TEXT,
      address TEXT,
      detail TEXT
    );
    CREATE INDEX IF NOT EXISTS staff_audit_at ON staff_audit (at);
    CREATE TABLE IF NOT EXISTS staff_setup_link (
      token_hash TEXT PRIMARY KEY,
      expires_at INTEGER NOT NULL,
      used_at INTEGER
    );
    CREATE TABLE IF NOT EXISTS staff_sign_in_failure (
      email TEXT NOT NULL,
      address TEXT,
      at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS staff_sign_in_failure_email ON staff_sign_in_failure (email, at);
    CREATE TABLE IF NOT EXISTS staff_totp_used (
      user_id TEXT NOT NULL,
      code_hash TEXT NOT NULL,
      at INTEGER NOT NULL,
      PRIMARY KEY (user_id, code_hash)
    );
  `);
  return db;
}

/** The secret from STAFF_AUTH_SECRET, else the one kept beside the database (made on first use). */
export function staffSecret(files: StaffFiles, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  if (existsSync(files.secretFile)) return readFileSync(files.secretFile, 'utf8').trim();
  mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(files.secretFile, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process (the CLI beside npm start) made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(files.secretFile, 'utf8').trim();
    throw error;
  }
  chmodSync(files.secretFile, 0o600);
  return secret;
}
