import type { BrandProfile, ErrorKind } from '../common/index.ts';
import { GENERATOR_MESSAGES } from './messages.ts';
import { DEFAULT_DESIGN_DELAY_MS } from '../limits/index.ts';
import type { Concept, ConceptProvider, DesignProvider, GeneratedProduct, Publisher } from './types.ts';

/**
 * The generator pipeline (docs/behaviour/generator.md): concepts → one design at a time in list order with a pause after
 * each → publishing of ready products. It owns the statuses and progress messages; whoever drives it
 * (the CLI, the /generator island) only renders the snapshots it reports. Browser-safe: no Node, no zod.
 */

export interface PipelineListener {
  /** The progress line: 'Generating product ideas...', 'Generating design 2/6: …', … */
  onProgress?(message: string): void;
  /** A new snapshot of every product after each change (a fresh array; changed items are fresh objects). */
  onProducts?(products: readonly GeneratedProduct[], changed: GeneratedProduct | undefined): void;
}

export interface GenerationOptions extends PipelineListener {
  count: number;
  theme: string;
  brand: BrandProfile;
  guidelines?: string;
  /** Pause after each design (default 1000 ms). */
  delayMs?: number;
  signal?: AbortSignal;
}

export interface PublishOptions extends PipelineListener {
  /** Publish only these products (by index); default every ready product. */
  indices?: readonly number[];
  signal?: AbortSignal;
  onPublished?(product: GeneratedProduct): void;
  onPublishFailed?(product: GeneratedProduct, message: string): void;
}

/** The run stopped because its AbortSignal fired; what was finished stays in the last snapshot. */
export class PipelineCancelled extends Error {
  readonly kind: ErrorKind = 'cancelled';
  override name = 'AbortError';
  constructor() {
    super('Cancelled');
  }
}

/**
 * The reason to abort a run's signal with when the step in flight should finish first (the CLI's
 * first Ctrl-C): the concepts, design or publish being made is not aborted, and is kept; the run
 * stops before the next step. `atOnce`, when it fires, aborts that step too. Any other reason
 * aborts the step in flight as well.
 */
export class StopAfterStep extends Error {
  readonly kind: ErrorKind = 'cancelled';
  override name = 'AbortError';
  readonly atOnce: AbortSignal | undefined;
  constructor(atOnce?: AbortSignal) {
    super('Stopping after the current step');
    this.atOnce = atOnce;
  }
}

/** The whole run failed (no concepts): the message is the reason, for 'Failed to generate products: …'. */
export class GenerationFailed extends Error {
  /** The kind of the failure underneath: an OpenAI outage stays `upstream`, no ideas left `unprocessable`. */
  readonly kind: ErrorKind;
  constructor(message: string, cause?: { kind?: ErrorKind }) {
    super(message, { cause });
    this.kind = cause?.kind ?? 'internal';
  }
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : 'Unknown error';
}

/**
 * Whether a publish failure says the shop holds nothing under the product's publish key, so the
 * product may still be changed before it is published: a publisher marks its error `nothingInShop`
 * when it knows (docs/behaviour/generator.md, "Publishing"). Unmarked, the shop may have it.
 */
export function leftNothingInShop(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { nothingInShop?: unknown }).nothingInShop === true;
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new PipelineCancelled();
}

/**
 * The signal one step's provider call gets: it follows the run's signal, except that a StopAfterStep
 * lets the call finish (until its `atOnce` fires). `done()` lets go of the run's signal afterwards.
 */
