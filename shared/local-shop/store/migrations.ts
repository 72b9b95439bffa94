import type { DatabaseSync } from 'node:sqlite';

/** Schema versions, applied in order inside one write transaction; `PRAGMA user_version` records the last. */
const MIGRATIONS: readonly string[] = [
  /* 1 */ `
  CREATE TABLE products (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    handle TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    product_type TEXT NOT NULL,
    vendor TEXT NOT NULL,
    tags TEXT NOT NULL,
    options TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE images (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    file TEXT NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    alt_text TEXT
  );
  CREATE INDEX images_by_product ON images(product_id, position);
  CREATE INDEX images_by_file ON images(file);
  CREATE TABLE variants (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    title TEXT NOT NULL,
    sku TEXT,
    price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
    currency_code TEXT NOT NULL,
    available INTEGER NOT NULL CHECK (available IN (0, 1)),
    selected_options TEXT NOT NULL,
    image_id INTEGER REFERENCES images(id)
  );
  CREATE INDEX variants_by_product ON variants(product_id, position);
  CREATE TABLE carts (
    token TEXT PRIMARY KEY,
    key TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE cart_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    cart_token TEXT NOT NULL REFERENCES carts(token) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    variant_id INTEGER NOT NULL REFERENCES variants(id),
    quantity INTEGER NOT NULL CHECK (quantity >= 1)
  );
  CREATE INDEX cart_lines_by_cart ON cart_lines(cart_token, position);
  CREATE TABLE shop_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  /* 2: the wider Storefront surface (collections, content, cart state, stock, SEO) */ `
  ALTER TABLE products ADD COLUMN seo_title TEXT;
  ALTER TABLE products ADD COLUMN seo_description TEXT;
  ALTER TABLE variants ADD COLUMN quantity_available INTEGER CHECK (quantity_available IS NULL OR quantity_available >= 0);
  CREATE TABLE collections (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    handle TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    seo_title TEXT,
    seo_description TEXT,
    product_type_rule TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX collections_by_type_rule ON collections(product_type_rule COLLATE NOCASE);
  CREATE TABLE collection_products (
    collection_id INTEGER NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
    product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (collection_id, product_id)
  );
  CREATE INDEX collection_products_by_product ON collection_products(product_id);
  CREATE TABLE menus (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    handle TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    items TEXT NOT NULL
  );
  CREATE TABLE pages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    handle TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    seo_title TEXT,
    seo_description TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE policies (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    handle TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE blogs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    handle TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE articles (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    blog_id INTEGER NOT NULL REFERENCES blogs(id) ON DELETE CASCADE,
    handle TEXT NOT NULL,
    title TEXT NOT NULL,
    author TEXT NOT NULL,
    body TEXT NOT NULL,
    excerpt TEXT,
    tags TEXT NOT NULL,
    published_at TEXT NOT NULL,
    UNIQUE (blog_id, handle)
  );
  CREATE TABLE discount_codes (
    code TEXT PRIMARY KEY COLLATE NOCASE,
    percent_off INTEGER CHECK (percent_off IS NULL OR (percent_off BETWEEN 1 AND 100)),
    amount_off_cents INTEGER CHECK (amount_off_cents IS NULL OR amount_off_cents > 0),
    minimum_subtotal_cents INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    CHECK ((percent_off IS NULL) != (amount_off_cents IS NULL))
  );
  ALTER TABLE carts ADD COLUMN note TEXT NOT NULL DEFAULT '';
  ALTER TABLE carts ADD COLUMN attributes TEXT NOT NULL DEFAULT '[]';
  ALTER TABLE carts ADD COLUMN buyer_identity TEXT NOT NULL DEFAULT '{}';
  ALTER TABLE carts ADD COLUMN discount_codes TEXT NOT NULL DEFAULT '[]';
  `,
  /* 3: the shop's files (print files, kept private) and product metafields that point at them */ `
  CREATE TABLE files (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    filename TEXT NOT NULL,
    file TEXT NOT NULL,
    mime_type TEXT NOT NULL,
    size INTEGER NOT NULL,
    width INTEGER,
    height INTEGER,
    alt_text TEXT,
    created_at TEXT NOT NULL
  );
  CREATE TABLE product_metafields (
    product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    namespace TEXT NOT NULL,
    key TEXT NOT NULL,
    type TEXT NOT NULL,
    value TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (product_id, namespace, key)
  );
  `,
  /* 4: a sold-out line stays in its cart at quantity 0, as Shopify keeps it (API version 2024-10 on) */ `
  CREATE TABLE cart_lines_v4 (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    cart_token TEXT NOT NULL REFERENCES carts(token) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    variant_id INTEGER NOT NULL REFERENCES variants(id),
    quantity INTEGER NOT NULL CHECK (quantity >= 0)
  );
  INSERT INTO cart_lines_v4 (id, cart_token, position, variant_id, quantity)
    SELECT id, cart_token, position, variant_id, quantity FROM cart_lines;
  DROP TABLE cart_lines;
  ALTER TABLE cart_lines_v4 RENAME TO cart_lines;
  CREATE INDEX cart_lines_by_cart ON cart_lines(cart_token, position);
  `,
];

function userVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get();
  const version = row?.user_version;
  return typeof version === 'number' ? version : 0;
}

export function migrate(db: DatabaseSync): void {
  if (userVersion(db) >= MIGRATIONS.length) return;
  db.exec('BEGIN IMMEDIATE');
  try {
    // Re-read under the write lock: another process may have migrated while we waited.
    for (let version = userVersion(db); version < MIGRATIONS.length; version++) {
      db.exec(MIGRATIONS[version]!);
      db.exec(`PRAGMA user_version = ${version + 1}`);
    }
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
