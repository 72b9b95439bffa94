import type { DatabaseSync, SQLOutputValue, StatementSync } from 'node:sqlite';
import {
  ArticleInputSchema,
  CollectionInputSchema,
  DiscountCodeInputSchema,
  InvalidContentError,
  MenuInputSchema,
  PageInputSchema,
  PolicyInputSchema,
  parseContent,
  type ArticleInput,
  type CollectionInput,
  type DiscountCodeInput,
  type MenuInput,
  type PageInput,
  type PolicyInput,
} from './content-input.ts';
import type {
  ArticleRecord,
  BlogRecord,
  CollectionRecord,
  DiscountCodeRecord,
  MenuItemSpec,
  MenuRecord,
  PageRecord,
  PolicyHandle,
  PolicyRecord,
} from './content-records.ts';
import { POLICY_TITLES } from './content-records.ts';
import { statementCache, writeTransaction } from './database.ts';
import { int, nullableInt, nullableText, stringList, text } from './rows.ts';
import { slugify, uniqueHandle } from './slug.ts';

/**
 * Collections, menus, pages, policies, blogs and discount codes in the shop's SQLite file. Every
 * write is one transaction and is validated first (InvalidContentError names the field).
 */

type Row = Record<string, SQLOutputValue>;

function readCollection(row: Row): CollectionRecord {
  return {
    __typename: 'Collection',
    id: int(row, 'collections', 'id'),
    handle: text(row, 'collections', 'handle'),
    title: text(row, 'collections', 'title'),
    description: text(row, 'collections', 'description'),
    seoTitle: nullableText(row, 'collections', 'seo_title'),
    seoDescription: nullableText(row, 'collections', 'seo_description'),
    productTypeRule: nullableText(row, 'collections', 'product_type_rule'),
    createdAt: text(row, 'collections', 'created_at'),
    updatedAt: text(row, 'collections', 'updated_at'),
  };
}

function readPage(row: Row): PageRecord {
  return {
    __typename: 'Page',
    id: int(row, 'pages', 'id'),
    handle: text(row, 'pages', 'handle'),
    title: text(row, 'pages', 'title'),
    body: text(row, 'pages', 'body'),
    seoTitle: nullableText(row, 'pages', 'seo_title'),
    seoDescription: nullableText(row, 'pages', 'seo_description'),
    createdAt: text(row, 'pages', 'created_at'),
    updatedAt: text(row, 'pages', 'updated_at'),
  };
}

function readPolicy(row: Row): PolicyRecord {
  return {
    __typename: 'ShopPolicy',
    id: int(row, 'policies', 'id'),
    handle: text(row, 'policies', 'handle') as PolicyHandle,
    title: text(row, 'policies', 'title'),
    body: text(row, 'policies', 'body'),
    updatedAt: text(row, 'policies', 'updated_at'),
  };
}

function readArticle(row: Row): ArticleRecord {
  return {
    __typename: 'Article',
    id: int(row, 'articles', 'id'),
    blogId: int(row, 'articles', 'blog_id'),
    blogHandle: text(row, 'articles', 'blog_handle'),
    handle: text(row, 'articles', 'handle'),
    title: text(row, 'articles', 'title'),
    author: text(row, 'articles', 'author'),
    body: text(row, 'articles', 'body'),
    excerpt: nullableText(row, 'articles', 'excerpt'),
    tags: stringList(row, 'articles', 'tags'),
    publishedAt: text(row, 'articles', 'published_at'),
  };
}

function readMenuItems(row: Row): MenuItemSpec[] {
  try {
    const items = JSON.parse(text(row, 'menus', 'items')) as unknown;
    return parseContent(MenuInputSchema.shape.items, items, 'menu') as MenuItemSpec[];
  } catch {
    throw new InvalidContentError(`The shop database has an unreadable menus.items for menu ${text(row, 'menus', 'handle')}`);
  }
}

function readMenu(row: Row): MenuRecord {
  return {
    __typename: 'Menu',
    id: int(row, 'menus', 'id'),
    handle: text(row, 'menus', 'handle'),
    title: text(row, 'menus', 'title'),
    items: readMenuItems(row),
  };
}

function readBlog(row: Row): BlogRecord {
  return {
    __typename: 'Blog',
    id: int(row, 'blogs', 'id'),
    handle: text(row, 'blogs', 'handle'),
    title: text(row, 'blogs', 'title'),
  };
}

