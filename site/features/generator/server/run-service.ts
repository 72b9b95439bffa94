import { EventEmitter } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRAND } from '../../../../shared/common/index.ts';
import {
  RunStore,
  conceptOf,
  createRunner,
  pageStatus,
  processOwner,
  removeDesignFiles,
  type ConceptProvider,
  type DesignProvider,
  type ProductEdit,
  type Publisher,
  type RunProduct,
  type RunProductView,
  type RunRecord,
  type RunSummary,
  type Runner,
  type RunView,
  type Actor,
} from '../../../../shared/generator/index.ts';

export type { RunProductView, RunView };
import { DESIGN_FILE_NAME, designUrl } from './design-urls.ts';

/**
 * The server's side of runs (docs/behaviour/generator.md, "Runs"): the shared runner over the run
 * store in DATA_DIR, with the worker thread's providers, and the live view's wait for a change.
 */

export function productView(product: RunProduct): RunProductView {
  return {
    index: product.index,
    ...conceptOf(product),
    status: pageStatus(product.status),
    ...(product.status === 'generating' ? { activity: 'design' as const } : {}),
    ...(product.status === 'publishing' ? { activity: 'publish' as const } : {}),
    ...(product.error ? { error: product.error } : {}),
    ...(product.status === 'error' && product.failedStep ? { failedStep: product.failedStep } : {}),
    ...(product.preview ? { imageUrl: designUrl(product.preview) } : {}),
    ...(product.print ? { printUrl: designUrl(product.print) } : {}),
    ...(product.shopId ? { shopProductId: product.shopId } : {}),
    ...(product.handle ? { handle: product.handle } : {}),
    ...(product.publishedAt ? { publishedAt: product.publishedAt } : {}),
    ...(product.editedAt ? { editedAt: product.editedAt } : {}),
    ...(product.filesRemovedAt ? { filesRemovedAt: product.filesRemovedAt } : {}),
    ...(product.partlyPublished ? { partlyPublished: true } : {}),
  };
}

export function runView(run: RunRecord): RunView {
  return {
    id: run.id,
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
    count: run.count,
    theme: run.theme,
    ...(run.guidelines ? { guidelines: run.guidelines } : {}),
    state: run.state,
    progress: run.progress,
    ...(run.error ? { error: run.error } : {}),
    source: run.source,
    actor: run.actor,
    version: run.version,
    products: run.products.map(productView),
  };
}

export interface RunServiceOptions {
  dataDir: string;
  designsDir: string;
  delayMs: number;
  concepts: ConceptProvider;
  designs: DesignProvider;
  publisher: Publisher;
  onPublished?(product: RunProduct): void;
  log(line: string): void;
}

export interface RunService {
  runner: Runner;
  store: RunStore;
  get(runId: string): RunView | undefined;
  latestId(): string | undefined;
  list(): RunSummary[];
  start(input: { count: number; theme: string; guidelines?: string; actor: Actor | null }): RunView;
  edit(runId: string, index: number, edit: ProductEdit, actor: Actor | null): void;
  /**
   * Resolves once the run's version is past `after`, or after `timeoutMs` (the live view's long poll).
   * Changes made here wake it at once; changes from another process (the CLI) within a second.
   */
  waitForChange(runId: string, after: number, timeoutMs: number, signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

/** A design file's name from the path or file: URL the design store returned. */
function storedName(location: string): string {
  const file = location.startsWith('file:') ? fileURLToPath(location) : location;
  const name = path.basename(file);
  if (!DESIGN_FILE_NAME.test(name)) throw new Error(`The design store wrote an unexpected file name: ${name}`);
  return name;
}

export function createRunService(options: RunServiceOptions): RunService {
  const store = RunStore.open(options.dataDir);
  const changes = new EventEmitter();
  changes.setMaxListeners(0);

  const runner = createRunner({
    store,
    brand: BRAND,
    concepts: options.concepts,
    designs: options.designs,
    publisher: options.publisher,
    delayMs: options.delayMs,
    designFiles: (design) => ({
      preview: storedName(design.files?.preview ?? design.imageUrl),
      ...(design.files?.print ? { print: storedName(design.files.print) } : {}),
    }),
    imageUrlOf: (preview) => designUrl(preview),
    removeFiles: (names) => removeDesignFiles(options.designsDir, names),
    onChange: (runId) => changes.emit(runId),
    // The server records itself on the runs it drives, so `tshirt-gen runs resume` leaves them to it while it lives.
    owner: processOwner(),
    ownerKind: 'server',
    ...(options.onPublished ? { onPublished: options.onPublished } : {}),
    log: options.log,
  });

  // A tshirt-gen run killed outright cannot say so: whoever looks at the runs finds it out, at most
  // once a second however many tabs are waiting on their runs.
  let noticedAt = Number.NEGATIVE_INFINITY;
  const noticeInterrupted = () => {
    const now = performance.now();
    if (now - noticedAt < 1000) return;
    noticedAt = now;
    runner.noticeInterrupted();
  };

  return {
    runner,
    store,
    get(runId) {
      noticeInterrupted();
      const run = store.getRun(runId);
      return run ? runView(run) : undefined;
    },
    latestId: () => store.latestRunId(),
    list: () => {
      noticeInterrupted();
      return store.listRuns();
    },
    start(input) {
      const id = runner.start({ ...input, source: 'page' });
      return runView(store.getRun(id)!);
    },
    edit(runId, index, edit, actor) {
      runner.edit(runId, index, edit, actor);
    },
    waitForChange(runId, after, timeoutMs, signal) {
      return new Promise((resolve) => {
        const current = store.version(runId);
        if (current === undefined || current > after || signal?.aborted) return resolve();
        const finish = () => {
          clearTimeout(timer);
          clearInterval(tick);
          changes.off(runId, finish);
          signal?.removeEventListener('abort', finish);
          resolve();
        };
        const timer = setTimeout(finish, timeoutMs);
        // Another process (the CLI) writes to the same store without telling this one.
        const tick = setInterval(() => {
          noticeInterrupted();
          if ((store.version(runId) ?? after + 1) > after) finish();
        }, 1000);
        changes.on(runId, finish);
        signal?.addEventListener('abort', finish, { once: true });
      });
    },
    async close() {
      await runner.close();
      store.close();
    },
  };
}
