import type { Command } from 'commander';
import type { RunRecord } from '../../shared/generator/index.ts';
import { EXIT_FAILURE, EXIT_OK, EXIT_PARTIAL, exitCodeForSignal } from '../exit-codes.ts';
import { terminalSafe } from '../output/terminal-text.ts';
import { UsageError } from '../usage-error.ts';
import { note, out, printJson, printListing } from './common.ts';

/**
 * `tshirt-gen runs list|show|publish|resume|prune`: the generator's runs in DATA_DIR/generator/runs.db,
 * the records the /generator page and `tshirt-gen generate` make (docs/behaviour/cli.md, "runs").
 * Publishing and resuming happen in this process, with the configured providers, through the same
 * runner as the server; the publish key keeps a product from being made twice even if the server
 * does it too. What this command does is recorded as the OS account that ran it.
 */

const RUN_ID = /^[0-9a-f]{16}$/;

interface ListFlags {
  json?: boolean;
}

interface PruneFlags {
  json?: boolean;
  dryRun?: boolean;
}

function checkRunId(id: string): string {
  if (!RUN_ID.test(id)) throw new UsageError(`"${id}" is not a run id (16 hex characters; see tshirt-gen runs list)`);
  return id;
}

function parseProduct(value: string, previous: number[] = []): number[] {
  if (!/^\d{1,3}$/.test(value) || Number(value) < 1) throw new UsageError(`--product must be a product number from 1 (got "${value}")`);
  return [...previous, Number(value) - 1];
}

async function openStore() {
  const [{ loadConfig }, { RunStore }] = await Promise.all([
    import('../../shared/config/index.ts'),
    import('../../shared/generator/index.ts'),
  ]);
  const config = loadConfig();
  return { config, store: RunStore.open(config.localShop.dataDir) };
}

function startedBy(run: RunRecord): string {
  const who = run.actor ? (run.actor.email ? `${run.actor.email} (${run.actor.id})` : run.actor.id) : 'nobody recorded';
  const where = run.source === 'cli' ? `tshirt-gen generate${run.cli ? `, files in ${run.cli.outDir}` : ''}` : 'the /generator page';
  return `Started on ${where}, by ${terminalSafe(who)}`;
}

/** What a product shows instead of its design once disk clean-up removed the files. */
function filesRemovedNote(at: string): string {
  return `Design files removed by disk clean-up on ${at.slice(0, 10)}; Regenerate Design on the /generator page makes a new one`;
}

async function list(flags: ListFlags): Promise<number> {
  const { store } = await openStore();
  try {
    printListing(store.listRuns(200), {
      json: flags.json,
      key: 'runs',
      empty: 'No runs yet: tshirt-gen generate, or the /generator page, makes one.',
      headers: ['id', 'started', 'state', 'from', 'products', 'ready', 'published', 'failed', 'theme'],
      row: (run) => [
        run.id,
        run.createdAt,
        run.state,
        run.source,
        String(run.count),
        String(run.ready),
        String(run.published),
        String(run.failed),
        terminalSafe(run.theme),
      ],
    });
    return EXIT_OK;
  } finally {
    store.close();
  }
}

async function show(id: string, flags: ListFlags): Promise<number> {
  const { store } = await openStore();
  try {
    const run = store.getRun(checkRunId(id));
    if (!run) throw new UsageError(`there is no run ${id} (see tshirt-gen runs list)`);
    if (flags.json) {
      printJson({ run, events: store.events(id) });
      return EXIT_OK;
    }
    out(`Run ${run.id} (${run.state}), ${run.createdAt}: ${run.count} products, theme "${terminalSafe(run.theme)}"`);
    out(`  ${startedBy(run)}`);
    if (run.progress) out(`  ${terminalSafe(run.progress)}`);
    if (run.error) out(`  Failed to generate products: ${terminalSafe(run.error)}`);
    if (run.state === 'stopped' || run.state === 'failed') out(`  tshirt-gen runs resume ${run.id} goes on with it`);
    for (const product of run.products) {
      const status = product.status === 'published' ? `published (${product.shopId}, /product/${product.handle})` : product.status;
      out(
        `  ${product.index + 1}. ${terminalSafe(product.name)}: "${terminalSafe(product.quote_primary)}" $${product.price.toFixed(2)}  ${status}`,
      );
      if (product.error) out(`     ${terminalSafe(product.error)}`);
      if (product.filesRemovedAt) out(`     ${filesRemovedNote(product.filesRemovedAt)}`);
    }
    return EXIT_OK;
  } finally {
    store.close();
  }
}

