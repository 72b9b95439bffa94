import path from 'node:path';
import type { ProviderMode } from '../../shared/generator/index.ts';
import { conceptOf, type Concept, type GeneratedProduct, type ProductStatus } from '../../shared/generator/browser.ts';

/**
 * The record of one run: what `--json` prints on stdout and what concepts.json holds in the output
 * folder (there with product file names relative to the folder, so the folder can be moved).
 */

export type RunStatus = 'running' | 'succeeded' | 'partial' | 'failed' | 'cancelled';

export interface ProductRecord extends Concept {
  status: ProductStatus;
  error?: string;
  files?: { print: string; preview: string };
  /** The shop's product id, once published. */
  productId?: string;
  handle?: string;
}

export interface RunInfo {
  theme: string;
  guidelines?: string;
  count: number;
  mode: ProviderMode;
  /** One line naming the providers, never a secret. */
  providers: string;
  /** The offline generators' seed: the same seed, theme and count give the same products. */
  seed?: number;
  outDir: string;
  conceptsFile: string;
  /** Where --publish sends products ("local shop in …", "Shopify store …"); null without --publish. */
  publishTo: string | null;
  startedAt: string;
}

export interface RunDocument extends Omit<RunInfo, 'publishTo'> {
  status: RunStatus;
  exitCode?: number;
  signal?: NodeJS.Signals;
  error?: string;
  publishedTo: string | null;
  finishedAt?: string;
  products: ProductRecord[];
}

export interface RunState {
  info: RunInfo;
  status: RunStatus;
  products: readonly GeneratedProduct[];
  exitCode?: number;
  signal?: NodeJS.Signals;
  error?: string;
  finishedAt?: string;
}

function productRecord(product: GeneratedProduct, file: (p: string) => string): ProductRecord {
  return {
    ...conceptOf(product),
    status: product.status,
    ...(product.error ? { error: product.error } : {}),
    ...(product.files ? { files: { print: file(product.files.print), preview: file(product.files.preview) } } : {}),
    ...(product.shopProductId ? { productId: product.shopProductId } : {}),
    ...(product.handle ? { handle: product.handle } : {}),
  };
}

/** `relativeTo`: write file paths relative to this folder (concepts.json); default absolute. */
export function runDocument(state: RunState, options: { relativeTo?: string } = {}): RunDocument {
  const { relativeTo } = options;
  const file = relativeTo ? (p: string) => path.relative(relativeTo, p) : (p: string) => p;
  const { publishTo, ...info } = state.info;
  return {
    products: state.products.map((p) => productRecord(p, file)),
    status: state.status,
    ...(state.exitCode === undefined ? {} : { exitCode: state.exitCode }),
    ...(state.signal ? { signal: state.signal } : {}),
    ...(state.error ? { error: state.error } : {}),
    ...info,
    publishedTo: publishTo,
    ...(state.finishedAt ? { finishedAt: state.finishedAt } : {}),
  };
}

/** JSON for stdout or a file: C1 and bidi controls escaped too (JSON.stringify leaves them raw, and a terminal may obey them). */
export function toJson(document: RunDocument): string {
  return JSON.stringify(document, null, 2).replace(
    /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
