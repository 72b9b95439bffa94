import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { migrate } from './migrations.ts';
import type { ErrorKind } from '../../common/index.ts';

/** How long a writer waits for another process's write lock before giving up. */
export const BUSY_TIMEOUT_MS = 15_000;

export class ShopDatabaseError extends Error {
  readonly kind: ErrorKind = 'internal';
  override name = 'ShopDatabaseError';
}

/**
 * Opens (creating if needed) the shop's SQLite file: WAL so readers never block the writer and two
 * processes can share it, a busy timeout so concurrent writers queue instead of failing.
 */
export function openDatabase(file: string): DatabaseSync {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS, enableForeignKeyConstraints: true });
  } catch (error) {
    throw new ShopDatabaseError(`Cannot open the shop database at ${file}: ${(error as Error).message}`, { cause: error });
  }
  try {
    db.exec('PRAGMA journal_mode = WAL');
    // NORMAL is crash-safe in WAL mode (a killed process loses nothing committed).
    db.exec('PRAGMA synchronous = NORMAL');
    migrate(db);
  } catch (error) {
    db.close();
    throw new ShopDatabaseError(`Cannot prepare the shop database at ${file}: ${(error as Error).message}`, { cause: error });
  }
  return db;
}

/** Runs `work` as one write transaction; BEGIN IMMEDIATE takes the write lock up front so it cannot deadlock on upgrade. */
export function writeTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  let result: T;
  try {
    result = work();
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  db.exec('COMMIT');
  return result;
}

/** `db.prepare`, once per SQL text: a store's statements are prepared on first use and kept. */
export function statementCache(db: DatabaseSync): (sql: string) => StatementSync {
  const statements = new Map<string, StatementSync>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
}