/**
 * A runner in this process over the run store, with the configured providers and the server's designs
 * folder, for run `id`: a `tshirt-gen generate` run goes on with the generators it was made with
 * (--offline, --seed). A bad or unknown id is a usage error, found before any provider is loaded.
 */
async function openRunner(id: string, log: (line: string) => void) {
  checkRunId(id);
  const { config, store } = await openStore();
  const run = store.getRun(id);
  if (!run) {
    store.close();
    throw new UsageError(`there is no run ${id} (see tshirt-gen runs list)`);
  }
  const [{ randomBytes }, path, { fileURLToPath, pathToFileURL }, { BRAND }, providers] = await Promise.all([
    import('node:crypto'),
    import('node:path'),
    import('node:url'),
    import('../../shared/common/index.ts'),
    import('../../shared/generator/index.ts'),
  ]);
  const { createDirectoryDesignStore, createRunner, processOwner, removeDesignFiles } = providers;
  const designsDir = config.generator.designsDir;
  // Random names, like the server's: the /generator page serves these files by name.
  const designStore = createDirectoryDesignStore(designsDir, { fileId: () => randomBytes(12).toString('hex') });
  const seed = run.cli?.seed;
  let generators: Awaited<ReturnType<typeof providers.selectGeneratorProviders>>;
  let publisher: Awaited<ReturnType<typeof providers.selectPublisher>>['publisher'];
  try {
    generators = await providers.selectGeneratorProviders({
      designStore,
      config,
      ...(run.cli?.offline ? { offline: true } : {}),
      ...(seed === undefined ? {} : { seed }),
    });
    ({ publisher } = await providers.selectPublisher(config));
  } catch (error) {
    store.close();
    throw error;
  }
  const fileName = (location: string) => path.basename(location.startsWith('file:') ? fileURLToPath(location) : location);
  const runner = createRunner({
    store,
    brand: BRAND,
    concepts: generators.concepts,
    designs: generators.designs,
    publisher,
    delayMs: config.generator.delayMs,
    designFiles: (design) => ({
      preview: fileName(design.files?.preview ?? design.imageUrl),
      ...(design.files?.print ? { print: fileName(design.files.print) } : {}),
    }),
    imageUrlOf: (preview) => pathToFileURL(path.join(designsDir, preview)).href,
    removeFiles: (names) => removeDesignFiles(designsDir, names),
    owner: processOwner(),
    log,
  });
  return {
    run,
    store,
    runner,
    designsDir,
    /** Who this command acts as: the OS account (the CLI has no staff identity). */
    actor: providers.processActor(),
    async close() {
      await runner.close();
      await publisher.close?.();
      store.close();
    },
  };
}

function outcome(store: import('../../shared/generator/index.ts').RunStore, id: string, indices?: readonly number[]): number {
  const run = store.getRun(id)!;
  const wanted = indices ? new Set(indices) : undefined;
  const concerned = run.products.filter((p) => !wanted || wanted.has(p.index));
  for (const product of concerned) {
    const detail =
      product.status === 'published' ? ` ${product.shopId} /product/${product.handle}` : product.error ? `: ${product.error}` : '';
    out(`  ${product.index + 1}. ${terminalSafe(product.name)}: ${product.status}${terminalSafe(detail)}`);
  }
  if (run.state === 'failed' && run.products.length === 0) return EXIT_FAILURE;
  return concerned.some((p) => p.status === 'error') ? EXIT_PARTIAL : EXIT_OK;
}

async function publish(id: string, flags: { product?: number[] }): Promise<number> {
  const opened = await openRunner(id, note);
  try {
    const known = new Set(opened.run.products.map((p) => p.index));
    for (const index of flags.product ?? []) if (!known.has(index)) throw new UsageError(`run ${id} has no product ${index + 1}`);
    const claimed = opened.runner.publish(id, flags.product, opened.actor);
    note(claimed.length === 0 ? 'Nothing to publish: no ready product among those asked for.' : `Publishing ${claimed.length}...`);
    await opened.runner.idle(id);
    return outcome(opened.store, id, flags.product);
  } finally {
    await opened.close();
  }
}

