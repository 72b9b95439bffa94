import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { Actor, CliRunSettings, Concept, ProductStatus, RunState, RunSummary } from '../types.ts';
import { ownerAlive, processOwner, type OwnerKind } from './owner.ts';

export type { Actor, CliRunSettings, RunState, RunSummary };

/**
 * The generator's runs as records (docs/behaviour/generator.md, "Runs"): settings, concepts, each
 * product's status, design files, edits, publish results, timestamps and who did it, in SQLite
 * (`DATA_DIR/generator/runs.db`). WAL and a busy timeout, so the server and a CLI sharing the
 * DATA_DIR write to the same store. Every change bumps the run's `version`, which the page's live
 * view waits on.
 */

/** A product's state in the store: the page's statuses, with publishing told apart from designing. */
export type StoredStatus = 'pending' | 'generating' | 'ready' | 'publishing' | 'published' | 'error';

export interface RunProduct extends Concept {
  index: number;
  status: StoredStatus;
  error?: string;
  /** Which step the error belongs to, for Retry: the design, or publishing. */
  failedStep?: 'design' | 'publish';
  /** Stored design file names (in the designs folder), once the design exists. */
  preview?: string;
  print?: string;
  /** How many designs were asked for; a regenerated design uses it to pick another colour order. */
  designAttempt: number;
  publishKey: string;
  shopId?: string;
  handle?: string;
  publishedAt?: string;
  editedAt?: string;
  discarded: boolean;
  /** When disk clean-up removed its design files (docs/behaviour/generator.md, "Disk hygiene"). */
  filesRemovedAt?: string;
  /**
   * While it is `publishing`: the process that claimed it (owner.ts; `updateProduct` records it), so
   * a process starting up takes over only a publish whose process is gone. None on claims older than
   * the column. While it is ready or failed: the process taking it out of the shop (the Discard of a
   * partly published product), so nobody publishes it meanwhile.
   */
  publisher?: string;
  /**
   * Not published, but a publish of it began (the claim sets it) and may have left it in the shop under
   * its publish key: a change now would not reach the shop, so none is allowed until it is published.
   * A failed publish whose publisher knows the shop holds nothing under the key clears it.
   */
  partlyPublished?: boolean;
  updatedAt: string;
}

/** A run as stored: its fields as the page sees them (RunView), with the stored products. */
export interface RunRecord extends Omit<import('../types.ts').RunView, 'products'> {
  /**
   * The process driving the run's designs (`{host}:{pid}`, see owner.ts): the server's or a
   * tshirt-gen's; none on runs recorded before the server named itself, or once a server shut down.
   */
  owner?: string;
  /** Which program the owner is; runs recorded before it was kept were tshirt-gen's. */
  ownerKind?: OwnerKind;
  /** What a `tshirt-gen generate` run was asked for beyond count, theme and guidelines. */
  cli?: CliRunSettings;
  /** Every product not discarded, in list order. */
  products: RunProduct[];
}

export interface RunEvent {
  at: string;
  index: number | null;
  kind: string;
  actor: Actor | null;
  detail: unknown;
}

export type ProductPatch = Partial<
  Pick<
    RunProduct,
    | 'status'
    | 'error'
    | 'failedStep'
    | 'preview'
    | 'print'
    | 'designAttempt'
    | 'shopId'
    | 'handle'
    | 'publishedAt'
    | 'editedAt'
    | 'name'
    | 'description'
    | 'price'
    | 'category'
    | 'quote_primary'
    | 'publisher'
    | 'partlyPublished'
  >
>;

const BUSY_TIMEOUT_MS = 15_000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  count INTEGER NOT NULL,
  theme TEXT NOT NULL,
  guidelines TEXT,
  state TEXT NOT NULL,
  progress TEXT NOT NULL DEFAULT '',
  error TEXT,
  source TEXT NOT NULL,
  actor_id TEXT,
  actor_email TEXT,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS runs_created ON runs (created_at DESC);
