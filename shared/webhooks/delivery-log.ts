import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * The webhook deliveries already handled, by X-Shopify-Webhook-Id, in SQLite under DATA_DIR so a
 * restarted server still drops a delivery Shopify sends again. Shopify retries a delivery for up to
 * 48 hours, so ids are kept for a week and older ones pruned.
 */

export const DELIVERY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export interface DeliveryLog {
  readonly file: string;
  /** Records the id; false when it was already there (a repeat delivery). */
  firstTime(id: string, topic: string, now?: number): boolean;
  count(): number;
  isOpen(): boolean;
  close(): void;
}

export function deliveryLogFile(dataDir: string): string {
  return path.join(dataDir, 'webhooks', 'deliveries.sqlite');
}

export function openDeliveryLog(dataDir: string): DeliveryLog {
  const file = deliveryLogFile(dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file, { timeout: 5000 });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('CREATE TABLE IF NOT EXISTS deliveries (id TEXT PRIMARY KEY, topic TEXT NOT NULL, received_at INTEGER NOT NULL) STRICT');
  db.exec('CREATE INDEX IF NOT EXISTS deliveries_received_at ON deliveries (received_at)');
  const insert = db.prepare('INSERT OR IGNORE INTO deliveries (id, topic, received_at) VALUES (?, ?, ?)');
  const prune = db.prepare('DELETE FROM deliveries WHERE received_at < ?');
  const count = db.prepare('SELECT COUNT(*) AS n FROM deliveries');
  let lastPrune = 0;
  return {
    file,
    firstTime(id, topic, now = Date.now()) {
      if (now - lastPrune > 60 * 60 * 1000) {
        prune.run(now - DELIVERY_RETENTION_MS);
        lastPrune = now;
      }
      return insert.run(id, topic, now).changes === 1;
    },
    count: () => Number((count.get() as { n: number }).n),
    isOpen: () => db.isOpen,
    close() {
      if (db.isOpen) db.close();
    },
  };
}
