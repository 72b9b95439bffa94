import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseSync, SQLOutputValue, StatementSync } from 'node:sqlite';
import { gid, numericId } from '../gid.ts';
import { DEFAULT_CURRENCY } from '../../common/index.ts';
import { CatalogueIndexCache, type CatalogueIndex } from './catalogue-index.ts';
import { MAX_CART_LINES, checkCartLines, limitToStock, type CartLineRequest, type CartUserError } from './cart-rules.ts';
import { openDatabase, statementCache, writeTransaction } from './database.ts';
import { ImageFiles, type StoredImage } from './image-files.ts';
import { PrivateFiles, type StoredPrivateFile } from './private-files.ts';
import { parseProductSpec, specFromNewProduct, type NewProductInput, type ProductSpec, type ProductSpecInput } from './product-spec.ts';
import { ContentStore } from './content-store.ts';
import type { CartLineRecord, CartRecord, ImageRecord, ProductRecord, VariantRecord } from './records.ts';
import { int, jsonValue, nullableInt, nullableText, readImage, readProductRow, readVariant, text } from './rows.ts';
import { slugify, uniqueHandle } from './slug.ts';

/**
 * The embedded shop's catalogue and carts in SQLite (one file under `{dataDir}/shop/`), plus the
 * product images beside it. Any number of processes may open the same data dir: every write is one
 * `BEGIN IMMEDIATE` transaction, so a product appears whole or not at all.
 */

export interface CreatedProduct {
  /** `gid://shopify/Product/<n>` */
  id: string;
  handle: string;
  /** Variant GIDs in option order. */
  variantIds: string[];
}

/**
 * A file kept among the shop's private files and linked from the product by a `file_reference`
 * metafield (the generator's print file: `custom.print_file`), as Shopify's Files and metafields do.
 */
export interface FileMetafieldInput {
  namespace: string;
  key: string;
  /** A PNG; stored once by content, never served to shoppers. */
  file: { bytes: Uint8Array; filename: string; altText?: string };
}

export interface ProductWrites {
  fileMetafields?: readonly FileMetafieldInput[];
}

/** A file of the shop (Shopify's GenericFile). */
export interface ShopFileRecord {
  id: number;
  /** `gid://shopify/GenericFile/<n>`, the value of the metafields that point at it. */
  gid: string;
  filename: string;
  /** Content-addressed name among the private files. */
  file: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  altText: string | null;
  createdAt: string;
}

export interface ProductMetafieldRecord {
  namespace: string;
  key: string;
  type: string;
  value: string;
  updatedAt: string;
}

export interface IdWindow {
  /** Exclusive bounds, as ids (the cursor's `last_id`). */
  after: number | null;
  before: number | null;
  limit: number;
  /** Take `limit` from the end of the window instead of its start. */
  fromEnd: boolean;
  /** Order by id descending (`reverse: true`). */
  descending: boolean;
}

export type CartCreateResult = { ok: true; cart: CartRecord; warnings: CartWarning[] } | { ok: false; userErrors: CartUserError[] };
export type CartChangeResult = CartCreateResult;

/** What the stored cart line is, as `changeCartLines` hands it over. */
export interface StoredCartLine {
  lineId: number;
  variantId: number;
  quantity: number;
}

/** The new lines: existing ones keep their `lineId`; new ones have none. */
export type CartLinesChange =
  | { ok: true; lines: { lineId?: number; variantId: number; quantity: number }[] }
  | { ok: false; userErrors: CartUserError[] };

export interface CartFields {
  note?: string;
  attributes?: { key: string; value: string }[];
  buyerIdentity?: CartRecord['buyerIdentity'];
  discountCodes?: string[];
}

export interface CartWarning {
  code: 'MERCHANDISE_NOT_ENOUGH_STOCK' | 'MERCHANDISE_OUT_OF_STOCK' | 'DISCOUNT_NOT_FOUND' | 'DISCOUNT_PURCHASE_NOT_IN_RANGE';
  message: string;
  target: string;
}

