import type { DatabaseSync, SQLOutputValue } from 'node:sqlite';
import type { SelectedOption } from './records.ts';
import { int, nullableInt, nullableText, selectedOptionList, stringList, text } from './rows.ts';

/**
 * A light in-memory view of every product (what sorting, filtering, search and collections need),
 * rebuilt only when the database changed: `PRAGMA data_version` moves when another process commits,
 * `total_changes()` when this connection writes.
 */

type Row = Record<string, SQLOutputValue>;

export interface VariantSummary {
  id: number;
  title: string;
  sku: string | null;
  priceCents: number;
  available: boolean;
  selectedOptions: SelectedOption[];
}

export interface ProductSummary {
  id: number;
  handle: string;
  title: string;
  description: string;
  productType: string;
  vendor: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  minPriceCents: number;
  maxPriceCents: number;
  available: boolean;
  variants: VariantSummary[];
}

export interface CatalogueIndex {
  /** Every product, by id ascending. */
  products: ProductSummary[];
  byId: Map<number, ProductSummary>;
  /** Collection id → its products in the collection's own order (placed by hand first, then its product type's). */
  collections: Map<number, number[]>;
}

function build(db: DatabaseSync): CatalogueIndex {
  const variants = new Map<number, VariantSummary[]>();
  for (const row of db
    .prepare('SELECT id, product_id, title, sku, price_cents, available, selected_options FROM variants ORDER BY product_id, position')
    .all()) {
    const productId = int(row, 'variants', 'product_id');
    const list = variants.get(productId) ?? [];
    list.push({
      id: int(row, 'variants', 'id'),
      title: text(row, 'variants', 'title'),
      sku: nullableText(row, 'variants', 'sku'),
      priceCents: int(row, 'variants', 'price_cents'),
      available: int(row, 'variants', 'available') === 1,
      selectedOptions: selectedOptionList(row, 'variants', 'selected_options'),
    });
    variants.set(productId, list);
  }
  const products = db
    .prepare('SELECT id, handle, title, description, product_type, vendor, tags, created_at, updated_at FROM products ORDER BY id')
    .all()
    .map((row: Row): ProductSummary => {
      const id = int(row, 'products', 'id');
      const own = variants.get(id) ?? [];
      const prices = own.map((v) => v.priceCents);
      return {
        id,
        handle: text(row, 'products', 'handle'),
        title: text(row, 'products', 'title'),
        description: text(row, 'products', 'description'),
        productType: text(row, 'products', 'product_type'),
        vendor: text(row, 'products', 'vendor'),
        tags: stringList(row, 'products', 'tags'),
        createdAt: text(row, 'products', 'created_at'),
        updatedAt: text(row, 'products', 'updated_at'),
        minPriceCents: prices.length ? Math.min(...prices) : 0,
        maxPriceCents: prices.length ? Math.max(...prices) : 0,
        available: own.some((v) => v.available),
        variants: own,
      };
    });
  const byId = new Map(products.map((p) => [p.id, p]));

  const collections = new Map<number, number[]>();
  for (const row of db.prepare('SELECT id, product_type_rule FROM collections ORDER BY id').all()) {
    const id = int(row, 'collections', 'id');
    const manual = db
      .prepare('SELECT product_id FROM collection_products WHERE collection_id = ? ORDER BY position, product_id')
      .all(id)
      .map((r) => int(r, 'collection_products', 'product_id'))
      .filter((productId) => byId.has(productId));
    const rule = nullableText(row, 'collections', 'product_type_rule')?.toLowerCase();
    const placed = new Set(manual);
    const typed = rule ? products.filter((p) => p.productType.toLowerCase() === rule && !placed.has(p.id)).map((p) => p.id) : [];
    collections.set(id, [...manual, ...typed]);
  }
  return { products, byId, collections };
}

export class CatalogueIndexCache {
  readonly #db: DatabaseSync;
  #key = '';
  #index: CatalogueIndex | undefined;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Moves whenever the database changed, by this connection or another process. */
  version(): string {
    const row = this.#db.prepare('SELECT total_changes() AS changes').get()!;
    const version = this.#db.prepare('PRAGMA data_version').get()!;
    return `${nullableInt(version, 'pragma', 'data_version')}:${int(row, 'connection', 'changes')}`;
  }

  get(): CatalogueIndex {
    const key = this.version();
    if (!this.#index || key !== this.#key) {
      this.#index = build(this.#db);
      this.#key = key;
    }
    return this.#index;
  }
}