function readDiscountCode(row: Row): DiscountCodeRecord {
  return {
    code: text(row, 'discount_codes', 'code'),
    percentOff: nullableInt(row, 'discount_codes', 'percent_off'),
    amountOffCents: nullableInt(row, 'discount_codes', 'amount_off_cents'),
    minimumSubtotalCents: int(row, 'discount_codes', 'minimum_subtotal_cents'),
  };
}

/** Articles with their blog's handle, which their paths need. */
const ARTICLES = 'SELECT articles.*, blogs.handle AS blog_handle FROM articles JOIN blogs ON blogs.id = articles.blog_id';

export class ContentStore {
  readonly #db: DatabaseSync;
  readonly #sql: (sql: string) => StatementSync;

  /** `sql` prepares and keeps statements (the catalogue store hands over its own, so both share one cache). */
  constructor(db: DatabaseSync, sql = statementCache(db)) {
    this.#db = db;
    this.#sql = sql;
  }

  /** One write transaction, or part of the one already open (the seed writes all its content in one). */
  #write<T>(work: () => T): T {
    return this.#db.isTransaction ? work() : writeTransaction(this.#db, work);
  }

  /**
   * Runs `work` once per store: in one transaction that first records `key` in shop_meta, so two
   * processes starting at once write the content once. False when it had already run.
   */
  once(key: string, work: () => void): boolean {
    return writeTransaction(this.#db, () => {
      if (this.#sql('SELECT 1 FROM shop_meta WHERE key = ?').get(key)) return false;
      this.#sql('INSERT INTO shop_meta (key, value) VALUES (?, ?)').run(key, new Date().toISOString());
      work();
      return true;
    });
  }

  /** Every row of `table` in id order, each read into a record. */
  #all<T>(table: string, read: (row: Row) => T): T[] {
    return this.#sql(`SELECT * FROM ${table} ORDER BY id`).all().map(read);
  }

  /** The row of `table` whose `column` is `value`, read into a record; null when there is none. */
  #one<T>(table: string, column: 'id' | 'handle', value: number | string, read: (row: Row) => T): T | null {
    const row = this.#sql(`SELECT * FROM ${table} WHERE ${column} = ?`).get(value);
    return row ? read(row) : null;
  }

  // ── Collections ──────────────────────────────────────────────────────────────────────────────

  collections(): CollectionRecord[] {
    return this.#all('collections', readCollection);
  }

  collectionByHandle(handle: string): CollectionRecord | null {
    return this.#one('collections', 'handle', handle, readCollection);
  }

  collectionById(id: number): CollectionRecord | null {
    return this.#one('collections', 'id', id, readCollection);
  }

  /** Product ids placed by hand, in their order; the type rule's products come after (see CatalogueIndex). */
  manualProductIds(collectionId: number): number[] {
    return this.#sql('SELECT product_id FROM collection_products WHERE collection_id = ? ORDER BY position, product_id')
      .all(collectionId)
      .map((row) => int(row, 'collection_products', 'product_id'));
  }

  /** Creates the collection, or updates the one with this handle; placed products are replaced when `productHandles` is given. */
  saveCollection(input: CollectionInput): CollectionRecord {
    const c = parseContent(CollectionInputSchema, input, 'collection');
    return this.#write(() => {
      const now = new Date().toISOString();
      const existing = c.handle ? this.collectionByHandle(c.handle) : null;
      let id: number;
      if (existing) {
        id = existing.id;
        this.#sql(
          'UPDATE collections SET title = ?, description = ?, seo_title = ?, seo_description = ?, product_type_rule = ?, updated_at = ? WHERE id = ?',
        ).run(c.title, c.description, c.seoTitle ?? null, c.seoDescription ?? null, c.productType || null, now, id);
      } else {
        const handle = uniqueHandle(c.handle ?? slugify(c.title), (h) => this.collectionByHandle(h) !== null);
        id = Number(
          this.#sql(
            'INSERT INTO collections (handle, title, description, seo_title, seo_description, product_type_rule, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          ).run(handle, c.title, c.description, c.seoTitle ?? null, c.seoDescription ?? null, c.productType || null, now, now)
            .lastInsertRowid,
        );
      }
      if (c.productHandles) {
        const ids = c.productHandles.map((h) => {
          const row = this.#sql('SELECT id FROM products WHERE handle = ?').get(h);
          if (!row)
            throw new InvalidContentError(`Invalid collection: productHandles has ${JSON.stringify(h)}, which is no product of this shop`);
          return int(row, 'products', 'id');
        });
        // A product that stays keeps its place when it can, so that taking products out, or placing new
        // ones first or last, moves no other product's place (a cursor into the collection's own order
        // carries its product's place). Products placed ahead of the first that stays go just before it.
        const before = new Map(
          this.#sql('SELECT product_id, position FROM collection_products WHERE collection_id = ?')
            .all(id)
            .map((row) => [int(row, 'collection_products', 'product_id'), int(row, 'collection_products', 'position')]),
        );
        const placed = [...new Set(ids)];
        const firstStaying = placed.findIndex((productId) => before.has(productId));
        let position = firstStaying >= 0 ? before.get(placed[firstStaying]!)! - firstStaying - 1 : -1;
        this.#sql('DELETE FROM collection_products WHERE collection_id = ?').run(id);
        for (const productId of placed) {
          position = Math.max(before.get(productId) ?? position + 1, position + 1);
          this.#sql('INSERT INTO collection_products (collection_id, product_id, position) VALUES (?, ?, ?)').run(id, productId, position);
        }
      }
      return this.collectionById(id)!;
    });
  }

  /** The collection that gathers products of this type, created if there is none (publishing into a generator category). */
  ensureTypeCollection(productType: string): CollectionRecord | null {
    const type = productType.trim();
    if (!type) return null;
    // Looked up and created under one write lock: two publishers of a new category make one collection.
    return this.#write(() => this.#ensureTypeCollection(type));
  }

  #ensureTypeCollection(type: string): CollectionRecord {
    const found = this.#sql('SELECT * FROM collections WHERE product_type_rule = ? COLLATE NOCASE ORDER BY id LIMIT 1').get(type);
    if (found) return readCollection(found);
    const byTitle = this.#sql(
      'SELECT * FROM collections WHERE title = ? COLLATE NOCASE AND product_type_rule IS NULL ORDER BY id LIMIT 1',
    ).get(type);
    if (byTitle) {
      const existing = readCollection(byTitle);
      return this.saveCollection({ handle: existing.handle, title: existing.title, description: existing.description, productType: type });
    }
    return this.saveCollection({ title: type, description: `Every “${type}” shirt in the shop.`, productType: type });
  }

  deleteCollection(handle: string): boolean {
    return this.#write(() => Number(this.#sql('DELETE FROM collections WHERE handle = ?').run(handle).changes) > 0);
  }

  // ── Menus ────────────────────────────────────────────────────────────────────────────────────

  menuByHandle(handle: string): MenuRecord | null {
    return this.#one('menus', 'handle', handle, readMenu);
  }

  saveMenu(input: MenuInput): MenuRecord {
    const m = parseContent(MenuInputSchema, input, 'menu');
    return this.#write(() => {
      this.#sql(
        'INSERT INTO menus (handle, title, items) VALUES (?, ?, ?) ON CONFLICT (handle) DO UPDATE SET title = excluded.title, items = excluded.items',
      ).run(m.handle, m.title, JSON.stringify(m.items));
      return this.menuByHandle(m.handle)!;
    });
  }

  // ── Pages ────────────────────────────────────────────────────────────────────────────────────

  pages(): PageRecord[] {
    return this.#all('pages', readPage);
  }

  pageByHandle(handle: string): PageRecord | null {
    return this.#one('pages', 'handle', handle, readPage);
  }

  pageById(id: number): PageRecord | null {
    return this.#one('pages', 'id', id, readPage);
  }

  savePage(input: PageInput): PageRecord {
    const p = parseContent(PageInputSchema, input, 'page');
    return this.#write(() => {
      const now = new Date().toISOString();
      const existing = p.handle ? this.pageByHandle(p.handle) : null;
      if (existing) {
        this.#sql('UPDATE pages SET title = ?, body = ?, seo_title = ?, seo_description = ?, updated_at = ? WHERE id = ?').run(
          p.title,
          p.body,
          p.seoTitle ?? null,
          p.seoDescription ?? null,
          now,
          existing.id,
        );
        return this.pageById(existing.id)!;
      }
      const handle = uniqueHandle(p.handle ?? slugify(p.title), (h) => this.pageByHandle(h) !== null);
      const id = this.#sql(
        'INSERT INTO pages (handle, title, body, seo_title, seo_description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run(handle, p.title, p.body, p.seoTitle ?? null, p.seoDescription ?? null, now, now).lastInsertRowid;
      return this.pageById(Number(id))!;
    });
  }

  // ── Policies ─────────────────────────────────────────────────────────────────────────────────

  policy(handle: PolicyHandle): PolicyRecord | null {
    return this.#one('policies', 'handle', handle, readPolicy);
  }

  policyById(id: number): PolicyRecord | null {
    return this.#one('policies', 'id', id, readPolicy);
  }

  savePolicy(input: PolicyInput): PolicyRecord {
    const p = parseContent(PolicyInputSchema, input, 'policy');
    return this.#write(() => {
      this.#sql(
        'INSERT INTO policies (handle, title, body, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (handle) DO UPDATE SET title = excluded.title, body = excluded.body, updated_at = excluded.updated_at',
      ).run(p.handle, p.title ?? POLICY_TITLES[p.handle], p.body, new Date().toISOString());
      return this.policy(p.handle)!;
    });
  }

  // ── Blogs ────────────────────────────────────────────────────────────────────────────────────

  blogs(): BlogRecord[] {
    return this.#all('blogs', readBlog);
  }

  blogByHandle(handle: string): BlogRecord | null {
    return this.#one('blogs', 'handle', handle, readBlog);
  }

  blogById(id: number): BlogRecord | null {
    return this.#one('blogs', 'id', id, readBlog);
  }

  articles(blogId?: number): ArticleRecord[] {
    return blogId === undefined
      ? this.#sql(`${ARTICLES} ORDER BY articles.id`).all().map(readArticle)
      : this.#sql(`${ARTICLES} WHERE articles.blog_id = ? ORDER BY articles.id`).all(blogId).map(readArticle);
  }

  articleById(id: number): ArticleRecord | null {
    const row = this.#sql(`${ARTICLES} WHERE articles.id = ?`).get(id);
    return row ? readArticle(row) : null;
  }

  saveArticle(input: ArticleInput): ArticleRecord {
    const a = parseContent(ArticleInputSchema, input, 'article');
    return this.#write(() => {
      const now = new Date().toISOString();
      this.#sql('INSERT INTO blogs (handle, title, created_at) VALUES (?, ?, ?) ON CONFLICT (handle) DO NOTHING').run(
        a.blogHandle,
        a.blogTitle ?? a.blogHandle.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()),
        now,
      );
      const blogId = int(this.#sql('SELECT id FROM blogs WHERE handle = ?').get(a.blogHandle)!, 'blogs', 'id');
      const handle = a.handle ?? slugify(a.title);
      const id = this.#sql(
        `INSERT INTO articles (blog_id, handle, title, author, body, excerpt, tags, published_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (blog_id, handle) DO UPDATE SET title = excluded.title, author = excluded.author, body = excluded.body,
           excerpt = excluded.excerpt, tags = excluded.tags, published_at = excluded.published_at
         RETURNING id`,
      ).get(blogId, handle, a.title, a.author, a.body, a.excerpt ?? null, JSON.stringify(a.tags), a.publishedAt ?? now);
      return this.articleById(int(id!, 'articles', 'id'))!;
    });
  }

  // ── Discount codes ───────────────────────────────────────────────────────────────────────────

  discountCode(code: string): DiscountCodeRecord | null {
    const row = this.#sql('SELECT * FROM discount_codes WHERE code = ?').get(code.trim());
    return row ? readDiscountCode(row) : null;
  }

  discountCodes(): DiscountCodeRecord[] {
    return this.#sql('SELECT * FROM discount_codes ORDER BY created_at, code').all().map(readDiscountCode);
  }

  saveDiscountCode(input: DiscountCodeInput): DiscountCodeRecord {
    const d = parseContent(DiscountCodeInputSchema, input, 'discount code');
    return this.#write(() => {
      this.#sql(
        `INSERT INTO discount_codes (code, percent_off, amount_off_cents, minimum_subtotal_cents, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (code) DO UPDATE SET percent_off = excluded.percent_off, amount_off_cents = excluded.amount_off_cents,
           minimum_subtotal_cents = excluded.minimum_subtotal_cents`,
      ).run(d.code, d.percentOff ?? null, d.amountOff ?? null, d.minimumSubtotal ?? 0, new Date().toISOString());
      return this.discountCode(d.code)!;
    });
  }

  deleteDiscountCode(code: string): boolean {
    return this.#write(() => Number(this.#sql('DELETE FROM discount_codes WHERE code = ?').run(code.trim()).changes) > 0);
  }
}
