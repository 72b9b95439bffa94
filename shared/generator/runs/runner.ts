import type { BrandProfile, ErrorKind } from '../../common/index.ts';
import { GENERATOR_MESSAGES } from '../messages.ts';
import {
  GenerationFailed,
  PipelineCancelled,
  conceptOf,
  designProducts,
  errorMessage,
  generateProducts,
  publishProducts,
} from '../pipeline.ts';
import type { Concept, ConceptProvider, DesignProvider, DesignResult, GeneratedProduct, Publisher, RemovedProduct } from '../types.ts';
import { slugify } from '../../local-shop/index.ts';
import { ownerAlive, ownerLabel, processOwner, type OwnerKind } from './owner.ts';
import { pageStatus, type Actor, type RunProduct, type RunRecord, type RunStore, type StoredStatus } from './run-store.ts';

/**
 * Runs as records, driven through the shared pipeline (docs/behaviour/generator.md, "Runs"): the
 * server and the CLI both start, resume, stop, edit and publish runs here. Every step is written to
 * the run store before the next begins, so a process killed at any moment resumes where it stood:
 * a finished design is never made again, an unfinished one is made (once) on resume, and a product
 * whose publishing was cut short is published again under the same publish key, which the
 * publisher uses to find the product it already made.
 */

export interface RunnerHost {
  store: RunStore;
  brand: BrandProfile;
  concepts: ConceptProvider;
  designs: DesignProvider;
  publisher: Publisher;
  delayMs: number;
  /** The stored file names of a finished design (preview, and print file when there is one). */
  designFiles(design: DesignResult): { preview: string; print?: string };
  /** The URL the publisher reads a stored preview from. */
  imageUrlOf(preview: string): string;
  /** Deletes stored design files by name (a discarded or replaced design). */
  removeFiles(names: readonly string[]): Promise<void>;
  /** After every change to a run (the live view wakes on it). */
  onChange?(runId: string): void;
  /** After each product is published (the store rebuilds). */
  onPublished?(product: RunProduct): void;
  /**
   * This process as a run's owner (owner.ts, processOwner()), recorded on the runs it drives: the
   * server's own runs, and those the CLI resumes. Without one, runs are driven unowned.
   */
  owner?: string;
  /** What this process is, as the refusals name it (default: tshirt-gen). */
  ownerKind?: OwnerKind;
  log?(line: string): void;
}

export interface StartRun {
  count: number;
  theme: string;
  guidelines?: string;
  source: 'page' | 'cli';
  actor: Actor | null;
}

/** Fields staff may change on a card, with the same limits as generation (validated by the caller). */
export type ProductEdit = Partial<Pick<Concept, 'name' | 'quote_primary' | 'description' | 'price' | 'category'>>;

/** A request the run cannot do in the product's current state (a 409 on the API). */
export class RunConflict extends Error {
  override name = 'RunConflict';
  readonly kind: ErrorKind = 'conflict';
}

export class RunNotFound extends Error {
  override name = 'RunNotFound';
  readonly kind: ErrorKind = 'not-found';
}

/**
 * A Discard refused because the shop could not give up what it holds under the product's publish key
 * (a 502 on the API): the product stays in the run, partly published.
 */
export class ShopRemovalFailed extends Error {
  override name = 'ShopRemovalFailed';
  readonly kind: ErrorKind = 'upstream';
}

export const STOPPED_BEFORE_DESIGN = 'Stopped before its design was made';

/** The brand's colours, turned by the attempt number: a regenerated design gets another colour order. */
export function colorsForAttempt(colors: readonly string[], attempt: number): string[] {
  const shift = colors.length === 0 ? 0 : attempt % colors.length;
  return [...colors.slice(shift), ...colors.slice(0, shift)];
}

/**
 * The product's handle in the shop, which is also its publish key: fixed at the first claim (the
 * name then, and the product's random key), so a retry finds the product by it even after a rename.
 */
export function publishHandle(product: Pick<RunProduct, 'name' | 'publishKey' | 'handle'>): string {
  return product.handle ?? `${slugify(product.name).slice(0, 60).replace(/-+$/, '')}-${product.publishKey}`;
}

type DesignFiles = RunnerHost['designFiles'];

/**
 * Writes a pipeline snapshot of one product's design step to the store: the server's runs and the
 * CLI's `generate` record designs the same way.
 */
