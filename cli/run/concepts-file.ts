import path from 'node:path';
import { writeAtomically } from '../../shared/generator/index.ts';
import { runDocument, toJson, type RunState } from './run-document.ts';

/**
 * concepts.json in the output folder, rewritten after every status change, so whatever stops the
 * run (an error, Ctrl-C, a crash) leaves a record of what is on disk. Writes are atomic (temporary
 * file, then rename) and coalesced: a burst of changes costs one write of the newest state.
 */

export interface ConceptsFile {
  readonly path: string;
  update(state: RunState): void;
  /** Waits for the last write; rejects with the first write error. */
  flush(): Promise<void>;
}

export const CONCEPTS_FILE_NAME = 'concepts.json';

export function createConceptsFile(outDir: string): ConceptsFile {
  const file = path.join(outDir, CONCEPTS_FILE_NAME);
  let latest: RunState | undefined;
  let scheduled = false;
  let failure: unknown;
  let chain: Promise<void> = Promise.resolve();

  return {
    path: file,
    update(state) {
      latest = state;
      if (scheduled) return;
      scheduled = true;
      chain = chain.then(async () => {
        scheduled = false;
        if (failure !== undefined || !latest) return;
        try {
          await writeAtomically(file, `${toJson(runDocument(latest, { relativeTo: outDir }))}\n`);
        } catch (error) {
          failure = error;
        }
      });
    },
    async flush() {
      await chain;
      if (failure !== undefined) throw failure;
    },
  };
}
