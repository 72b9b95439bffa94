import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';

/** manifest.json at the root of every archive: what it holds, to check a restore against. */

export const BACKUP_FORMAT = 'neural-threads-backup';

/** A path inside `data/` as backups write them: relative, with forward slashes, never leaving it. */
export function isInsidePath(value: string): boolean {
  return (
    value.length > 0 &&
    !value.startsWith('/') &&
    !value.includes('\\') &&
    value.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

const dataPath = z.string().refine(isInsidePath, 'a path inside the data directory');

export const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  databases: z.array(z.object({ path: dataPath, tables: z.record(z.string(), z.number().int().min(0)) })),
  files: z.array(z.object({ path: dataPath, size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export async function sha256File(file: string): Promise<{ sha256: string; size: number }> {
  const bytes = await readFile(file);
  return { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.byteLength };
}

/**
 * `PRAGMA integrity_check` and the row count of every table, of a copy no one else has open. The
 * copy is switched out of WAL mode so it is one self-contained file (the shop turns WAL back on).
 */
export function inspectDatabase(file: string): { integrity: string; tables: Record<string, number> } {
  const db = new DatabaseSync(file);
  try {
    db.exec('PRAGMA journal_mode = DELETE');
    const integrity = (db.prepare('PRAGMA integrity_check').all() as Array<{ integrity_check: string }>)
      .map((r) => r.integrity_check)
      .join('; ');
    const names = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as Array<{
      name: string;
    }>;
    const tables: Record<string, number> = {};
    for (const { name } of names) {
      const row = db.prepare(`SELECT COUNT(*) AS n FROM "${name.replaceAll('"', '""')}"`).get() as { n: number };
      tables[name] = Number(row.n);
    }
    return { integrity, tables };
  } finally {
    db.close();
  }
}
