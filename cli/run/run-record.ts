import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../shared/config/index.ts';
import {
  claimPublish,
  errorMessage,
  markStopped,
  processActor,
  processOwner,
  publishHandle,
  recordDesignChange,
  recordPublishChange,
  RUNS_DB_PATH,
  RunStore,
  type CliRunSettings,
  type DesignResult,
  type GeneratedProduct,
  type StoredStatus,
} from '../../shared/generator/index.ts';
import type { ProductPhase } from '../output/reporter.ts';
import { signalOfExitCode } from '../signals.ts';
import { linkOrCopy } from './link-file.ts';
import type { RunState } from './run-document.ts';

/**
 * A `tshirt-gen generate` run as a record in DATA_DIR/generator/runs.db, the store the /generator
 * page and `tshirt-gen runs` read (docs/behaviour/cli.md, "The run store"): the settings, concepts,
 * each product's status, its design files, publish results, and the OS account that ran it. Each
 * finished design is linked into DATA_DIR/designs under a random name, as the server keeps its own,
 * so the page can show and publish it and disk clean-up can remove it; the output folder is the
 * user's and is never touched. Recording is a side record: if the store cannot be written, one line
 * says so and the run goes on exactly as before.
 */

/**
 * Whether this run may publish a product: claimed, under the publish key the store fixed (none when
 * the run is not recorded), or taken, by another publisher or a change on the page, and what it is now.
 */
export type PublishClaim = { claimed: true; publishKey?: string } | { claimed: false; now: StoredStatus | 'discarded' };

export interface RunRecorder {
  progress(message: string): void;
  products(products: readonly GeneratedProduct[], changed: GeneratedProduct | undefined, phase: ProductPhase): void;
  /**
   * Claims the product for this run's publishing in the store (ready → publishing, one write, as the
   * page's Publish and `runs publish` claim it), so a product one of them took first is not made twice.
   */
  claim(index: number): PublishClaim;
  finish(state: RunState): void;
  close(): void;
}

export interface RecordOptions {
  config: Config;
  count: number;
  theme: string;
  guidelines?: string;
  settings: CliRunSettings;
  /** Where the one warning line goes (stderr). */
  warn(line: string): void;
}

/** `{slug}-{hash}-preview.png` from the output folder → `{slug}-{id}-preview.png` in the designs folder. */
function storedName(source: string, id: string): string {
  const match = /^(.{1,60})-[0-9a-f]+-(preview|print)\.png$/.exec(path.basename(source));
  const slug = match?.[1] && /^[a-z0-9-]+$/.test(match[1]) ? match[1] : 'design';
  return `${slug}-${id}-${match?.[2] ?? 'preview'}.png`;
}

/** The design file in the designs folder too: a hard link (no second copy on disk), or a copy across file systems. */
function adopt(designsDir: string, source: string, id: string): string {
  const name = storedName(source, id);
  linkOrCopy(source, path.join(designsDir, name));
  return name;
}

export function recordRun(options: RecordOptions): RunRecorder {
  const actor = processActor();
  let store: RunStore | undefined;
  let runId: string | undefined;
  let finished = false;

  /** Runs a write; the first failure is said once, and recording stops there. */
  const guard = <T>(work: (store: RunStore, runId: string) => T): T | undefined => {
    if (!store || !runId) return undefined;
    try {
      return work(store, runId);
    } catch (error) {
      stop(error);
      return undefined;
    }
  };

  function stop(reason: unknown): void {
    options.warn(
      `tshirt-gen: this run is not recorded in ${path.join(options.config.localShop.dataDir, RUNS_DB_PATH)} (${errorMessage(reason)}); its files and concepts.json are kept as usual.`,
    );
    process.off('exit', onExit);
    try {
      store?.close();
    } catch {
      // Closing what failed to open or write: nothing more to say.
    }
    store = undefined;
  }

  // A second Ctrl-C ends the process at once (signals.ts): the record still says the run stopped, and by which signal.
  function onExit(code: number): void {
    const signal = signalOfExitCode(code);
    const detail = { atOnce: true, ...(signal ? { signal } : {}) };
    if (!finished) guard((s, id) => markStopped(s, id, { actor, releasePublishing: 'including mine', detail }));
  }

  const designsDir = options.config.generator.designsDir;
  const designFiles = (design: DesignResult) => {
    // A random id, as the server's designs have: their URLs must not be guessable.
    const id = randomBytes(12).toString('hex');
    const preview = adopt(designsDir, design.files?.preview ?? fileURLToPath(design.imageUrl), id);
    return { preview, ...(design.files?.print ? { print: adopt(designsDir, design.files.print, id) } : {}) };
  };

  try {
    store = RunStore.open(options.config.localShop.dataDir);
    fs.mkdirSync(designsDir, { recursive: true });
    runId = store.createRun({
      count: options.count,
      theme: options.theme,
      ...(options.guidelines ? { guidelines: options.guidelines } : {}),
      source: 'cli',
      actor,
      owner: processOwner(),
      cli: options.settings,
    });
    process.on('exit', onExit);
  } catch (error) {
    stop(error);
  }

  return {
    progress(message) {
      guard((s, id) => s.setProgress(id, message));
    },
    products(products, changed, phase) {
      guard((s, id) => {
        if (!changed) {
          if (phase === 'design' && s.getRun(id)?.products.length === 0) s.addConcepts(id, products);
          return;
        }
        if (phase === 'design') recordDesignChange(s, id, changed, designFiles);
        else recordPublishChange(s, id, changed);
      });
    },
    claim(index) {
      const outcome = guard((s, id): PublishClaim => {
        const product = s.getProduct(id, index);
        const claimed = product ? claimPublish(s, id, product, actor) : undefined;
        if (claimed) return { claimed: true, publishKey: publishHandle(claimed) };
        const now = s.getProduct(id, index);
        return { claimed: false, now: !now || now.discarded ? 'discarded' : now.status };
      });
      // Unrecorded, the product is nobody else's to see: published as before, without a key.
      return outcome ?? { claimed: true };
    },
    finish(state) {
      guard((s, id) => {
        if (state.status === 'cancelled') {
          markStopped(s, id, { actor, releasePublishing: 'including mine', ...(state.signal ? { detail: { signal: state.signal } } : {}) });
        } else if (state.status === 'failed') {
          s.setState(id, 'failed', { error: state.error ?? 'Unknown error' });
        } else if (s.getRun(id)?.state === 'running') {
          // A state another process recorded meanwhile stays.
          s.setState(id, 'finished');
        }
      });
      finished = true;
    },
    close() {
      process.off('exit', onExit);
      store?.close();
      store = undefined;
    },
  };
}
