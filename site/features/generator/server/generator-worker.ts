import { Worker } from 'node:worker_threads';
import type { ErrorKind } from '../../../../shared/common/index.ts';
import type { FromWorker, Job, JobFailure, JobResults, ToWorker, WorkerSetup } from './worker-protocol.ts';

/**
 * The server's side of the generator worker thread: started on first use, one job per call, jobs
 * cancelled when their request goes away, and a fresh thread after a crash.
 */

export type JobOf<K extends Job['kind']> = Extract<Job, { kind: K }>;

export interface GeneratorWorker {
  run<K extends Job['kind']>(job: JobOf<K>, signal?: AbortSignal): Promise<JobResults[K]>;
  close(): Promise<void>;
}

/** A job's failure as the worker reported it: the provider error's kind and its message. */
export class WorkerJobError extends Error {
  override name = 'WorkerJobError';
  readonly kind: ErrorKind;
  /** Carried over from the publisher's error (leftNothingInShop). */
  readonly nothingInShop: boolean;
  constructor(failure: JobFailure) {
    super(failure.message);
    this.kind = failure.kind;
    this.nothingInShop = failure.nothingInShop === true;
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

const THREAD = new URL('./generator-worker-thread.ts', import.meta.url);

export function createGeneratorWorker(setup: WorkerSetup, log: (line: string) => void): GeneratorWorker {
  let worker: Worker | undefined;
  let nextId = 1;
  let closed = false;
  const pending = new Map<number, Pending>();

  function failAll(reason: string): void {
    for (const job of pending.values()) job.reject(new Error(reason));
    pending.clear();
  }

  function start(): Worker {
    const thread = new Worker(THREAD, { workerData: setup });
    // Pending requests keep the process alive; an idle worker must not.
    thread.unref();
    thread.on('message', (message: FromWorker) => {
      const job = pending.get(message.id);
      if (!job) return; // cancelled meanwhile
      pending.delete(message.id);
      if (message.type === 'done') job.resolve(message.result);
      else job.reject(new WorkerJobError(message.error));
    });
    thread.on('error', (error) => {
      log(`The generator worker failed: ${error.message}`);
      if (worker === thread) worker = undefined;
      failAll(`The generator stopped unexpectedly (${error.message}); try again`);
    });
    thread.on('exit', (code) => {
      if (worker === thread) worker = undefined;
      if (!closed && pending.size > 0) failAll(`The generator stopped unexpectedly (exit code ${code}); try again`);
    });
    return thread;
  }

  return {
    run<K extends Job['kind']>(job: JobOf<K>, signal?: AbortSignal): Promise<JobResults[K]> {
      if (closed) return Promise.reject(new Error('The generator is shutting down'));
      signal?.throwIfAborted();
      worker ??= start();
      const thread = worker;
      const id = nextId++;
      return new Promise<JobResults[K]>((resolve, reject) => {
        const onAbort = () => {
          if (!pending.delete(id)) return;
          thread.postMessage({ type: 'abort', id } satisfies ToWorker);
          reject(signal?.reason instanceof Error ? signal.reason : new DOMException('The request was cancelled', 'AbortError'));
        };
        pending.set(id, {
          resolve: (value) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(value as JobResults[K]);
          },
          reject: (error) => {
            signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        });
        signal?.addEventListener('abort', onAbort, { once: true });
        thread.postMessage({ type: 'job', id, job } satisfies ToWorker);
      });
    },

    async close() {
      closed = true;
      const thread = worker;
      worker = undefined;
      failAll('The generator is shutting down');
      if (!thread) return;
      const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      thread.postMessage({ type: 'close' } satisfies ToWorker);
      // A job stuck in a provider must not hold the shutdown for long.
      const timer = setTimeout(() => void thread.terminate(), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