/**
 * Goes on with the run: the designs still missing, an interrupted publish, and for a `generate
 * --publish` run the publishing of what is ready. Ctrl-C stops the designing as the page's Stop does.
 */
async function resume(id: string): Promise<number> {
  const opened = await openRunner(id, note);
  const { listenForStopSignals } = await import('../signals.ts');
  const stop = listenForStopSignals((signal) => {
    note(`Stopping (${signal}) after the current step...`);
    try {
      opened.runner.stop(id, opened.actor);
    } catch {
      // Not designing any more (publishing finishes the product in hand).
    }
  });
  try {
    try {
      await opened.runner.resume(id);
    } catch (error) {
      if (error instanceof Error && error.name === 'RunConflict') throw new UsageError(error.message);
      throw error;
    }
    if (opened.run.cli?.publish && !stop.received()) {
      const claimed = opened.runner.publish(id, undefined, opened.actor);
      if (claimed.length > 0) note(`Publishing ${claimed.length}...`);
      await opened.runner.idle(id);
    }
    const after = opened.store.getRun(id)!;
    note(after.progress || after.state);
    const code = outcome(opened.store, id);
    const signal = stop.received();
    const exitCode = signal ? exitCodeForSignal(signal) : code;
    // A `generate` run's output folder and concepts.json catch up with what the run now holds.
    try {
      const { updateOutputFolder } = await import('../run/resume-output.ts');
      const line = await updateOutputFolder(after, opened.designsDir, exitCode, signal);
      if (line) note(terminalSafe(line));
    } catch (error) {
      note(
        terminalSafe(
          `The output folder ${after.cli?.outDir} was not brought up to date: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }
    return exitCode;
  } finally {
    stop.dispose();
    await opened.close();
  }
}

/** Removes the design files disk hygiene allows (docs/behaviour/generator.md, "Disk hygiene"); the server does it every six hours. */
async function prune(flags: PruneFlags): Promise<number> {
  const { config, store } = await openStore();
  const { pruneDesignFiles, describePrune } = await import('../../shared/generator/index.ts');
  try {
    const report = await pruneDesignFiles({
      store,
      designsDir: config.generator.designsDir,
      retentionDays: config.generator.designRetentionDays,
      dryRun: flags.dryRun === true,
    });
    if (flags.json) printJson(report);
    else out(describePrune(report));
    return EXIT_OK;
  } finally {
    store.close();
  }
}

export function registerRunsCommand(program: Command, onExitCode: (code: number) => void): void {
  const runs = program
    .command('runs')
    .description("The generator runs in DATA_DIR (the /generator page's and tshirt-gen generate's): list, show, publish, resume, prune");
  runs
    .command('list')
    .description('every run, newest first: id, time, state, counts, theme')
    .option('--json', 'one JSON document on stdout')
    .action(async (flags: ListFlags) => onExitCode(await list(flags)));
  runs
    .command('show <id>')
    .description("one run's products and their statuses")
    .option('--json', 'one JSON document on stdout (the run and its history)')
    .action(async (id: string, flags: ListFlags) => onExitCode(await show(id, flags)));
  runs
    .command('publish <id>')
    .description('publish the ready products of a run (all, or those named with --product), each exactly once')
    .option('--product <n>', 'a product number (1 is the first card); repeat for more', parseProduct)
    .action(async (id: string, flags: { product?: number[] }) => onExitCode(await publish(id, flags)));
  runs
    .command('resume <id>')
    .description(
      'go on with a run that was stopped or cut short (Ctrl-C, a crash): make the designs still missing, finish interrupted publishing, and publish a generate --publish run',
    )
    .action(async (id: string) => onExitCode(await resume(id)));
  runs
    .command('prune')
    .description(
      "remove the design files of discarded products and of runs older than DESIGN_RETENTION_DAYS (never a published product's); the server does it every 6 hours",
    )
    .option('--dry-run', 'say what would be removed, remove nothing')
    .option('--json', 'one JSON document on stdout (the counts)')
    .action(async (flags: PruneFlags) => onExitCode(await prune(flags)));
}