function cartLineTarget(cart: CartRecord, variantId: number): string {
  const line = cart.lines.find((l) => l.variant.id === variantId);
  return line ? gid('CartLine', line.id, { cart: cart.token }) : gid('Cart', cart.token);
}

const SEEDED_KEY = 'seeded_at';

type Row = Record<string, SQLOutputValue>;

/** Whole products kept in memory at most (about 3 KB each); past it the store starts afresh. */
const MAX_KEPT_RECORDS = 50_000;

export class LocalShopStore {
  readonly databaseFile: string;
  readonly images: ImageFiles;
  /** Files only staff see (print files), apart from the product images. */
  readonly privateFiles: PrivateFiles;
  /** Collections, menus, pages, policies, blogs and discount codes. */
  readonly content: ContentStore;
  readonly #db: DatabaseSync;
  readonly #index: CatalogueIndexCache;
  readonly #sql: (sql: string) => StatementSync;
  /** Whole products read since the database last changed (by this connection or another process). */
  #records = new Map<number, ProductRecord>();
  #recordsOf = '';

  private constructor(db: DatabaseSync, databaseFile: string, images: ImageFiles, privateFiles: PrivateFiles) {
    this.#db = db;
    this.#sql = statementCache(db);
    this.databaseFile = databaseFile;
    this.images = images;
    this.privateFiles = privateFiles;
    this.content = new ContentStore(db, this.#sql);
    this.#index = new CatalogueIndexCache(this.#sql);
  }

  /** The store's database in `dataDir`. */
  static #file(dataDir: string): string {
    return path.join(path.resolve(dataDir, 'shop'), 'shop.sqlite');
  }

  /** Whether `dataDir` holds a store yet (without making one). */
  static existsIn(dataDir: string): boolean {
    return fs.existsSync(LocalShopStore.#file(dataDir));
  }

  /** Opens the store in `dataDir` (created if missing); safe to call from several processes at once. */
  static open(dataDir: string): LocalShopStore {
    const root = path.resolve(dataDir, 'shop');
    const images = new ImageFiles(path.join(root, 'images'));
    const file = LocalShopStore.#file(dataDir);
    return new LocalShopStore(openDatabase(file), file, images, new PrivateFiles(path.join(root, 'files')));
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }

  /** False once closed (the server's readiness check reads it). */
  isOpen(): boolean {
    return this.#db.isOpen;
  }

  /** Several reads seen as one snapshot (a SAVEPOINT nests inside a write transaction too). */
  #snapshot<T>(work: () => T): T {
    this.#db.exec('SAVEPOINT read_snapshot');
    try {
      return work();
    } finally {
      this.#db.exec('RELEASE read_snapshot');
    }
  }

  // ── Reading the catalogue ────────────────────────────────────────────────────────────────────

  /** Every product in brief, for sorting, filtering, search and collections (cached until the data changes). */
  catalogueIndex(): CatalogueIndex {
    return this.#snapshot(() => this.#index.get());
  }