CREATE TABLE IF NOT EXISTS run_products (
  run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  price REAL NOT NULL,
  category TEXT NOT NULL,
  quote_primary TEXT NOT NULL,
  keywords TEXT NOT NULL,
  status TEXT NOT NULL,
  error TEXT,
  failed_step TEXT,
  preview_file TEXT,
  print_file TEXT,
  design_attempt INTEGER NOT NULL DEFAULT 0,
  publish_key TEXT NOT NULL UNIQUE,
  shop_id TEXT,
  handle TEXT,
  published_at TEXT,
  edited_at TEXT,
  discarded_at TEXT,
  files_removed INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (run_id, idx)
);
CREATE TABLE IF NOT EXISTS run_events (
  id INTEGER PRIMARY KEY,
  run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  idx INTEGER,
  at TEXT NOT NULL,
  kind TEXT NOT NULL,
  actor_id TEXT,
  actor_email TEXT,
  detail TEXT
);
CREATE INDEX IF NOT EXISTS run_events_run ON run_events (run_id, id);
`;

/** Columns added after the first release, to stores made before them (ALTER TABLE … ADD COLUMN). */
const ADDED_COLUMNS: ReadonlyArray<{ table: string; column: string; definition: string }> = [
  { table: 'runs', column: 'owner', definition: 'TEXT' },
  { table: 'runs', column: 'cli_settings', definition: 'TEXT' },
  { table: 'run_products', column: 'files_removed_at', definition: 'TEXT' },
  { table: 'run_products', column: 'publisher', definition: 'TEXT' },
  { table: 'runs', column: 'owner_kind', definition: 'TEXT' },
  { table: 'run_products', column: 'partly_published', definition: 'INTEGER NOT NULL DEFAULT 0' },
];

type Row = Record<string, SQLInputValue>;

const text = (value: SQLInputValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

function productFrom(row: Row): RunProduct {
  const optional = <K extends keyof RunProduct>(key: K, value: RunProduct[K] | undefined) =>
    value === undefined || value === null ? {} : ({ [key]: value } as Pick<RunProduct, K>);
  return {
    index: Number(row.idx),
    name: String(row.name),
    description: String(row.description),
    price: Number(row.price),
    category: String(row.category),
    quote_primary: String(row.quote_primary),
    keywords: JSON.parse(String(row.keywords)) as string[],
    status: String(row.status) as StoredStatus,
    ...optional('error', text(row.error)),
    ...optional('failedStep', text(row.failed_step) as RunProduct['failedStep']),
    ...optional('preview', text(row.preview_file)),
    ...optional('print', text(row.print_file)),
    designAttempt: Number(row.design_attempt),
    publishKey: String(row.publish_key),
    ...optional('shopId', text(row.shop_id)),
    ...optional('handle', text(row.handle)),
    ...optional('publishedAt', text(row.published_at)),
    ...optional('editedAt', text(row.edited_at)),
    discarded: row.discarded_at !== null && row.discarded_at !== undefined,
    ...optional('filesRemovedAt', text(row.files_removed_at)),
    ...optional('publisher', text(row.publisher)),
    ...(Number(row.partly_published) === 1 && row.status !== 'published' ? { partlyPublished: true } : {}),
    updatedAt: String(row.updated_at),
  };
}

const COLUMN: Record<keyof ProductPatch, string> = {
  status: 'status',
  error: 'error',
  failedStep: 'failed_step',
  preview: 'preview_file',
  print: 'print_file',
  designAttempt: 'design_attempt',
  shopId: 'shop_id',
  handle: 'handle',
  publishedAt: 'published_at',
  editedAt: 'edited_at',
  name: 'name',
  description: 'description',
  price: 'price',
  category: 'category',
  quote_primary: 'quote_primary',
  publisher: 'publisher',
  partlyPublished: 'partly_published',
};

/** Whether a live process is taking the product out of the shop: it names a publisher while it is not being published. */
function beingRemoved(product: RunProduct): boolean {
  return product.status !== 'publishing' && product.publisher !== undefined && ownerAlive(product.publisher);
}

/** The spec's status of a stored one: publishing shows as 'generating' (docs/behaviour/generator.md). */
export function pageStatus(status: StoredStatus): ProductStatus {
  return status === 'publishing' ? 'generating' : status;
}

/** A run id: short, random, safe in a URL. */
function newRunId(): string {
  return randomBytes(8).toString('hex');
}

export const RUNS_DB_PATH = path.join('generator', 'runs.db');

/** A product whose design files may be removed, and why: it was discarded, or its run is past retention. */
export interface RemovableFiles {
  runId: string;
  index: number;
  reason: 'discarded' | 'retention';
  files: string[];
}

export interface RunStoreOptions {
  /** The clock every timestamp comes from (tests move it; the disk clean-up compares against it). */
  now?: () => Date;
}

/** Creates the tables, and adds the columns a store made by an older version lacks, in one write. */
function migrate(db: DatabaseSync): void {
  // IMMEDIATE: two processes opening a new store at once take turns (busy timeout) instead of racing.
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(SCHEMA);
    for (const { table, column, definition } of ADDED_COLUMNS) {
      const columns = db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as Row[];
      if (!columns.some((row) => row.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
    }
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  db.exec('COMMIT');
}

export class RunStore {
  readonly #db: DatabaseSync;
  readonly #clock: () => Date;
  readonly #statements = new Map<string, ReturnType<DatabaseSync['prepare']>>();

  private constructor(db: DatabaseSync, clock: () => Date) {
    this.#db = db;
    this.#clock = clock;
  }

  /**
   * Opens (creating) `DATA_DIR/generator/runs.db`. Several processes may hold it open at once (the
   * server, CLI runs): WAL lets readers go on while one writes, and a writer waits its turn for up to
   * BUSY_TIMEOUT_MS (every write takes the lock up front, so none is refused halfway).
   */
  static open(dataDir: string, options: RunStoreOptions = {}): RunStore {
    const file = path.join(dataDir, RUNS_DB_PATH);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS, enableForeignKeyConstraints: true });
    try {
      db.exec('PRAGMA journal_mode = WAL');
      // NORMAL is crash-safe in WAL mode: a killed process loses nothing committed.
      db.exec('PRAGMA synchronous = NORMAL');
      migrate(db);
    } catch (error) {
      db.close();
      throw new Error(`Cannot open the generator's runs at ${file}: ${(error as Error).message}`, { cause: error });
    }
    return new RunStore(db, options.now ?? (() => new Date()));
  }

  /** The store's clock, as an ISO timestamp. */
  now(): string {
    return this.#clock().toISOString();
  }

  #sql(query: string) {
    let statement = this.#statements.get(query);
    if (!statement) {
      statement = this.#db.prepare(query);
      this.#statements.set(query, statement);
    }
    return statement;
  }

  #write<T>(work: () => T): T {
    this.#db.exec('BEGIN IMMEDIATE');
    let result: T;
    try {
      result = work();
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
    this.#db.exec('COMMIT');
    return result;
  }

  #touch(runId: string, now: string): void {
    this.#sql('UPDATE runs SET version = version + 1, updated_at = ? WHERE id = ?').run(now, runId);
  }

  #event(runId: string, index: number | null, kind: string, actor: Actor | null, detail: unknown, now: string): void {
    this.#sql('INSERT INTO run_events (run_id, idx, at, kind, actor_id, actor_email, detail) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      runId,
      index,
      now,
      kind,
      actor?.id ?? null,
      actor?.email ?? null,
      detail === undefined ? null : JSON.stringify(detail),
    );
  }

  createRun(input: {
    count: number;
    theme: string;
    guidelines?: string;
    source: 'page' | 'cli';
    actor: Actor | null;
    owner?: string;
    ownerKind?: OwnerKind;
    cli?: CliRunSettings;
  }): string {
    const id = newRunId();
    const now = this.now();
    this.#write(() => {
      this.#sql(
        `INSERT INTO runs (id, created_at, updated_at, count, theme, guidelines, state, source, actor_id, actor_email, owner, owner_kind, cli_settings)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        now,
        now,
        input.count,
        input.theme,
        input.guidelines ?? null,
        'running',
        input.source,
        input.actor?.id ?? null,
        input.actor?.email ?? null,
        input.owner ?? null,
        input.owner ? (input.ownerKind ?? 'cli') : null,
        input.cli ? JSON.stringify(input.cli) : null,
      );
      this.#event(id, null, 'started', input.actor, { count: input.count, theme: input.theme }, now);
    });
    return id;
  }

  getRun(id: string): RunRecord | undefined {
    const row = this.#sql('SELECT * FROM runs WHERE id = ?').get(id) as Row | undefined;
    if (!row) return undefined;
    const products = (this.#sql('SELECT * FROM run_products WHERE run_id = ? AND discarded_at IS NULL ORDER BY idx').all(id) as Row[]).map(
      productFrom,
    );
    const actorId = text(row.actor_id);
    return {
      id: String(row.id),
      createdAt: String(row.created_at),
      updatedAt: String(row.updated_at),
      count: Number(row.count),
      theme: String(row.theme),
      ...(text(row.guidelines) ? { guidelines: text(row.guidelines)! } : {}),
      state: String(row.state) as RunState,
      progress: String(row.progress),
      ...(text(row.error) ? { error: text(row.error)! } : {}),
      source: String(row.source) as 'page' | 'cli',
      actor: actorId ? { id: actorId, email: text(row.actor_email) ?? '' } : null,
      ...(text(row.owner) ? { owner: text(row.owner)! } : {}),
      ...(text(row.owner) && text(row.owner_kind) ? { ownerKind: text(row.owner_kind) as OwnerKind } : {}),
      ...(text(row.cli_settings) ? { cli: JSON.parse(text(row.cli_settings)!) as CliRunSettings } : {}),
      version: Number(row.version),
      products,
    };
  }

  /** The run's version, or undefined when there is no such run (cheap: the live view polls it). */
  version(id: string): number | undefined {
    const row = this.#sql('SELECT version FROM runs WHERE id = ?').get(id) as Row | undefined;
    return row ? Number(row.version) : undefined;
  }

  latestRunId(): string | undefined {
    const row = this.#sql('SELECT id FROM runs ORDER BY created_at DESC, rowid DESC LIMIT 1').get() as Row | undefined;
    return row ? String(row.id) : undefined;
  }

  listRuns(limit = 50): RunSummary[] {
    const rows = this.#sql(
      `SELECT r.id, r.created_at, r.theme, r.count, r.state, r.source,
        SUM(CASE WHEN p.status = 'ready' THEN 1 ELSE 0 END) AS ready,
        SUM(CASE WHEN p.status = 'published' THEN 1 ELSE 0 END) AS published,
        SUM(CASE WHEN p.status = 'error' THEN 1 ELSE 0 END) AS failed
       FROM runs r LEFT JOIN run_products p ON p.run_id = r.id AND p.discarded_at IS NULL
       GROUP BY r.id ORDER BY r.created_at DESC, r.rowid DESC LIMIT ?`,
    ).all(limit) as Row[];
    return rows.map((row) => ({
      id: String(row.id),
      createdAt: String(row.created_at),
      theme: String(row.theme),
      count: Number(row.count),
      state: String(row.state) as RunState,
      source: String(row.source) as 'page' | 'cli',
      ready: Number(row.ready ?? 0),
      published: Number(row.published ?? 0),
      failed: Number(row.failed ?? 0),
    }));
  }

  /** Runs whose generation was going when the process stopped. */
  runningRunIds(): string[] {
    return (this.#sql("SELECT id FROM runs WHERE state = 'running' ORDER BY created_at").all() as Row[]).map((row) => String(row.id));
  }

  /**
   * Runs with designs still to make when the process stopped: every running run (its concepts may not
   * be made yet), and any other with a product waiting for its design or being designed (a redesign
   * in a finished or stopped run), oldest first.
   */
  runsWithDesignsToMake(): string[] {
    return (
      this.#sql(
        `SELECT id FROM runs r WHERE r.state = 'running' OR EXISTS (
           SELECT 1 FROM run_products p
           WHERE p.run_id = r.id AND p.status IN ('pending', 'generating') AND p.discarded_at IS NULL)
         ORDER BY r.created_at`,
      ).all() as Row[]
    ).map((row) => String(row.id));
  }

  /** Products whose publishing was going when the process stopped: [runId, index]. */
  publishingProducts(): Array<{ runId: string; index: number }> {
    return (this.#sql("SELECT run_id, idx FROM run_products WHERE status = 'publishing' AND discarded_at IS NULL").all() as Row[]).map(
      (row) => ({ runId: String(row.run_id), index: Number(row.idx) }),
    );
  }

  setProgress(runId: string, progress: string): void {
    const now = this.now();
    this.#write(() => {
      this.#sql('UPDATE runs SET progress = ? WHERE id = ?').run(progress, runId);
      this.#touch(runId, now);
    });
  }

  /**
   * Which process drives the run's designs from now on (undefined: none), and what it is. With `from`,
   * only while the run's owner is still that one (null: none), in one write, so of two processes taking
   * over the same run at once, one does; true when the owner was written.
   */
  setOwner(runId: string, owner: string | undefined, options: { kind?: OwnerKind; from?: string | null } = {}): boolean {
    return this.#write(() => {
      const kind = owner ? (options.kind ?? 'cli') : null;
      const result =
        options.from === undefined
          ? this.#sql('UPDATE runs SET owner = ?, owner_kind = ? WHERE id = ?').run(owner ?? null, kind, runId)
          : this.#sql('UPDATE runs SET owner = ?, owner_kind = ? WHERE id = ? AND owner IS ?').run(
              owner ?? null,
              kind,
              runId,
              options.from,
            );
      return Number(result.changes) > 0;
    });
  }

  setState(runId: string, state: RunState, options: { error?: string; actor?: Actor | null; detail?: Record<string, unknown> } = {}): void {
    const now = this.now();
    const detail = options.error || options.detail ? { ...options.detail, ...(options.error ? { error: options.error } : {}) } : undefined;
    this.#write(() => {
      this.#sql('UPDATE runs SET state = ?, error = ? WHERE id = ?').run(state, options.error ?? null, runId);
      this.#event(runId, null, state, options.actor ?? null, detail, now);
      this.#touch(runId, now);
    });
  }

  /** The run's concepts, as pending products, each with its own publish key. */
  addConcepts(runId: string, concepts: readonly Concept[]): void {
    const now = this.now();
    this.#write(() => {
      concepts.forEach((concept, index) => {
        this.#sql(
          `INSERT INTO run_products (run_id, idx, name, description, price, category, quote_primary, keywords, status, publish_key, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
        ).run(
          runId,
          index,
          concept.name,
          concept.description,
          concept.price,
          concept.category,
          concept.quote_primary,
          JSON.stringify(concept.keywords),
          randomBytes(6).toString('hex'),
          now,
        );
      });
      this.#event(runId, null, 'concepts', null, { count: concepts.length }, now);
      this.#touch(runId, now);
    });
  }

  getProduct(runId: string, index: number): RunProduct | undefined {
    const row = this.#sql('SELECT * FROM run_products WHERE run_id = ? AND idx = ?').get(runId, index) as Row | undefined;
    return row ? productFrom(row) : undefined;
  }

  /**
   * Changes a product, only if its status is one of `from` (when given), in one write: two tabs
   * asking for the same change find one of them too late. Returns the product after the change,
   * or undefined when it was not in one of those states (or is gone).
   */
  updateProduct(
    runId: string,
    index: number,
    patch: ProductPatch,
    options: {
      from?: readonly StoredStatus[];
      /** Only while this process (null: none) holds its publish: a publish is taken over once. */
      fromPublisher?: string | null;
      /** Not when it is partly published (a change would not reach the shop). */
      unlessPartlyPublished?: boolean;
      /** Not while a live process is taking it out of the shop (a publisher named on a product not being published). */
      unlessRemoving?: boolean;
      event?: { kind: string; actor: Actor | null; detail?: unknown };
    } = {},
  ): RunProduct | undefined {
    const now = this.now();
    return this.#write(() => {
      const current = this.getProduct(runId, index);
      if (!current || current.discarded) return undefined;
      if (options.from && !options.from.includes(current.status)) return undefined;
      if (options.fromPublisher !== undefined && (current.publisher ?? null) !== options.fromPublisher) return undefined;
      if (options.unlessPartlyPublished && current.partlyPublished) return undefined;
      if (options.unlessRemoving && beingRemoved(current)) return undefined;
      const entries = Object.entries(patch) as Array<[keyof ProductPatch, unknown]>;
      // A new status clears a stale error and failed step unless the patch sets them.
      if (patch.status && patch.status !== 'error') {
        if (!('error' in patch)) entries.push(['error', undefined]);
        if (!('failedStep' in patch)) entries.push(['failedStep', undefined]);
      }
      // Only a publish in progress has a publisher: the process that set it going, unless the patch names one.
      if (patch.status && !('publisher' in patch)) entries.push(['publisher', patch.status === 'publishing' ? processOwner() : undefined]);
      const sets = entries.map(([key]) => `${COLUMN[key]} = ?`);
      const values = entries.map(([, value]) =>
        value === undefined ? null : typeof value === 'boolean' ? Number(value) : (value as SQLInputValue),
      );
      // A new design (or one on its way) replaces what disk clean-up removed.
      if ('preview' in patch) sets.push('files_removed = 0', 'files_removed_at = NULL');
      this.#sql(`UPDATE run_products SET ${[...sets, 'updated_at = ?'].join(', ')} WHERE run_id = ? AND idx = ?`).run(
        ...values,
        now,
        runId,
        index,
      );
      if (options.event) this.#event(runId, index, options.event.kind, options.event.actor, options.event.detail, now);
      this.#touch(runId, now);
      return this.getProduct(runId, index);
    });
  }

  /**
   * Takes the product out of the run, if it is in one of `from`; its files are the caller's to remove.
   * A partly published product only with `heldBy`, while that process holds it (it took the product
   * out of the shop first), and `removedFromShop`, what the shop gave up for it, is recorded in the
   * same write.
   */
  discardProduct(
    runId: string,
    index: number,
    from: readonly StoredStatus[],
    actor: Actor | null,
    options: { heldBy?: string; removedFromShop?: { shopId: string; handle?: string } } = {},
  ): RunProduct | undefined {
    const now = this.now();
    return this.#write(() => {
      const current = this.getProduct(runId, index);
      if (!current || current.discarded || !from.includes(current.status)) return undefined;
      if (options.heldBy === undefined ? current.partlyPublished : current.publisher !== options.heldBy) return undefined;
      if (options.removedFromShop) this.#event(runId, index, 'removed-from-shop', actor, options.removedFromShop, now);
      // Taken out of the shop first (or the shop held nothing): no longer partly published, nor held.
      const released = options.heldBy === undefined ? '' : ', publisher = NULL, partly_published = 0';
      this.#sql(`UPDATE run_products SET discarded_at = ?, updated_at = ?${released} WHERE run_id = ? AND idx = ?`).run(
        now,
        now,
        runId,
        index,
      );
      this.#event(runId, index, 'discarded', actor, undefined, now);
      this.#touch(runId, now);
      return current;
    });
  }

  events(runId: string): RunEvent[] {
    return (this.#sql('SELECT * FROM run_events WHERE run_id = ? ORDER BY id').all(runId) as Row[]).map((row) => {
      const actorId = text(row.actor_id);
      return {
        at: String(row.at),
        index: row.idx === null ? null : Number(row.idx),
        kind: String(row.kind),
        actor: actorId ? { id: actorId, email: text(row.actor_email) ?? '' } : null,
        detail: row.detail === null ? null : (JSON.parse(String(row.detail)) as unknown),
      };
    });
  }

  /**
   * Products whose design files may go (docs/behaviour/generator.md, "Disk hygiene"): discarded ones,
   * and those of runs created before `olderThan` that have not changed since. Never a published
   * product's, nor one being designed or published.
   */
  removableFiles(olderThan: string): RemovableFiles[] {
    const rows = this.#sql(
      `SELECT p.run_id, p.idx, p.preview_file, p.print_file, p.discarded_at FROM run_products p JOIN runs r ON r.id = p.run_id
       WHERE p.files_removed = 0 AND (p.preview_file IS NOT NULL OR p.print_file IS NOT NULL)
         AND p.status NOT IN ('published', 'publishing', 'generating')
         AND (p.discarded_at IS NOT NULL OR (r.created_at < ? AND p.updated_at < ?))
       ORDER BY r.created_at, p.idx`,
    ).all(olderThan, olderThan) as Row[];
    return rows.map((row) => ({
      runId: String(row.run_id),
      index: Number(row.idx),
      reason: row.discarded_at === null ? 'retention' : 'discarded',
      files: [text(row.preview_file), text(row.print_file)].filter((f): f is string => Boolean(f)),
    }));
  }

  /**
   * Records that the product's design files are going, if they are still `files` and the product is
   * still not published nor being worked on: one write, so a product claimed for publishing (or given
   * a new design) meanwhile keeps its files. True when recorded; the caller then deletes the files.
   */
  filesRemoved(runId: string, index: number, files: readonly string[], reason: RemovableFiles['reason']): boolean {
    const now = this.now();
    return this.#write(() => {
      const current = this.getProduct(runId, index);
      if (!current || !['pending', 'ready', 'error'].includes(current.status)) return false;
      const named = [current.preview, current.print].filter((f): f is string => Boolean(f));
      if (named.length === 0 || named.join('\n') !== files.join('\n')) return false;
      this.#sql(
        `UPDATE run_products SET files_removed = 1, files_removed_at = ?, preview_file = NULL, print_file = NULL, updated_at = ?
         WHERE run_id = ? AND idx = ?`,
      ).run(now, now, runId, index);
      this.#event(runId, index, 'files-removed', null, { reason, files }, now);
      this.#touch(runId, now);
      return true;
    });
  }

  /** Every design file a run still refers to (a file in the designs folder that no run names is an orphan). */
  referencedFiles(): Set<string> {
    const rows = this.#sql('SELECT preview_file, print_file FROM run_products').all() as Row[];
    const names = new Set<string>();
    for (const row of rows) {
      if (text(row.preview_file)) names.add(String(row.preview_file));
      if (text(row.print_file)) names.add(String(row.print_file));
    }
    return names;
  }

  close(): void {
    this.#statements.clear();
    if (this.#db.isOpen) this.#db.close();
  }
}
