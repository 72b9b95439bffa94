import type { ErrorKind } from '../../../../shared/common/index.ts';
import type { Config } from '../../../../shared/config/index.ts';
import type {
  Concept,
  ConceptRequest,
  DesignRequestBody,
  DesignResult,
  PublishRequestBody,
  PublishResult,
  RemovedProduct,
} from '../../../../shared/generator/browser.ts';

/** The messages between the server and its generator worker thread (all structured-clone safe). */

export interface WorkerSetup {
  config: Config;
  designsDir: string;
}

export type Job =
  | { kind: 'concepts'; request: ConceptRequest }
  | { kind: 'design'; request: DesignRequestBody }
  | { kind: 'publish'; product: PublishRequestBody }
  | { kind: 'remove'; publishKey: string };

export interface JobResults {
  concepts: Concept[];
  design: DesignResult;
  publish: PublishResult;
  /** The product the shop held under the key and no longer does, or null when it held nothing. */
  remove: RemovedProduct | null;
}

export type ToWorker = { type: 'job'; id: number; job: Job } | { type: 'abort'; id: number } | { type: 'close' };

/** A failure crosses the thread as its kind and message; the stack stays in the worker. */
export interface JobFailure {
  kind: ErrorKind;
  message: string;
  /** A failed publish that left nothing in the shop under the product's publish key (leftNothingInShop). */
  nothingInShop?: boolean;
}

export type FromWorker = { type: 'done'; id: number; result: JobResults[Job['kind']] } | { type: 'failed'; id: number; error: JobFailure };
