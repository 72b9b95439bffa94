import type { SQLOutputValue, StatementSync } from 'node:sqlite';
import type { ProductRecord, VariantRecord } from './records.ts';
import { int, nullableInt, nullableText, selectedOptionList, stringList, text } from './rows.ts';

/**
 * A light in-memory view of every product (what sorting, filtering, search and collections need),
 * rebuilt only when the database changed: `PRAGMA data_version` moves when another process commits,
 * `total_changes()` when this connection writes.
 */

type Row = Record<string, SQLOutputValue>;

/** A variant's fields that sorting and filtering read. */
export interface VariantSummary extends Pick<VariantRecord, 'id' | 'title' | 'sku' | 'priceCents' | 'selectedOptions'> {
  available: boolean;
}

/** A product's own fields (not its options, SEO, variants or images), with what its variants add up to. */
export interface ProductSummary
  extends Pick<ProductRecord, 'id' | 'handle' | 'title' | 'description' | 'productType' | 'vendor' | 'tags' | 'createdAt' | 'updatedAt'> {
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
  /** Collection id → its products placed by hand and their places (kept when others are taken out). */
  placed: Map<number, Map<number, number>>;
}

type Sql = (sql: string) => StatementSync;

function build(sql: Sql): CatalogueIndex {
  const variants = new Map<number, VariantSummary[]>();
  for (const row of sql(
    'SELECT id, product_id, title, sku, price_cents, available, selected_options FROM variants ORDER BY product_id, position',
  ).all()) {
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
  const products = sql(
    'SELECT id, handle, title, description, product_type, vendor, tags, created_at, updated_at FROM products ORDER BY id',
  )
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
  const placed = new Map<number, Map<number, number>>();
  const placedIn = sql('SELECT product_id, position FROM collection_products WHERE collection_id = ? ORDER BY position, product_id');
  for (const row of sql('SELECT id, product_type_rule FROM collections ORDER BY id').all()) {
    const id = int(row, 'collections', 'id');
    const places = new Map<number, number>();
    for (const r of placedIn.all(id)) {
      const productId = int(r, 'collection_products', 'product_id');
      if (byId.has(productId)) places.set(productId, int(r, 'collection_products', 'position'));
    }
    placed.set(id, places);
    const manual = [...places.keys()];
    const rule = nullableText(row, 'collections', 'product_type_rule')?.toLowerCase();
    const byHand = new Set(manual);
    const typed = rule ? products.filter((p) => p.productType.toLowerCase() === rule && !byHand.has(p.id)).map((p) => p.id) : [];
    collections.set(id, [...manual, ...typed]);
  }
  return { products, byId, collections, placed };
}

export class CatalogueIndexCache {
  readonly #sql: Sql;
  #key = '';
  #index: CatalogueIndex | undefined;

  /** `sql` prepares (and keeps) the store's statements. */
  constructor(sql: Sql) {
    this.#sql = sql;
  }

  /** Moves whenever the database changed, by this connection or another process. */
  version(): string {
    const row = this.#sql('SELECT total_changes() AS changes').get()!;
    const version = this.#sql('PRAGMA data_version').get()!;
    return `${nullableInt(version, 'pragma', 'data_version')}:${int(row, 'connection', 'changes')}`;
  }

  get(): CatalogueIndex {
    const key = this.version();
    if (!this.#index || key !== this.#key) {
      this.#index = build(this.#sql);
      this.#key = key;
    }
    return this.#index;
  }
}
