import fs from 'node:fs';
import path from 'node:path';
import type { GeneratedProduct } from '../../shared/generator/browser.ts';
import { tempNameFor, writeAtomically, writeAtomicallySync } from '../../shared/generator/index.ts';
import { signalOfExitCode } from '../signals.ts';
import { runDocument, toJson, type RunState } from './run-document.ts';

/**
 * concepts.json in the output folder, rewritten after every status change, so whatever stops the
 * run (an error, Ctrl-C, a crash) leaves a record of what is on disk. Writes are atomic (temporary
 * file, then rename) and coalesced: a burst of changes costs one write of the newest state. A process
 * that ends before the newest state is written (a second Ctrl-C ends it at once) writes it on the way
 * out, synchronously, as it stands then (see finalState).
 */

export interface ConceptsFile {
  readonly path: string;
  update(state: RunState): void;
  /** Waits for the last write; rejects with the first write error. */
  flush(): Promise<void>;
}

export const CONCEPTS_FILE_NAME = 'concepts.json';

/**
 * What a run still going says when its process ends with `exitCode`: cancelled by the signal that
 * exit code stands for (130 SIGINT, 143 SIGTERM), else failed. A design or publish cut short goes
 * back to where it was before it: a product being designed to pending, one being published (it has
 * its design) to ready, as a stop that waits for them leaves them.
 */
function finalState(state: RunState, exitCode: number, now: Date = new Date()): RunState {
  if (state.status !== 'running') return state;
  const signal = signalOfExitCode(exitCode);
  const settle = (product: GeneratedProduct): GeneratedProduct =>
    product.status === 'generating' ? { ...product, status: product.files || product.imageUrl ? 'ready' : 'pending' } : product;
  return {
    ...state,
    products: state.products.map(settle),
    ...(signal
      ? { status: 'cancelled', signal, exitCode }
      : { status: 'failed', error: `tshirt-gen ended (exit code ${exitCode}) before the run finished`, exitCode }),
    finishedAt: now.toISOString(),
  };
}

export function createConceptsFile(outDir: string): ConceptsFile {
  const file = path.join(outDir, CONCEPTS_FILE_NAME);
  const render = (state: RunState) => `${toJson(runDocument(state, { relativeTo: outDir }))}\n`;
  let latest: RunState | undefined;
  /** How many updates there were, and how many of them the last finished write covers. */
  let updates = 0;
  let written = 0;
  let scheduled = false;
  let failure: unknown;
  let chain: Promise<void> = Promise.resolve();
  /** The temporary file of the write under way, until it is renamed into place. */
  let writing: string | undefined;

  async function write(text: string): Promise<void> {
    const temp = tempNameFor(file);
    writing = temp;
    try {
      await writeAtomically(file, text, temp);
    } finally {
      writing = undefined;
    }
  }

  // The newest state, as the ending process leaves it (finalState), unless what is on disk already
  // says how the run ended: the process is ending, so synchronously. A run still going when the last
  // write finished is written again, as cancelled or failed.
  const onExit = (exitCode: number) => {
    if (failure !== undefined || !latest || (written === updates && latest.status !== 'running')) return;
    try {
      // The write under way goes first, so its older state can never be renamed over this one.
      if (writing) fs.rmSync(writing, { force: true });
      writeAtomicallySync(file, render(finalState(latest, exitCode)));
    } catch {
      // Nothing can be said any more: the last state written stays.
    }
  };
  process.on('exit', onExit);

  return {
    path: file,
    update(state) {
      latest = state;
      updates += 1;
      if (scheduled) return;
      scheduled = true;
      chain = chain.then(async () => {
        scheduled = false;
        if (failure !== undefined || !latest) return;
        const covers = updates;
        const state = latest;
        try {
          await write(render(state));
          written = covers;
          // The run's last word is on disk: nothing is left for the way out.
          if (written === updates && state.status !== 'running') process.off('exit', onExit);
        } catch (error) {
          failure = error;
          process.off('exit', onExit);
        }
      });
    },
    async flush() {
      await chain;
      if (failure !== undefined) throw failure;
    },
  };
}
