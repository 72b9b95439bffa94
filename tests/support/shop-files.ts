import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * A look straight into an embedded shop's files after a crash: SQLite's own checks, and every product
 * whole (variants, and image rows whose files are on disk). Opened read-only, closed before returning.
 */

export interface ShopFileReport {
  integrity: string;
  foreignKeyProblems: number;
  products: { title: string; variants: number; images: number; missingImageFiles: number }[];
}

export function inspectShopFiles(dataDir: string): ShopFileReport {
  const root = path.join(dataDir, 'shop');
  const db = new DatabaseSync(path.join(root, 'shop.sqlite'), { readOnly: true });
  try {
    const integrity = (db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .join('; ');
    const foreignKeyProblems = db.prepare('PRAGMA foreign_key_check').all().length;
    const rows = db
      .prepare(
        `SELECT p.id, p.title,
          (SELECT COUNT(*) FROM variants v WHERE v.product_id = p.id) AS variants
        FROM products p ORDER BY p.id`,
      )
      .all() as { id: number; title: string; variants: number }[];
    const files = db.prepare('SELECT file FROM images WHERE product_id = ?');
    const products = rows.map((row) => {
      const images = (files.all(row.id) as { file: string }[]).map((image) => image.file);
      const missingImageFiles = images.filter((file) => !existsSync(path.join(root, 'images', file))).length;
      return { title: row.title, variants: Number(row.variants), images: images.length, missingImageFiles };
    });
    return { integrity, foreignKeyProblems, products };
  } finally {
    db.close();
  }
}