function stepSignal(signal: AbortSignal | undefined): { signal: AbortSignal | undefined; done(): void } {
  if (!signal) return { signal: undefined, done() {} };
  const step = new AbortController();
  let atOnce: AbortSignal | undefined;
  const abortAtOnce = () => step.abort(atOnce?.reason);
  const follow = () => {
    const reason: unknown = signal.reason;
    if (!(reason instanceof StopAfterStep)) return step.abort(reason);
    atOnce = reason.atOnce;
    if (atOnce?.aborted) abortAtOnce();
    else atOnce?.addEventListener('abort', abortAtOnce, { once: true });
  };
  if (signal.aborted) follow();
  else signal.addEventListener('abort', follow, { once: true });
  return {
    signal: step.signal,
    done() {
      signal.removeEventListener('abort', follow);
      atOnce?.removeEventListener('abort', abortAtOnce);
    },
  };
}

/** setTimeout that an AbortSignal can cut short (works in browsers and Node). */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new PipelineCancelled());
    if (ms <= 0) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      reject(new PipelineCancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Holds the product list and reports every change as a new snapshot. */
function createBoard(listener: PipelineListener, initial: readonly GeneratedProduct[] = []) {
  let products: readonly GeneratedProduct[] = initial;
  return {
    get products() {
      return products;
    },
    replaceAll(next: readonly GeneratedProduct[]) {
      products = next;
      listener.onProducts?.(products, undefined);
    },
    update(index: number, patch: Partial<GeneratedProduct>): GeneratedProduct {
      const position = products.findIndex((p) => p.index === index);
      const current = products[position];
      if (!current) throw new Error(`No product with index ${index}`);
      const next: GeneratedProduct = { ...current, ...patch };
      // A status change clears a stale error unless the patch sets one.
      if (patch.status && patch.status !== 'error' && !('error' in patch)) delete next.error;
      products = products.map((p, i) => (i === position ? next : p));
      listener.onProducts?.(products, next);
      return next;
    },
  };
}

export async function generateProducts(
  options: GenerationOptions,
  providers: { concepts: ConceptProvider; designs: DesignProvider },
): Promise<GeneratedProduct[]> {
  const { signal } = options;
  const progress = (message: string) => options.onProgress?.(message);
  const board = createBoard(options);
  throwIfAborted(signal);

  progress(GENERATOR_MESSAGES.generatingIdeas);
  let concepts;
  const step = stepSignal(signal);
  try {
    concepts = await providers.concepts.generateConcepts(
      { productCount: options.count, theme: options.theme, brand: options.brand, guidelines: options.guidelines },
      step.signal,
    );
  } catch (error) {
    if (step.signal?.aborted) throw new PipelineCancelled();
    progress(GENERATOR_MESSAGES.errorOccurred);
    throw new GenerationFailed(errorMessage(error), error as { kind?: ErrorKind });
  } finally {
    step.done();
  }
  // Aborted outright while they came: dropped. A stop after this step (StopAfterStep) keeps them and starts no design.
  throwIfAborted(step.signal);
  if (concepts.length === 0) {
    progress(GENERATOR_MESSAGES.errorOccurred);
    throw new GenerationFailed('The concept generator returned no products');
  }

  board.replaceAll(
    concepts.slice(0, Math.max(1, options.count)).map((concept, index) => ({ ...concept, index, status: 'pending' as const })),
  );
  progress(GENERATOR_MESSAGES.generatedConcepts(board.products.length));
  await designBoard(board, options, providers.designs);
  return [...board.products];
}

export interface DesignOptions extends PipelineListener {
  brand: BrandProfile;
  delayMs?: number;
  signal?: AbortSignal;
  /** The colours for one product's design (default the brand's); a regenerated design asks for another order. */
  colorsFor?(product: GeneratedProduct): readonly string[];
}

/**
 * Makes the design of every `pending` product, one at a time in list order, with the pause after
 * each: the second half of a run, and how a run stopped midway (a restart, a retry) is finished.
 */
export async function designProducts(
  products: readonly GeneratedProduct[],
  options: DesignOptions,
  designs: DesignProvider,
): Promise<GeneratedProduct[]> {
  const board = createBoard(options, products);
  await designBoard(board, options, designs);
  return [...board.products];
}

async function designBoard(board: ReturnType<typeof createBoard>, options: DesignOptions, designs: DesignProvider): Promise<void> {
  const { signal } = options;
  const delayMs = options.delayMs ?? DEFAULT_DESIGN_DELAY_MS;
  const progress = (message: string) => options.onProgress?.(message);
  const total = board.products.length;

  const todo = board.products.map((product, position) => ({ product, position })).filter(({ product }) => product.status === 'pending');
  for (const { product, position } of todo) {
    throwIfAborted(signal);
    board.update(product.index, { status: 'generating' });
    progress(GENERATOR_MESSAGES.generatingDesign(position + 1, total, product.name));
    // A stop after the current step lets this design finish (a paid image is not thrown away) and keeps it.
    const step = stepSignal(signal);
    try {
      const design = await designs.generateDesign(
        {
          productName: product.name,
          quote: product.quote_primary,
          category: product.category,
          colors: options.colorsFor?.(product) ?? options.brand.colors,
        },
        step.signal,
      );
      board.update(product.index, {
        status: 'ready',
        imageUrl: design.imageUrl,
        ...(design.files ? { files: design.files } : {}),
        ...(design.printUrl ? { printUrl: design.printUrl } : {}),
      });
    } catch (error) {
      if (step.signal?.aborted) {
        board.update(product.index, { status: 'pending' });
        throw new PipelineCancelled();
      }
      // One failed design marks that product alone; the run goes on.
      board.update(product.index, { status: 'error', error: errorMessage(error) });
    } finally {
      step.done();
    }
    await pause(delayMs, signal);
  }

  progress(GENERATOR_MESSAGES.allDesignsGenerated);
}

/** Publishes ready products one at a time; a failure marks that product alone. Only ready products are sent. */
export async function publishProducts(
  products: readonly GeneratedProduct[],
  publisher: Publisher,
  options: PublishOptions = {},
): Promise<GeneratedProduct[]> {
  const { signal } = options;
  const board = createBoard(options, products);
  const wanted = options.indices ? new Set(options.indices) : undefined;
  const targets = products.filter((p) => p.status === 'ready' && (!wanted || wanted.has(p.index)));

  for (const product of targets) {
    throwIfAborted(signal);
    if (!product.imageUrl) {
      const failed = board.update(product.index, { status: 'error', error: GENERATOR_MESSAGES.noDesignImage });
      options.onPublishFailed?.(failed, GENERATOR_MESSAGES.noDesignImage);
      continue;
    }
    board.update(product.index, { status: 'generating' });
    // A stop after the current step lets this publish finish, so the product is published whole.
    const step = stepSignal(signal);
    try {
      const result = await publisher.publish(
        {
          name: product.name,
          description: product.description,
          price: product.price,
          category: product.category,
          imageUrl: product.imageUrl,
          keywords: product.keywords,
          ...(product.printUrl ? { printUrl: product.printUrl } : {}),
          ...(product.publishKey ? { publishKey: product.publishKey } : {}),
        },
        step.signal,
      );
      const published = board.update(product.index, {
        status: 'published',
        shopProductId: result.productId,
        ...(result.handle ? { handle: result.handle } : {}),
      });
      options.onPublished?.(published);
    } catch (error) {
      if (step.signal?.aborted) {
        board.update(product.index, { status: 'ready' });
        throw new PipelineCancelled();
      }
      const message = errorMessage(error);
      const failed = board.update(product.index, {
        status: 'error',
        error: message,
        ...(leftNothingInShop(error) ? { nothingInShop: true } : {}),
      });
      options.onPublishFailed?.(failed, message);
    } finally {
      step.done();
    }
  }
  return [...board.products];
}

/** The concept a product was made from: its six fields, whatever else the product carries. */
export function conceptOf(product: Concept): Concept {
  const { name, description, price, category, quote_primary, keywords } = product;
  return { name, description, price, category, quote_primary, keywords };
}