  productCount(): number {
    return int(this.#sql('SELECT COUNT(*) AS n FROM products').get()!, 'products', 'n');
  }

  /** Product ids inside a cursor window, in list order. */
  productIds(window: IdWindow): number[] {
    const ascending = !window.descending;
    const where: string[] = [];
    const params: number[] = [];
    if (window.after !== null) {
      where.push(`id ${ascending ? '>' : '<'} ?`);
      params.push(window.after);
    }
    if (window.before !== null) {
      where.push(`id ${ascending ? '<' : '>'} ?`);
      params.push(window.before);
    }
    // Reading from the end means walking the list backwards, then restoring its order.
    const walkAscending = window.fromEnd ? !ascending : ascending;
    const sql = `SELECT id FROM products ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id ${walkAscending ? 'ASC' : 'DESC'} LIMIT ?`;
    const ids = this.#sql(sql)
      .all(...params, window.limit)
      .map((row) => int(row, 'products', 'id'));
    return window.fromEnd ? ids.reverse() : ids;
  }

  /** Whether the list (ordered by id, descending when `descending`) has a product past `id` in that direction. */
  hasProductBeyond(id: number, direction: 'before' | 'after', descending: boolean): boolean {
    const greater = (direction === 'after') !== descending;
    return this.#sql(`SELECT EXISTS (SELECT 1 FROM products WHERE id ${greater ? '>' : '<'} ?) AS found`).get(id)?.found === 1;
  }

  /**
   * Whole products (variants and images attached) in the order of `ids`; unknown ids are skipped.
   * Kept until the database changes: a build reads the same products over and over (the catalogue
   * walk, each collection in four orders, the recommendations), and each read is three queries.
   */
  productsByIds(ids: readonly number[]): ProductRecord[] {
    if (ids.length === 0) return [];
    return this.#snapshot(() => {
      const version = this.#index.version();
      if (version !== this.#recordsOf || this.#records.size > MAX_KEPT_RECORDS) {
        this.#records = new Map();
        this.#recordsOf = version;
      }
      const missing = ids.filter((id) => !this.#records.has(id));
      if (missing.length) for (const product of this.#readProducts(missing)) this.#records.set(product.id, product);
      return ids.flatMap((id) => this.#records.get(id) ?? []);
    });
  }

  #readProducts(ids: readonly number[]): ProductRecord[] {
    const list = JSON.stringify(ids);
    const rows = this.#sql('SELECT * FROM products WHERE id IN (SELECT value FROM json_each(?))').all(list);
    const variants = this.#groupByProduct(
      this.#sql('SELECT * FROM variants WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY product_id, position').all(list),
      readVariant,
    );
    const images = this.#groupByProduct(
      this.#sql('SELECT * FROM images WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY product_id, position').all(list),
      readImage,
    );
    const byId = new Map<number, ProductRecord>();
    for (const row of rows) {
      const product = readProductRow(row);
      byId.set(product.id, { ...product, variants: variants.get(product.id) ?? [], images: images.get(product.id) ?? [] });
    }
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  #groupByProduct<T extends { productId: number }>(rows: Row[], read: (row: Row) => T): Map<number, T[]> {
    const groups = new Map<number, T[]>();
    for (const row of rows) {
      const item = read(row);
      const group = groups.get(item.productId);
      if (group) group.push(item);
      else groups.set(item.productId, [item]);
    }
    return groups;
  }

  productById(id: number): ProductRecord | null {
    return this.productsByIds([id])[0] ?? null;
  }

  productByHandle(handle: string): ProductRecord | null {
    const row = this.#sql('SELECT id FROM products WHERE handle = ?').get(handle);
    return row ? this.productById(int(row, 'products', 'id')) : null;
  }

  variantById(id: number): { variant: VariantRecord; product: ProductRecord } | null {
    const row = this.#sql('SELECT product_id FROM variants WHERE id = ?').get(id);
    if (!row) return null;
    const product = this.productById(int(row, 'variants', 'product_id'));
    const variant = product?.variants.find((v) => v.id === id);
    return product && variant ? { variant, product } : null;
  }

  /** A variant and its product's title, all that the cart checks need, in one query. */
  #variantForCart(id: number): { variant: VariantRecord; product: Pick<ProductRecord, 'title'> } | null {
    const row = this.#sql(
      'SELECT variants.*, products.title AS product_title FROM variants JOIN products ON products.id = variants.product_id WHERE variants.id = ?',
    ).get(id);
    return row ? { variant: readVariant(row), product: { title: text(row, 'products', 'product_title') } } : null;
  }

  /** The image row behind a served file name, or null when no product uses that file. */
  imageByFile(file: string): ImageRecord | null {
    const row = this.#sql('SELECT * FROM images WHERE file = ? ORDER BY id LIMIT 1').get(file);
    return row ? readImage(row) : null;
  }

  // ── Writing products ─────────────────────────────────────────────────────────────────────────

  /** The publishing path: title, description, price, type, tags, optional image, Size variants (S–2XL by default). */
  async createProduct(input: NewProductInput): Promise<CreatedProduct> {
    const [created] = await this.insertProducts([specFromNewProduct(input)]);
    return created!;
  }

  /** Full control over options and variants (seed catalogue, fixtures); file metafields written in the same transaction. */
  async insertProduct(spec: ProductSpecInput, writes: ProductWrites = {}): Promise<CreatedProduct> {
    const inputs = writes.fileMetafields ?? [];
    if (inputs.length === 0) {
      const [created] = await this.insertProducts([spec]);
      return created!;
    }
    const parsed = parseProductSpec(spec);
    const stored = await this.#storeImages(parsed.images);
    const files = await this.#storeFiles(inputs);
    return writeTransaction(this.#db, () => {
      const created = this.#writeProduct(parsed, stored);
      this.#writeFileMetafields(created, inputs, files);
      return created;
    });
  }

  /**
   * Writes the product unless one was already written under this publish key (checked and recorded
   * under the write lock, in the same transaction): publishing the same product twice, from two tabs
   * or after a crash, returns the first product instead of making a second. Its file metafields are
   * written with it; a product found under the key gets only those it lacks (never a second file).
   */
  async insertProductOnce(
    publishKey: string,
    spec: ProductSpecInput,
    writes: ProductWrites = {},
  ): Promise<CreatedProduct & { existed: boolean }> {
    const key = `publish-key:${publishKey}`;
    const inputs = writes.fileMetafields ?? [];
    const known = (): (CreatedProduct & { existed: boolean }) | undefined => {
      const row = this.#sql('SELECT value FROM shop_meta WHERE key = ?').get(key) as { value: string } | undefined;
      return row ? { ...(JSON.parse(row.value) as CreatedProduct), existed: true } : undefined;
    };
    const missing = (created: CreatedProduct) => inputs.filter((input) => !this.#hasMetafield(created, input));
    const before = known();
    if (before) {
      const lacking = missing(before);
      if (lacking.length === 0) return before;
      const files = await this.#storeFiles(lacking);
      return writeTransaction(this.#db, () => {
        this.#writeFileMetafields(before, missing(before), files);
        return before;
      });
    }
    const parsed = parseProductSpec(spec);
    const stored = await this.#storeImages(parsed.images);
    const files = await this.#storeFiles(inputs);
    return writeTransaction(this.#db, () => {
      const again = known();
      if (again) {
        this.#writeFileMetafields(again, missing(again), files);
        return again;
      }
      const created = this.#writeProduct(parsed, stored);
      this.#writeFileMetafields(created, inputs, files);
      this.#sql('INSERT INTO shop_meta (key, value) VALUES (?, ?)').run(key, JSON.stringify(created));
      return { ...created, existed: false };
    });
  }

  /** Whether a product was written under this publish key (insertProductOnce), whole: its writes are one transaction. */
  hasPublishKey(publishKey: string): boolean {
    return this.#sql('SELECT 1 FROM shop_meta WHERE key = ?').get(`publish-key:${publishKey}`) !== undefined;
  }

  /**
   * Deletes the product written under this publish key (insertProductOnce) and the key, in one
   * transaction, as Shopify's productDelete does: its variants, images, metafields and collection
   * places go with it, and so do the lines of carts that hold it and the files only its metafields
   * pointed at (its print file). The product deleted, or null when nothing was written under the key.
   * The image and print files on disk stay (content-addressed, they may be another product's too).
   */
  removeProductByPublishKey(publishKey: string): CreatedProduct | null {
    const key = `publish-key:${publishKey}`;
    return writeTransaction(this.#db, () => {
      const row = this.#sql('SELECT value FROM shop_meta WHERE key = ?').get(key) as { value: string } | undefined;
      if (!row) return null;
      const made = JSON.parse(row.value) as CreatedProduct;
      const productId = numericId(made.id, 'Product');
      if (productId !== null) {
        const fileIds = (
          this.#sql("SELECT value FROM product_metafields WHERE product_id = ? AND type = 'file_reference'").all(productId) as Array<{
            value: string;
          }>
        )
          .map((metafield) => numericId(metafield.value, 'GenericFile'))
          .filter((id): id is number => id !== null);
        this.#sql('DELETE FROM cart_lines WHERE variant_id IN (SELECT id FROM variants WHERE product_id = ?)').run(productId);
        this.#sql('DELETE FROM products WHERE id = ?').run(productId);
        for (const fileId of fileIds) {
          const stillUsed = this.#sql("SELECT 1 FROM product_metafields WHERE type = 'file_reference' AND value = ?").get(
            gid('GenericFile', fileId),
          );
          if (!stillUsed) this.#sql('DELETE FROM files WHERE id = ?').run(fileId);
        }
      }
      this.#sql('DELETE FROM shop_meta WHERE key = ?').run(key);
      return made;
    });
  }

  async #storeImages(images: ReturnType<typeof parseProductSpec>['images']): Promise<Map<Uint8Array, StoredImage>> {
    const stored = new Map<Uint8Array, StoredImage>();
    for (const image of images) if (!stored.has(image.bytes)) stored.set(image.bytes, await this.images.put(image.bytes));
    return stored;
  }

  /** The files on disk first (content-addressed: a crash before the commit leaves a harmless orphan). */
  async #storeFiles(inputs: readonly FileMetafieldInput[]): Promise<Map<Uint8Array, StoredPrivateFile>> {
    const stored = new Map<Uint8Array, StoredPrivateFile>();
    for (const { file } of inputs) if (!stored.has(file.bytes)) stored.set(file.bytes, await this.privateFiles.put(file.bytes));
    return stored;
  }

  #hasMetafield(product: CreatedProduct, input: Pick<FileMetafieldInput, 'namespace' | 'key'>): boolean {
    const id = numericId(product.id, 'Product');
    return id !== null && this.productMetafield(id, input.namespace, input.key) !== null;
  }

  /** A files row for each input and the product's file_reference metafield pointing at it (inside a write transaction). */
  #writeFileMetafields(product: CreatedProduct, inputs: readonly FileMetafieldInput[], stored: Map<Uint8Array, StoredPrivateFile>): void {
    const productId = numericId(product.id, 'Product');
    if (productId === null) throw new Error(`Not a product id: ${product.id}`);
    const now = new Date().toISOString();
    for (const { namespace, key, file } of inputs) {
      const kept = stored.get(file.bytes)!;
      const fileId = Number(
        this.#sql(
          'INSERT INTO files (filename, file, mime_type, size, width, height, alt_text, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        ).run(file.filename, kept.file, 'image/png', kept.size, kept.width, kept.height, file.altText ?? null, now).lastInsertRowid,
      );
      this.#sql(
        `INSERT INTO product_metafields (product_id, namespace, key, type, value, updated_at) VALUES (?, ?, ?, 'file_reference', ?, ?)
         ON CONFLICT (product_id, namespace, key) DO UPDATE SET type = excluded.type, value = excluded.value, updated_at = excluded.updated_at`,
      ).run(productId, namespace, key, gid('GenericFile', fileId), now);
    }
  }

  // ── Metafields and files ─────────────────────────────────────────────────────────────────────

  /** A product's metafield, or null when it has none of that namespace and key. */
  productMetafield(productId: number, namespace: string, key: string): ProductMetafieldRecord | null {
    const row = this.#sql('SELECT * FROM product_metafields WHERE product_id = ? AND namespace = ? AND key = ?').get(
      productId,
      namespace,
      key,
    );
    return row
      ? {
          namespace: text(row, 'product_metafields', 'namespace'),
          key: text(row, 'product_metafields', 'key'),
          type: text(row, 'product_metafields', 'type'),
          value: text(row, 'product_metafields', 'value'),
          updatedAt: text(row, 'product_metafields', 'updated_at'),
        }
      : null;
  }

  fileById(id: number): ShopFileRecord | null {
    const row = this.#sql('SELECT * FROM files WHERE id = ?').get(id);
    if (!row) return null;
    return {
      id: int(row, 'files', 'id'),
      gid: gid('GenericFile', int(row, 'files', 'id')),
      filename: text(row, 'files', 'filename'),
      file: text(row, 'files', 'file'),
      mimeType: text(row, 'files', 'mime_type'),
      size: int(row, 'files', 'size'),
      width: nullableInt(row, 'files', 'width'),
      height: nullableInt(row, 'files', 'height'),
      altText: nullableText(row, 'files', 'alt_text'),
      createdAt: text(row, 'files', 'created_at'),
    };
  }

  /** The file a product's file_reference metafield points at, with its path on disk; null when there is none. */
  productFile(handle: string, namespace: string, key: string): { productId: number; file: ShopFileRecord; path: string } | null {
    return this.#snapshot(() => {
      const row = this.#sql('SELECT id FROM products WHERE handle = ?').get(handle);
      if (!row) return null;
      const productId = int(row, 'products', 'id');
      const metafield = this.productMetafield(productId, namespace, key);
      if (metafield?.type !== 'file_reference') return null;
      const fileId = numericId(metafield.value, 'GenericFile');
      const file = fileId === null ? null : this.fileById(fileId);
      return file ? { productId, file, path: this.privateFiles.pathOf(file.file) } : null;
    });
  }

  /** Writes all the products in one transaction: all of them appear, or none. */
  async insertProducts(specs: readonly ProductSpecInput[]): Promise<CreatedProduct[]> {
    return (await this.#insert(specs, false))!;
  }

  /**
   * Writes the products only if the store has never been seeded and holds no product, checked under
   * the write lock: two processes seeding at once produce one catalogue. Null when it did not write.
   */
  async seedProducts(specs: readonly ProductSpecInput[]): Promise<CreatedProduct[] | null> {
    return this.#insert(specs, true);
  }

  /** Images first (content-addressed, so a crash before the commit leaves only a harmless orphan file), then one transaction. */
  async #insert(specs: readonly ProductSpecInput[], onlyIntoEmptyStore: boolean): Promise<CreatedProduct[] | null> {
    const parsed = specs.map((spec) => parseProductSpec(spec));
    const stored = new Map<Uint8Array, StoredImage>();
    for (const spec of parsed) {
      for (const image of spec.images) {
        if (!stored.has(image.bytes)) stored.set(image.bytes, await this.images.put(image.bytes));
      }
    }
    return writeTransaction(this.#db, () => {
      if (onlyIntoEmptyStore) {
        if (this.wasSeeded() || this.productCount() > 0) return null;
        this.#sql('INSERT INTO shop_meta (key, value) VALUES (?, ?)').run(SEEDED_KEY, new Date().toISOString());
      }
      return parsed.map((spec) => this.#writeProduct(spec, stored));
    });
  }

  /** Whether this data dir was ever seeded (the seed runs once per store, never again). */
  wasSeeded(): boolean {
    return this.#sql('SELECT value FROM shop_meta WHERE key = ?').get(SEEDED_KEY) !== undefined;
  }

  #writeProduct(spec: ProductSpec, stored: Map<Uint8Array, StoredImage>): CreatedProduct {
    const handle = uniqueHandle(
      spec.handle ?? slugify(spec.title),
      (h) => this.#sql('SELECT 1 FROM products WHERE handle = ?').get(h) !== undefined,
    );
    const now = new Date().toISOString();
    // Shopify gives an option-less product one "Title" option with the value "Default Title".
    const options = spec.options.length > 0 ? spec.options : [{ name: 'Title', values: ['Default Title'] }];
    const productId = Number(
      this.#sql(
        'INSERT INTO products (handle, title, description, product_type, vendor, tags, options, created_at, updated_at, seo_title, seo_description) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        handle,
        spec.title,
        spec.description,
        spec.productType,
        spec.vendor,
        JSON.stringify(spec.tags),
        JSON.stringify(options),
        now,
        now,
        spec.seoTitle ?? null,
        spec.seoDescription ?? null,
      ).lastInsertRowid,
    );
    const imageIds = spec.images.map((image, position) => {
      const file = stored.get(image.bytes)!;
      return Number(
        this.#sql('INSERT INTO images (product_id, position, file, width, height, alt_text) VALUES (?, ?, ?, ?, ?, ?)').run(
          productId,
          position,
          file.file,
          file.width,
          file.height,
          image.altText ?? null,
        ).lastInsertRowid,
      );
    });
    const variantIds = spec.variants.map((variant, position) => {
      const values = spec.options.length > 0 ? variant.optionValues : ['Default Title'];
      const selected = options.map((option, i) => ({ name: option.name, value: values[i]! }));
      const imageId = variant.imageIndex !== undefined ? imageIds[variant.imageIndex]! : null;
      const id = this.#sql(
        'INSERT INTO variants (product_id, position, title, sku, price_cents, currency_code, available, selected_options, image_id, quantity_available) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        productId,
        position,
        values.join(' / '),
        variant.sku ?? null,
        variant.price,
        DEFAULT_CURRENCY,
        variant.availableForSale ? 1 : 0,
        JSON.stringify(selected),
        imageId,
        variant.quantityAvailable ?? null,
      ).lastInsertRowid;
      return gid('ProductVariant', Number(id));
    });
    return { id: gid('Product', productId), handle, variantIds };
  }

  // ── Carts ────────────────────────────────────────────────────────────────────────────────────

  /** Checks the lines (unknown merchandise, bad quantities → userErrors) and creates the cart, atomically; stock as `limitToStock` has it. */
  createCart(lines: readonly CartLineRequest[], fields: CartFields = {}): CartCreateResult {
    return writeTransaction(this.#db, () => {
      const checked = checkCartLines(lines, (id) => this.#variantForCart(id), ['input', 'lines']);
      if (!checked.ok) return checked;
      const token = `c1-${randomBytes(16).toString('hex')}`;
      const key = randomBytes(16).toString('hex');
      const now = new Date().toISOString();
      this.#sql(
        'INSERT INTO carts (token, key, created_at, updated_at, note, attributes, buyer_identity, discount_codes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        token,
        key,
        now,
        now,
        fields.note ?? '',
        JSON.stringify(fields.attributes ?? []),
        JSON.stringify(fields.buyerIdentity ?? {}),
        JSON.stringify(fields.discountCodes ?? []),
      );
      const stock = limitToStock(checked.lines, (id) => this.#variantForCart(id));
      stock.lines.forEach((line, position) => {
        this.#sql('INSERT INTO cart_lines (cart_token, position, variant_id, quantity) VALUES (?, ?, ?, ?)').run(
          token,
          position,
          line.variantId,
          line.quantity,
        );
      });
      const cart = this.cartByToken(token)!;
      return { ok: true as const, cart, warnings: stock.warnings.map((w) => ({ ...w, target: cartLineTarget(cart, w.variantId) })) };
    });
  }

  /**
   * Changes a cart's lines in one transaction: `change` gets the current lines and returns the new
   * ones (lines keep their ids while their variant stays) or user errors; stock as `limitToStock` has
   * it (sold-out lines kept at quantity 0, quantities above a tracked stock lowered, with warnings), as
   * Shopify does.
   */
  changeCartLines(token: string, change: (lines: readonly StoredCartLine[]) => CartLinesChange): CartChangeResult {
    return writeTransaction(this.#db, () => {
      const current = this.#sql('SELECT id, variant_id, quantity FROM cart_lines WHERE cart_token = ? ORDER BY position')
        .all(token)
        .map((row) => ({
          lineId: int(row, 'cart_lines', 'id'),
          variantId: int(row, 'cart_lines', 'variant_id'),
          quantity: int(row, 'cart_lines', 'quantity'),
        }));
      const result = change(current);
      if (!result.ok) return result;
      if (result.lines.length > MAX_CART_LINES) {
        return {
          ok: false as const,
          userErrors: [{ field: ['lines'], message: `A cart can have at most ${MAX_CART_LINES} lines.`, code: 'CART_TOO_LARGE' as const }],
        };
      }
      const stock = limitToStock(result.lines, (id) => this.#variantForCart(id));
      const kept = new Set(stock.lines.flatMap((l) => (l.lineId === undefined ? [] : [l.lineId])));
      for (const line of current) if (!kept.has(line.lineId)) this.#sql('DELETE FROM cart_lines WHERE id = ?').run(line.lineId);
      stock.lines.forEach((line, position) => {
        if (line.lineId !== undefined) {
          this.#sql('UPDATE cart_lines SET position = ?, variant_id = ?, quantity = ? WHERE id = ?').run(
            position,
            line.variantId,
            line.quantity,
            line.lineId,
          );
        } else {
          this.#sql('INSERT INTO cart_lines (cart_token, position, variant_id, quantity) VALUES (?, ?, ?, ?)').run(
            token,
            position,
            line.variantId,
            line.quantity,
          );
        }
      });
      this.#sql('UPDATE carts SET updated_at = ? WHERE token = ?').run(new Date().toISOString(), token);
      const cart = this.cartByToken(token)!;
      return { ok: true as const, cart, warnings: stock.warnings.map((w) => ({ ...w, target: cartLineTarget(cart, w.variantId) })) };
    });
  }

  /** The variant behind a merchandise id as the cart checks see it (null when unknown). */
  cartVariant(id: number): { variant: VariantRecord; product: Pick<ProductRecord, 'title'> } | null {
    return this.#variantForCart(id);
  }

  /** Sets the cart's note, attributes, buyer identity or discount codes (each only when given). */
  updateCartFields(token: string, fields: CartFields): CartRecord | null {
    return writeTransaction(this.#db, () => {
      const sets: string[] = [];
      const values: string[] = [];
      if (fields.note !== undefined) {
        sets.push('note = ?');
        values.push(fields.note);
      }
      if (fields.attributes !== undefined) {
        sets.push('attributes = ?');
        values.push(JSON.stringify(fields.attributes));
      }
      if (fields.buyerIdentity !== undefined) {
        sets.push('buyer_identity = ?');
        values.push(JSON.stringify(fields.buyerIdentity));
      }
      if (fields.discountCodes !== undefined) {
        sets.push('discount_codes = ?');
        values.push(JSON.stringify(fields.discountCodes));
      }
      this.#sql(`UPDATE carts SET ${[...sets, 'updated_at = ?'].join(', ')} WHERE token = ?`).run(
        ...values,
        new Date().toISOString(),
        token,
      );
      return this.cartByToken(token);
    });
  }

  /** The cart with this token, lines in the order they were added; null when unknown. */
  cartByToken(token: string): CartRecord | null {
    return this.#snapshot(() => {
      const row = this.#sql('SELECT * FROM carts WHERE token = ?').get(token);
      if (!row) return null;
      const lineRows = this.#sql(
        'SELECT cart_lines.id AS line_id, cart_lines.quantity AS line_quantity, variants.* FROM cart_lines JOIN variants ON variants.id = cart_lines.variant_id WHERE cart_token = ? ORDER BY cart_lines.position',
      ).all(token);
      const variants = lineRows.map((r) => readVariant(r));
      const products = new Map(this.productsByIds([...new Set(variants.map((v) => v.productId))]).map((p) => [p.id, p]));
      const lines: CartLineRecord[] = lineRows.map((r, i) => ({
        __typename: 'CartLine',
        id: int(r, 'cart_lines', 'line_id'),
        cartToken: token,
        quantity: int(r, 'cart_lines', 'line_quantity'),
        variant: variants[i]!,
        product: products.get(variants[i]!.productId)!,
      }));
      return {
        __typename: 'Cart',
        token,
        key: text(row, 'carts', 'key'),
        createdAt: text(row, 'carts', 'created_at'),
        updatedAt: text(row, 'carts', 'updated_at'),
        lines,
        note: text(row, 'carts', 'note'),
        attributes: jsonValue(row, 'carts', 'attributes') as CartRecord['attributes'],
        buyerIdentity: jsonValue(row, 'carts', 'buyer_identity') as CartRecord['buyerIdentity'],
        discountCodes: jsonValue(row, 'carts', 'discount_codes') as string[],
      };
    });
  }
}