export function recordDesignChange(store: RunStore, runId: string, product: GeneratedProduct, designFiles: DesignFiles): void {
  if (product.status === 'generating') {
    store.updateProduct(runId, product.index, { status: 'generating' });
  } else if (product.status === 'ready' && product.imageUrl) {
    const files = designFiles({ imageUrl: product.imageUrl, ...(product.files ? { files: product.files } : {}) });
    store.updateProduct(runId, product.index, { status: 'ready', preview: files.preview, print: files.print });
  } else if (product.status === 'error') {
    store.updateProduct(runId, product.index, { status: 'error', error: product.error ?? 'Unknown error', failedStep: 'design' });
  } else if (product.status === 'pending') {
    // A design cut short goes back to waiting, unless Stop has already marked it.
    store.updateProduct(runId, product.index, { status: 'pending' }, { from: ['generating'] });
  }
}

/**
 * Claims a ready product for publishing under its publish key, in one write (ready → publishing): of
 * the page's Publish, `runs publish` and a `generate --publish` run, whichever comes first gets it and
 * the others find it taken. The product after the claim, or undefined when it was not ready.
 */
export function claimPublish(store: RunStore, runId: string, product: RunProduct, actor: Actor | null): RunProduct | undefined {
  // From here on the shop may hold it under its key, until it is published or a failure says otherwise.
  const claim = { status: 'publishing' as const, handle: publishHandle(product), partlyPublished: true };
  // Not while a Discard is taking it out of the shop.
  return store.updateProduct(runId, product.index, claim, { from: ['ready'], unlessRemoving: true, event: { kind: 'publish', actor } });
}

/**
 * Writes a pipeline snapshot of one product's publishing, claimed beforehand (claimPublish), to the
 * store; the product after it, or undefined when the store had it in another state. Only a product
 * still `publishing` is written: another publisher's record is never overwritten.
 */
export function recordPublishChange(store: RunStore, runId: string, product: GeneratedProduct): RunProduct | undefined {
  const { index } = product;
  const claimed = { from: ['publishing'] as const };
  switch (product.status) {
    case 'published':
      return store.updateProduct(
        runId,
        index,
        {
          status: 'published',
          ...(product.shopProductId ? { shopId: product.shopProductId } : {}),
          ...(product.handle ? { handle: product.handle } : {}),
          publishedAt: store.now(),
        },
        { ...claimed, event: { kind: 'published', actor: null, detail: { shopId: product.shopProductId, handle: product.handle } } },
      );
    case 'error': {
      const message = product.error ?? 'Unknown error';
      return store.updateProduct(
        runId,
        index,
        // Only a publisher that knows the shop holds nothing under the key lets the product be changed again.
        { status: 'error', error: message, failedStep: 'publish', ...(product.nothingInShop ? { partlyPublished: false } : {}) },
        { ...claimed, event: { kind: 'publish-failed', actor: null, detail: { error: message } } },
      );
    }
    case 'ready':
      // Cut short (Ctrl-C): back to ready, keeping the key, so a later publish finds the product if it was made.
      return store.updateProduct(runId, index, { status: 'ready' }, claimed);
    default:
      // 'generating': the claim has already made it publishing.
      return undefined;
  }
}

/**
 * Whether nobody is carrying out a publish claimed by `claimant`: its process is gone, or the claim is
 * older than claims naming their process. Another live process's publish (a `runs publish` going on),
 * or one on another machine, which cannot be checked, is its own; this process's own counts as
 * nobody's when `mine` says so.
 */
function nobodyPublishing(claimant: string | undefined, mine: boolean): boolean {
  if (!claimant) return true;
  return claimant === processOwner() ? mine : !ownerAlive(claimant);
}

/**
 * Takes over the publishes of a run that nobody is carrying out, once each, and returns their
 * indices. A claim by this very process counts as nobody's: a process starting up publishes nothing
 * yet, so such a claim was left by an earlier runner in it. The take-over is one conditional write,
 * so of two processes starting at once, one publishes it.
 */
export function takeOverOrphanedPublishes(store: RunStore, runId: string): number[] {
  const me = processOwner();
  const taken: number[] = [];
  for (const product of store.getRun(runId)?.products ?? []) {
    if (product.status !== 'publishing' || !nobodyPublishing(product.publisher, true)) continue;
    const claim = { from: ['publishing'] as const, fromPublisher: product.publisher ?? null };
    if (store.updateProduct(runId, product.index, { publisher: me }, claim)) taken.push(product.index);
  }
  return taken;
}

