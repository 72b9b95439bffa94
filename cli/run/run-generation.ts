import { randomInt } from 'node:crypto';
import { BRAND } from '../../shared/common/index.ts';
import type { Config } from '../../shared/config/index.ts';
import { warmUpDesignRenderer } from '../../shared/design/index.ts';
import { errorMessage, generateProducts, PipelineCancelled, publishProducts } from '../../shared/generator/browser.ts';
import { createDirectoryDesignStore, selectGeneratorProviders, selectPublisher } from '../../shared/generator/index.ts';
import type { GeneratedProduct, PublishOptions, Publisher } from '../../shared/generator/browser.ts';
import type { GenerateFlags } from '../commands/generate-options.ts';
import { EXIT_FAILURE, exitCodeForSignal } from '../exit-codes.ts';
import type { ProductPhase, Reporter } from '../output/reporter.ts';
import { createConceptsFile } from './concepts-file.ts';
import { chooseOutDir, createOutDir } from './out-dir.ts';
import { finishedOutcome } from './outcome.ts';
import type { RunState } from './run-document.ts';
import { recordRun, type RunRecorder } from './run-record.ts';

/**
 * One `tshirt-gen generate` run: concepts, designs into the output folder, optionally publishing,
 * with concepts.json kept current throughout and the run recorded in DATA_DIR's run store (see
 * run-record.ts). Returns the exit code; configuration mistakes throw (ConfigError, UsageError)
 * before anything is written.
 */

export interface RunContext {
  flags: GenerateFlags;
  config: Config;
  reporter: Reporter;
  /** Aborted by the first Ctrl-C/SIGTERM. */
  signal: AbortSignal;
  stopSignal(): NodeJS.Signals | undefined;
}

export async function runGeneration({ flags, config, reporter, signal, stopSignal }: RunContext): Promise<number> {
  const outDir = chooseOutDir(flags.out, config.localShop.dataDir);
  // Picked here when not given, so an offline run can be repeated exactly from its report.
  const seed = flags.seed ?? randomInt(2 ** 31);
  const providers = await selectGeneratorProviders({
    designStore: createDirectoryDesignStore(outDir),
    offline: flags.offline === true,
    seed,
    config,
  });
  const selected = flags.publish ? await selectPublisher(config) : undefined;
  let recorder: RunRecorder | undefined;
  try {
    await createOutDir(outDir, flags.out !== undefined);
    const conceptsFile = createConceptsFile(outDir);
    const state: RunState = {
      info: {
        theme: flags.theme,
        ...(flags.guidelines ? { guidelines: flags.guidelines } : {}),
        count: flags.count,
        mode: providers.mode,
        providers: providers.description,
        ...(providers.mode === 'offline' ? { seed } : {}),
        outDir,
        conceptsFile: conceptsFile.path,
        publishTo: selected?.description ?? null,
        startedAt: new Date().toISOString(),
      },
      status: 'running',
      products: [],
    };
    conceptsFile.update(state);
    // An unwritable folder is found now, not after the first design.
    await conceptsFile.flush();
    const delayMs = flags.delay ?? config.generator.delayMs;
    recorder = recordRun({
      config,
      count: flags.count,
      theme: flags.theme,
      ...(flags.guidelines ? { guidelines: flags.guidelines } : {}),
      settings: {
        outDir,
        offline: providers.mode === 'offline',
        ...(providers.mode === 'offline' ? { seed } : {}),
        publish: selected !== undefined,
        delayMs,
      },
      warn: (line) => process.stderr.write(`${line}\n`),
    });
    const record = recorder;
    reporter.start(state.info);

    const track = (phase: ProductPhase) => (products: readonly GeneratedProduct[], changed: GeneratedProduct | undefined) => {
      state.products = products;
      conceptsFile.update(state);
      record.products(products, changed, phase);
      if (!changed) return;
      const finished = phase === 'design' ? ['ready', 'error'] : ['published', 'error'];
      if (finished.includes(changed.status)) reporter.product(changed, phase, products.length);
    };
    const progress = (message: string) => {
      record.progress(message);
      reporter.progress(message);
    };

    try {
      // Font parsing happens while the concepts are on their way, not during the first design.
      if (providers.mode === 'openai') setImmediate(warmUpDesignRenderer);
      const generated = await generateProducts(
        {
          count: flags.count,
          theme: flags.theme,
          brand: BRAND,
          ...(flags.guidelines ? { guidelines: flags.guidelines } : {}),
          delayMs,
          signal,
          onProgress: progress,
          onProducts: track('design'),
        },
        providers,
      );
      state.products = generated;
      if (selected) {
        const ready = generated.filter((p) => p.status === 'ready').length;
        if (ready > 0) {
          reporter.publishing(selected.description, selected.publisher.shopName, ready);
          state.products = await publishClaimed(generated, selected.publisher, {
            record,
            reporter,
            signal,
            onProducts: track('publish'),
          });
        }
      }
      Object.assign(state, finishedOutcome(state.products, selected !== undefined));
    } catch (error) {
      const stoppedBy = stopSignal();
      if (error instanceof PipelineCancelled && stoppedBy) {
        Object.assign(state, { status: 'cancelled', signal: stoppedBy, exitCode: exitCodeForSignal(stoppedBy) });
      } else {
        // GenerationFailed carries the reason; anything else is unexpected but still one readable line.
        Object.assign(state, { status: 'failed', error: errorMessage(error), exitCode: EXIT_FAILURE });
      }
    }

    state.finishedAt = new Date().toISOString();
    conceptsFile.update(state);
    try {
      await conceptsFile.flush();
    } catch (error) {
      state.status = 'failed';
      state.error = `Could not write ${conceptsFile.path}: ${errorMessage(error)}`;
      state.exitCode = EXIT_FAILURE;
    }
    recorder.finish(state);
    reporter.end(state);
    return state.exitCode ?? EXIT_FAILURE;
  } finally {
    recorder?.close();
    await selected?.publisher.close();
  }
}

interface PublishContext {
  record: RunRecorder;
  reporter: Reporter;
  signal: AbortSignal;
  onProducts: NonNullable<PublishOptions['onProducts']>;
}

/**
 * Publishes the ready products one at a time, each claimed in the run store just before (ready →
 * publishing, as the page's Publish and `runs publish` claim it) and published under the publish key
 * the store holds, so publishing it again finds it. A product the /generator page or `tshirt-gen runs
 * publish` took first while this run went on is theirs: skipped with a line saying so, never made twice.
 */
async function publishClaimed(
  products: readonly GeneratedProduct[],
  publisher: Publisher,
  { record, reporter, signal, onProducts }: PublishContext,
): Promise<GeneratedProduct[]> {
  let current = [...products];
  for (const { index } of products.filter((p) => p.status === 'ready')) {
    // Stopping claims nothing more: the claim would only be handed back.
    if (signal.aborted) throw new PipelineCancelled();
    const claim = record.claim(index);
    if (!claim.claimed) {
      const product = current.find((p) => p.index === index);
      if (product) reporter.skipped(product, claim.now);
      continue;
    }
    const keyed = current.map((p) => (p.index === index && claim.publishKey ? { ...p, publishKey: claim.publishKey } : p));
    current = await publishProducts(keyed, publisher, { indices: [index], signal, onProducts });
  }
  return current;
}