/**
 * Records a run as stopped: the designs not made are marked so (`runs resume` makes them), and with
 * `releasePublishing` a publish nobody will finish goes back to ready (its publish key stays, so a
 * later publish finds the product if it was made): one whose process is gone (or unnamed), and with
 * `'including mine'` this process's own, as a process that is stopping says. A publish another live
 * process is carrying out goes on.
 */
export function markStopped(
  store: RunStore,
  runId: string,
  options: { actor: Actor | null; releasePublishing?: 'orphaned' | 'including mine'; detail?: Record<string, unknown> },
): void {
  const run = store.getRun(runId);
  if (!run) return;
  for (const product of run.products) {
    if (product.status === 'pending' || product.status === 'generating')
      store.updateProduct(runId, product.index, { status: 'error', error: STOPPED_BEFORE_DESIGN, failedStep: 'design' });
    else if (
      product.status === 'publishing' &&
      options.releasePublishing &&
      nobodyPublishing(product.publisher, options.releasePublishing === 'including mine')
    )
      store.updateProduct(runId, product.index, { status: 'ready' }, { from: ['publishing'], fromPublisher: product.publisher ?? null });
  }
  store.setState(runId, 'stopped', { actor: options.actor, ...(options.detail ? { detail: options.detail } : {}) });
  store.setProgress(runId, '');
}

/**
 * A change refused because a publish of the product began and may have left it in the shop as it was
 * (RunProduct.partlyPublished): the publish key would find that product, and the change would never
 * reach the shop. Finishing the publish comes first.
 */
function partlyPublishedConflict(product: RunProduct): RunConflict {
  const until = !product.preview
    ? '(its design files are gone: Discard it)'
    : `until ${product.status === 'error' ? 'Retry' : 'Publish'} finishes publishing it`;
  return new RunConflict(`${product.name} was partly published: the shop already has it as it was, so it cannot be changed ${until}`);
}

/** Whether Retry of this product publishes it (its publish failed and its design is still there) rather than designing it again. */
function retryPublishes(product: RunProduct): boolean {
  return product.status === 'error' && product.failedStep === 'publish' && Boolean(product.preview);
}

function asGenerated(product: RunProduct, imageUrlOf: (preview: string) => string): GeneratedProduct {
  return {
    index: product.index,
    ...conceptOf(product),
    status: pageStatus(product.status),
    publishKey: publishHandle(product),
    ...(product.preview ? { imageUrl: imageUrlOf(product.preview) } : {}),
    // The print file goes to the shop with the product, read the same way as the preview.
    ...(product.print ? { printUrl: imageUrlOf(product.print) } : {}),
  };
}

/** What the caller of a publish hears back, for the staff audit trail. */
export interface PublishFollowUp {
  /** Once the product is published, with its record (the shop's product id). A publish resumed after a restart has no caller to tell. */
  onPublished?(product: RunProduct): void;
}

export interface RetryOptions extends PublishFollowUp {
  /** Called when the retry would publish, before anything changes: throws when the caller may not publish. */
  checkMayPublish?(): void;
}

export interface DiscardOptions {
  /**
   * Called when the discard would take the product out of the shop first (it is partly published),
   * before anything changes: throws when the caller may not change the shop.
   */
  checkMayRemove?(): void;
}

export interface Runner {
  start(input: StartRun): string;
  /**
   * Picks up every run and publish that was going when the process stopped: running runs, the designs
   * of any run that were waiting or being made (a redesign in a finished or stopped run), and publishes.
   */
  resumeAll(): void;
  /**
   * Marks as stopped ("interrupted") every running CLI run whose tshirt-gen process on this machine
   * is gone (killed outright, so it could not say so itself); the ids it marked.
   */
  noticeInterrupted(): string[];
  /** Goes on with one run (the CLI's `runs resume`); resolves when its designs and publishing are done. */
  resume(runId: string): Promise<void>;
  /**
   * Stops the run's designing. `reason` aborts the design loop's signal: a StopAfterStep (the CLI's
   * first Ctrl-C) lets the design being made finish and be kept; anything else (the page's Stop) drops it.
   */
  stop(runId: string, actor: Actor | null, reason?: unknown): void;
  edit(runId: string, index: number, edit: ProductEdit, actor: Actor | null): RunProduct;
  regenerate(runId: string, index: number, actor: Actor | null): RunProduct;
  /**
   * Takes the product out of the run; a partly published one first out of the shop, by its publish
   * key (ShopRemovalFailed when the shop does not give it up: the product then stays as it was).
   */
  discard(runId: string, index: number, actor: Actor | null, options?: DiscardOptions): Promise<void>;
  retry(runId: string, index: number, actor: Actor | null, options?: RetryOptions): RunProduct;
  /** Claims and publishes the ready products (all of them, or these indices); the claimed indices. */
  publish(runId: string, indices: readonly number[] | undefined, actor: Actor | null, followUp?: PublishFollowUp): number[];
  /** Resolves once nothing is being designed or published in this run (or in any run). */
  idle(runId?: string): Promise<void>;
  close(): Promise<void>;
}

export function createRunner(host: RunnerHost): Runner {
  const { store } = host;
  const log = host.log ?? (() => undefined);
  const changed = (runId: string) => host.onChange?.(runId);
  /** Design work per run: one loop at a time, which runs again when more products became pending meanwhile. */
  const designing = new Map<string, { control: AbortController; done: Promise<void>; again: boolean }>();
  const publishing = new Map<string, { queue: number[]; done: Promise<void> }>();
  /** Who is told when a claimed product is published, by `{runId}:{index}`. */
  const followUps = new Map<string, NonNullable<PublishFollowUp['onPublished']>>();
  let closed = false;

  function followUpOn(runId: string, indices: readonly number[], followUp: PublishFollowUp | undefined): void {
    if (!followUp?.onPublished) return;
    for (const index of indices) followUps.set(`${runId}:${index}`, followUp.onPublished);
  }

  /** The caller's follow-up, taken once; a failing one is logged and never fails the publish that is done. */
  function takeFollowUp(runId: string, index: number): (product: RunProduct) => void {
    const key = `${runId}:${index}`;
    const followUp = followUps.get(key);
    followUps.delete(key);
    return (product) => {
      try {
        followUp?.(product);
      } catch (error) {
        log(`Recording the publish of product ${index + 1} of run ${runId} failed: ${errorMessage(error)}`);
      }
    };
  }

  function mustGet(runId: string) {
    const run = store.getRun(runId);
    if (!run) throw new RunNotFound(`There is no run ${runId}`);
    return run;
  }

  const ownerKind: OwnerKind = host.ownerKind ?? 'cli';

  /** Whether another process that is alive (or on another machine) drives the run's designs. */
  function drivenElsewhere(run: RunRecord): boolean {
    return Boolean(run.owner && run.owner !== host.owner && ownerAlive(run.owner));
  }

  /**
   * Records this process as the run's owner, unless another live process is (then false): in one
   * write over the owner it read, so of two processes taking over the same run, one does.
   */
  function takeOwnership(run: RunRecord, options: { evenFromLive?: boolean } = {}): boolean {
    if (run.owner === host.owner) return true;
    if (!options.evenFromLive && drivenElsewhere(run)) return false;
    return store.setOwner(run.id, host.owner, { kind: ownerKind, from: run.owner ?? null });
  }

  /** `runs resume` refused: the run is going in another live process, named with where to stop it. */
  function goingElsewhere(runId: string): RunConflict {
    const run = mustGet(runId);
    if (!run.owner) return new RunConflict(`Run ${runId} was taken over by another process just now; try again`);
    const where = ownerLabel(run.owner);
    return new RunConflict(
      run.ownerKind === 'server'
        ? `Run ${runId} is still going in the server (${where}); stop it on the /generator page first`
        : `Run ${runId} is still going in another process (${where}); stop it there first`,
    );
  }

  function mustProduct(runId: string, index: number): RunProduct {
    mustGet(runId);
    const product = store.getProduct(runId, index);
    if (!product || product.discarded) throw new RunNotFound(`Run ${runId} has no product ${index + 1}`);
    return product;
  }

  function record(runId: string, product: GeneratedProduct): void {
    recordDesignChange(store, runId, product, host.designFiles);
    changed(runId);
  }

  async function designLoop(runId: string, control: AbortController): Promise<void> {
    const progress = (message: string) => {
      store.setProgress(runId, message);
      changed(runId);
    };
    const run = mustGet(runId);
    if (run.state === 'running' && run.products.length === 0) {
      try {
        await generateProducts(
          {
            count: run.count,
            theme: run.theme,
            brand: host.brand,
            ...(run.guidelines ? { guidelines: run.guidelines } : {}),
            delayMs: host.delayMs,
            signal: control.signal,
            onProgress: progress,
            onProducts: (products, one) => {
              if (one) return record(runId, one);
              store.addConcepts(runId, products);
              changed(runId);
            },
          },
          {
            concepts: host.concepts,
            designs: {
              generateDesign: (request, signal) => host.designs.generateDesign(request, signal),
            },
          },
        );
      } catch (error) {
        if (error instanceof PipelineCancelled) throw error;
        // No concepts at all: the run has failed ('Failed to generate products: …').
        if (store.getRun(runId)?.products.length === 0) {
          store.setState(runId, 'failed', { error: error instanceof GenerationFailed ? error.message : errorMessage(error) });
          changed(runId);
          return;
        }
        throw error;
      }
    }
    // Whatever is still pending (a resumed run, a regenerated or retried design), in list order.
    for (;;) {
      const current = mustGet(runId);
      if (!current.products.some((p) => p.status === 'pending')) break;
      await designProducts(
        current.products.map((p) => ({
          ...asGenerated(p, host.imageUrlOf),
          ...(p.status === 'pending' ? {} : { status: 'ready' as const }),
        })),
        {
          brand: host.brand,
          delayMs: host.delayMs,
          signal: control.signal,
          colorsFor: (product) => colorsForAttempt(host.brand.colors, store.getProduct(runId, product.index)?.designAttempt ?? 0),
          onProgress: progress,
          onProducts: (_products, one) => {
            if (one) record(runId, one);
          },
        },
        host.designs,
      );
    }
    if (mustGet(runId).state === 'running') {
      store.setState(runId, 'finished');
      changed(runId);
    }
  }

  /** Starts the run's design loop, or tells the running one to look again when it is done. */
  function drive(runId: string): Promise<void> {
    const active = designing.get(runId);
    if (active) {
      active.again = true;
      return active.done;
    }
    const control = new AbortController();
    const entry = { control, again: false, done: Promise.resolve() };
    // This process drives the run's designs from now on, unless another live one does (another server
    // on the same DATA_DIR; a live tshirt-gen's run is refused a redesign): then its record stays as it is.
    const run = store.getRun(runId);
    if (run) takeOwnership(run);
    // Registered before the loop starts, as in pump().
    designing.set(runId, entry);
    entry.done = (async () => {
      try {
        do {
          entry.again = false;
          await designLoop(runId, control);
        } while (entry.again && !control.signal.aborted && !closed);
      } catch (error) {
        if (!(error instanceof PipelineCancelled)) {
          log(`Generator run ${runId} stopped: ${errorMessage(error)}`);
          store.setState(runId, 'failed', { error: errorMessage(error) });
          changed(runId);
        }
      } finally {
        if (designing.get(runId) === entry) designing.delete(runId);
      }
    })();
    return entry.done;
  }

  async function publishOne(runId: string, index: number): Promise<void> {
    const followUp = takeFollowUp(runId, index);
    const product = store.getProduct(runId, index);
    if (product?.status !== 'publishing') return;
    if (!product.preview) {
      store.updateProduct(runId, index, { status: 'error', error: GENERATOR_MESSAGES.noDesignImage, failedStep: 'publish' });
      changed(runId);
      return;
    }
    await publishProducts([{ ...asGenerated(product, host.imageUrlOf), status: 'ready' }], host.publisher, {
      onPublished: (published) => {
        const after = recordPublishChange(store, runId, published);
        changed(runId);
        if (!after) return;
        host.onPublished?.(after);
        followUp(after);
      },
      onPublishFailed: (failed) => {
        recordPublishChange(store, runId, failed);
        changed(runId);
      },
    });
  }

  /** Publishes the run's claimed products one at a time, in the order they were claimed. */
  function pump(runId: string, indices: readonly number[]): Promise<void> {
    const active = publishing.get(runId);
    if (active) {
      active.queue.push(...indices);
      return active.done;
    }
    const entry = { queue: [...indices], done: Promise.resolve() };
    // Registered before the loop starts: with nothing to publish the loop ends at once, and its clean-up
    // must not run before the registration (which would then stay, holding later claims and idle()).
    publishing.set(runId, entry);
    entry.done = (async () => {
      try {
        while (entry.queue.length > 0 && !closed) {
          const index = entry.queue.shift()!;
          try {
            await publishOne(runId, index);
          } catch (error) {
            log(`Publishing product ${index + 1} of run ${runId} failed: ${errorMessage(error)}`);
          }
        }
      } finally {
        if (publishing.get(runId) === entry) publishing.delete(runId);
      }
    })();
    return entry.done;
  }

  function redesign(
    runId: string,
    product: RunProduct,
    patch: Parameters<RunStore['updateProduct']>[2],
    kind: string,
    actor: Actor | null,
  ) {
    if (product.partlyPublished) throw partlyPublishedConflict(product);
    refuseWhileCliDesigns(runId);
    const after = store.updateProduct(
      runId,
      product.index,
      { ...patch, status: 'pending', preview: undefined, print: undefined, designAttempt: product.designAttempt + 1 },
      { from: ['ready', 'error', 'pending'], unlessPartlyPublished: true, event: { kind, actor } },
    );
    if (!after) {
      const now = store.getProduct(runId, product.index);
      if (now?.partlyPublished) throw partlyPublishedConflict(now);
      throw new RunConflict(`${product.name} is being worked on; wait for it to finish`);
    }
    const old = [product.preview, product.print].filter((f): f is string => Boolean(f));
    if (old.length > 0) void host.removeFiles(old).catch((error) => log(`Could not remove old design files: ${errorMessage(error)}`));
    changed(runId);
    void drive(runId);
    return after;
  }

  /**
   * A live tshirt-gen makes the run's designs (from its own list, or whatever is pending): designing
   * here too would make them in two processes at once, and a quote changed under it would not reach
   * the design it makes.
   */
  function refuseWhileCliDesigns(runId: string): void {
    const run = mustGet(runId);
    if (run.owner && run.ownerKind !== 'server' && drivenElsewhere(run))
      throw new RunConflict(`This run is going in tshirt-gen (${ownerLabel(run.owner)}): wait for it to finish or stop it there`);
  }

  /**
   * Takes a partly published product out of the shop by its publish key, held meanwhile (its publisher
   * names this process) so that no publish claims it and no second Discard starts: what the shop gave
   * up, or undefined when it held nothing. On a failure the hold is released, the failure recorded in
   * the run's history, and ShopRemovalFailed thrown.
   */
  async function removeFromShop(runId: string, product: RunProduct, actor: Actor | null): Promise<RemovedProduct | undefined> {
    const me = processOwner();
    const handle = publishHandle(product);
    const held = store.updateProduct(runId, product.index, { publisher: me }, { from: ['ready', 'error'], unlessRemoving: true });
    if (!held) throw new RunConflict(`${product.name} is being worked on; wait for it to finish`);
    try {
      if (!host.publisher.remove) throw new Error(`${host.publisher.shopName} cannot take products out`);
      return await host.publisher.remove(handle);
    } catch (error) {
      const reason = errorMessage(error);
      store.updateProduct(
        runId,
        product.index,
        { publisher: undefined },
        { fromPublisher: me, event: { kind: 'shop-removal-failed', actor, detail: { handle, error: reason } } },
      );
      changed(runId);
      const message = `${product.name} was partly published and removing it from the shop failed, so it was not discarded: ${reason}`;
      throw new ShopRemovalFailed(message, { cause: error });
    }
  }

  /** Marks the running CLI runs whose process on this machine is gone as stopped (Runner.noticeInterrupted). */
  function noticeInterrupted(): string[] {
    if (closed) return [];
    const marked: string[] = [];
    for (const runId of store.runningRunIds()) {
      const run = mustGet(runId);
      // A crashed server's run is not interrupted: the next start resumes it.
      if (run.source === 'cli' && run.ownerKind !== 'server' && run.owner && run.owner !== host.owner && !ownerAlive(run.owner)) {
        log(
          `Generator run ${runId} was interrupted (its tshirt-gen process ${ownerLabel(run.owner)} is gone): tshirt-gen runs resume ${runId}`,
        );
        markStopped(store, runId, { actor: null, releasePublishing: 'orphaned', detail: { interrupted: run.owner } });
        changed(runId);
        marked.push(runId);
      }
    }
    return marked;
  }

  return {
    start(input) {
      const runId = store.createRun({ ...input, ...(host.owner ? { owner: host.owner, ownerKind } : {}) });
      changed(runId);
      void drive(runId);
      return runId;
    },

    noticeInterrupted,

    resumeAll() {
      if (closed) return;
      // A CLI run whose process is gone was interrupted; runs another process is driving right now are its own.
      noticeInterrupted();
      const others = new Set<string>();
      // Running runs, and any other with a design waiting or cut short: a redesign in a finished or stopped run.
      for (const runId of store.runsWithDesignsToMake()) {
        const run = mustGet(runId);
        // Another live process's run (a tshirt-gen, or another server) is its own; a gone one's is taken over.
        if (!takeOwnership(run)) {
          others.add(runId);
          continue;
        }
        for (const product of run.products) {
          // A design cut short by the stop was never recorded: it is made now, once.
          if (product.status === 'generating') store.updateProduct(runId, product.index, { status: 'pending' }, { from: ['generating'] });
        }
        log(`Resuming generator run ${runId}`);
        void drive(runId);
      }
      const runsPublishing = new Set(store.publishingProducts().map(({ runId }) => runId));
      for (const runId of runsPublishing) {
        if (others.has(runId)) continue;
        const indices = takeOverOrphanedPublishes(store, runId);
        if (indices.length === 0) continue;
        log(`Resuming publishing in generator run ${runId}`);
        void pump(runId, indices);
      }
    },

    async resume(runId) {
      const run = mustGet(runId);
      // Going in another live process (a tshirt-gen, or the server): its designs are being made there,
      // or the run is still running there. A finished or stopped run it is not designing in is taken over.
      const busy = run.state === 'running' || run.products.some((p) => p.status === 'pending' || p.status === 'generating');
      if (busy && drivenElsewhere(run)) throw goingElsewhere(runId);
      if (!takeOwnership(run, { evenFromLive: !busy })) throw goingElsewhere(runId);
      for (const product of run.products) {
        if (product.status === 'generating') store.updateProduct(runId, product.index, { status: 'pending' });
      }
      if (run.state === 'stopped' || run.state === 'failed') {
        // Resuming a stopped run makes the designs the stop cut off.
        for (const product of run.products) {
          if (product.status === 'error' && product.error === STOPPED_BEFORE_DESIGN)
            store.updateProduct(runId, product.index, { status: 'pending' });
        }
        store.setState(runId, 'running');
      }
      const publishingNow = takeOverOrphanedPublishes(store, runId);
      changed(runId);
      await Promise.all([drive(runId), pump(runId, publishingNow)]);
    },

    stop(runId, actor, reason) {
      const run = mustGet(runId);
      if (run.state !== 'running' && !designing.has(runId)) throw new RunConflict('This run is not running');
      // Another process's run would go on regardless: say where to stop it instead.
      if (run.owner && drivenElsewhere(run))
        throw new RunConflict(
          run.ownerKind === 'server'
            ? `This run is going in another server process (${ownerLabel(run.owner)}): stop it there`
            : `This run is going in tshirt-gen (${ownerLabel(run.owner)}): stop it there with Ctrl-C`,
        );
      designing.get(runId)?.control.abort(reason);
      markStopped(store, runId, { actor });
      changed(runId);
    },

    edit(runId, index, edit, actor) {
      const product = mustProduct(runId, index);
      const quoteChanged = edit.quote_primary !== undefined && edit.quote_primary !== product.quote_primary;
      const before = Object.fromEntries(Object.keys(edit).map((key) => [key, product[key as keyof ProductEdit]]));
      const patch = { ...edit, editedAt: store.now() };
      if (product.partlyPublished) throw partlyPublishedConflict(product);
      // The design shows the quote: a new quote needs a new design.
      if (quoteChanged && product.status !== 'pending') return redesign(runId, product, patch, 'edited', actor);
      if (quoteChanged) refuseWhileCliDesigns(runId);
      const after = store.updateProduct(runId, index, patch, {
        from: ['pending', 'ready', 'error'],
        unlessPartlyPublished: true,
        event: { kind: 'edited', actor, detail: { before, after: edit } },
      });
      if (!after) {
        const now = store.getProduct(runId, index);
        if (now?.partlyPublished) throw partlyPublishedConflict(now);
        throw new RunConflict(
          `${product.name} cannot be edited while it is ${now?.status === 'published' ? 'published' : 'being worked on'}`,
        );
      }
      changed(runId);
      return after;
    },

    regenerate(runId, index, actor) {
      const product = mustProduct(runId, index);
      if (product.status !== 'ready' && product.status !== 'error')
        throw new RunConflict(`${product.name} has no design to regenerate yet`);
      return redesign(runId, product, {}, 'regenerated', actor);
    },

    async discard(runId, index, actor, options = {}) {
      const product = mustProduct(runId, index);
      // The shop may hold it under its publish key: that goes first, or nothing would point at it any more.
      const inShop = product.partlyPublished && (product.status === 'ready' || product.status === 'error');
      let removed: RemovedProduct | undefined;
      if (inShop) {
        options.checkMayRemove?.();
        removed = await removeFromShop(runId, product, actor);
      }
      const me = processOwner();
      const gone = store.discardProduct(
        runId,
        index,
        ['pending', 'ready', 'error'],
        actor,
        inShop
          ? {
              heldBy: me,
              ...(removed ? { removedFromShop: { shopId: removed.productId, handle: removed.handle ?? publishHandle(product) } } : {}),
            }
          : {},
      );
      if (!gone) {
        if (inShop) store.updateProduct(runId, index, { publisher: undefined }, { fromPublisher: me });
        throw new RunConflict(
          `${product.name} cannot be discarded while it is ${product.status === 'published' ? 'published' : 'being worked on'}`,
        );
      }
      changed(runId);
      const files = [gone.preview, gone.print].filter((f): f is string => Boolean(f));
      // Recorded first: if the files cannot be deleted now, disk clean-up takes them as strays later.
      if (files.length > 0 && store.filesRemoved(runId, index, files, 'discarded')) {
        changed(runId);
        await host.removeFiles(files);
      }
    },

    retry(runId, index, actor, options = {}) {
      const product = mustProduct(runId, index);
      if (product.status !== 'error') throw new RunConflict(`${product.name} has not failed`);
      if (retryPublishes(product)) {
        options.checkMayPublish?.();
        const after = store.updateProduct(
          runId,
          index,
          { status: 'publishing', partlyPublished: true },
          { from: ['error'], unlessRemoving: true, event: { kind: 'retry-publish', actor } },
        );
        if (!after) throw new RunConflict(`${product.name} is being worked on; wait for it to finish`);
        changed(runId);
        followUpOn(runId, [index], options);
        void pump(runId, [index]);
        return after;
      }
      return redesign(runId, product, {}, 'retry-design', actor);
    },

    publish(runId, indices, actor, followUp) {
      const run = mustGet(runId);
      const wanted = indices ? new Set(indices) : undefined;
      const claimed: number[] = [];
      for (const product of run.products) {
        if (wanted && !wanted.has(product.index)) continue;
        // A design whose files disk clean-up removed cannot be published: Regenerate Design makes another.
        if (product.status !== 'ready' || !product.preview) continue;
        // Claimed in one write, ready → publishing: a second click or tab, or a CLI run, finds it taken.
        if (claimPublish(store, runId, product, actor)) claimed.push(product.index);
      }
      if (claimed.length > 0) {
        changed(runId);
        followUpOn(runId, claimed, followUp);
        void pump(runId, claimed);
      }
      return claimed;
    },

    async idle(runId) {
      for (;;) {
        const work = runId
          ? [designing.get(runId)?.done, publishing.get(runId)?.done]
          : [...[...designing.values()].map((d) => d.done), ...[...publishing.values()].map((p) => p.done)];
        const pending = work.filter((p): p is Promise<void> => p !== undefined);
        if (pending.length === 0) return;
        await Promise.all(pending);
      }
    },

    async close() {
      closed = true;
      const driven = [...designing.keys()];
      for (const entry of designing.values()) entry.control.abort();
      await Promise.allSettled([...designing.values()].map((d) => d.done));
      // A publish in flight finishes or is resumed on the next start under its publish key.
      await Promise.allSettled([...publishing.values()].map((p) => p.done));
      // This process drives them no more: the next start, or `tshirt-gen runs resume`, goes on with them.
      if (host.owner) for (const runId of driven) store.setOwner(runId, undefined, { from: host.owner });
    },
  };
}

/** Product statuses that count as being worked on right now. */
export const BUSY_STATUSES: readonly StoredStatus[] = ['generating', 'publishing'];
