import type { Command } from 'commander';
import type { Actor, Publisher, RunProduct, RunRecord, RunStore } from '../../shared/generator/index.ts';
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
    // Every run, however many: no limit.
    printListing(store.listRuns(Number.MAX_SAFE_INTEGER), {
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
  // The publish keys being published right now: a stop hands back every other claim (handBack).
  const inFlight = new Set<string>();
  const watched: Publisher = {
    shopName: publisher.shopName,
    async publish(product, signal) {
      const key = product.publishKey ?? '';
      inFlight.add(key);
      try {
        return await publisher.publish(product, signal);
      } finally {
        inFlight.delete(key);
      }
    },
    ...(publisher.remove ? { remove: publisher.remove.bind(publisher) } : {}),
  };
  const runner = createRunner({
    store,
    brand: BRAND,
    concepts: generators.concepts,
    designs: generators.designs,
    publisher: watched,
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
  /** Who this command acts as: the OS account (the CLI has no staff identity). */
  const actor = providers.processActor();
  return {
    run,
    store,
    runner,
    designsDir,
    actor,
    /** The run's products now, by index: what a claim made after this is handed back to on a stop. */
    snapshot: (): ReadonlyMap<number, RunProduct> => new Map(store.getRun(id)?.products.map((p) => [p.index, p])),
    /** Hands back the claims not yet started (handBack), at once: the publish under way may end any moment. */
    stopPublishing: (before: ReadonlyMap<number, RunProduct>, signal: NodeJS.Signals) =>
      handBack(store, id, { me: processOwner(), publishHandle: providers.publishHandle, inFlight, before, signal, actor }),
    ownerAlive: providers.ownerAlive,
    ownerLabel: providers.ownerLabel,
    async close() {
      await runner.close();
      await publisher.close?.();
      store.close();
    },
  };
}

type OpenedRunner = Awaited<ReturnType<typeof openRunner>>;

/**
 * On a stop: every product this process (`me`) holds `publishing` whose publish has not begun goes
 * back to ready, recorded as `publish-stopped` with the signal; the one being published finishes (or,
 * on a second Ctrl-C, is left for the next start to finish under its key). Each goes back to what it
 * was when `before` was taken, just before this process claimed it: a claim never sent to the shop
 * leaves it as changeable as it was, one taken over from a publish cut short stays partly published.
 * The indices handed back.
 */
function handBack(
  store: RunStore,
  id: string,
  options: {
    me: string;
    publishHandle: (product: RunProduct) => string;
    inFlight: ReadonlySet<string>;
    before: ReadonlyMap<number, RunProduct>;
    signal: NodeJS.Signals;
    actor: Actor;
  },
): number[] {
  const handed: number[] = [];
  for (const product of store.getRun(id)?.products ?? []) {
    if (product.status !== 'publishing' || product.publisher !== options.me || options.inFlight.has(options.publishHandle(product)))
      continue;
    const earlier = options.before.get(product.index);
    const patch = earlier
      ? { status: 'ready' as const, partlyPublished: earlier.partlyPublished === true, handle: earlier.handle }
      : { status: 'ready' as const };
    const after = store.updateProduct(id, product.index, patch, {
      from: ['publishing'],
      fromPublisher: options.me,
      event: { kind: 'publish-stopped', actor: options.actor, detail: { signal: options.signal } },
    });
    if (after) handed.push(product.index);
  }
  return handed;
}

/**
 * The products asked for that are `publishing` under a process that is gone (killed, or stopped at
 * once): each goes back to ready, keeping its publish key and staying partly published, in one write
 * conditional on that process still holding it, so that it is claimed and published again like any
 * ready product and the key finds whatever the publish cut short made. Those a live process is
 * publishing are left to it. Says what it did.
 */
function takeOverCutShort(opened: OpenedRunner, id: string, indices: readonly number[] | undefined): void {
  const { ownerAlive, ownerLabel } = opened;
  const wanted = indices ? new Set(indices) : undefined;
  /** Where each product taken over, or left to a live process, was being published. */
  const takenFrom: string[] = [];
  const elsewhere: string[] = [];
  for (const product of opened.store.getRun(id)?.products ?? []) {
    if (product.status !== 'publishing' || (wanted && !wanted.has(product.index))) continue;
    const claimant = product.publisher;
    if (claimant && ownerAlive(claimant)) {
      elsewhere.push(ownerLabel(claimant));
      continue;
    }
    const released = opened.store.updateProduct(
      id,
      product.index,
      { status: 'ready' },
      {
        from: ['publishing'],
        fromPublisher: claimant ?? null,
        event: { kind: 'publish-taken-over', actor: opened.actor, detail: { from: claimant ?? null } },
      },
    );
    if (released) takenFrom.push(claimant ? ownerLabel(claimant) : 'an earlier process');
  }
  const places = (labels: readonly string[]) => [...new Set(labels)].join(', ');
  if (takenFrom.length > 0) {
    const gone = new Set(takenFrom).size === 1 ? 'which is gone' : 'which are gone';
    note(
      `Taking over ${takenFrom.length} ${takenFrom.length === 1 ? 'publish' : 'publishes'} cut short in ${places(takenFrom)}, ${gone}: each is published under its publish key, so the shop gets it once.`,
    );
  }
  if (elsewhere.length > 0)
    note(
      `${elsewhere.length} of the products asked for ${elsewhere.length === 1 ? 'is' : 'are'} being published by another process (${places(elsewhere)}): left to it.`,
    );
}

function outcome(store: RunStore, id: string, indices?: readonly number[]): number {
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

/**
 * Publishes the ready products asked for, and those a process that is gone left `publishing`
 * (takeOverCutShort). Ctrl-C lets the product being published finish and hands the other claims back.
 */
async function publish(id: string, flags: { product?: number[] }): Promise<number> {
  const opened = await openRunner(id, note);
  const { listenForStopSignals } = await import('../signals.ts');
  let before: ReadonlyMap<number, RunProduct> = new Map();
  const stop = listenForStopSignals((signal) => {
    note(`Stopping (${signal}) after the product being published; press Ctrl-C again to quit at once.`);
    opened.stopPublishing(before, signal);
  });
  try {
    const known = new Set(opened.run.products.map((p) => p.index));
    for (const index of flags.product ?? []) if (!known.has(index)) throw new UsageError(`run ${id} has no product ${index + 1}`);
    // From here to the wait, nothing yields: a stop can only come while the claimed products are published.
    takeOverCutShort(opened, id, flags.product);
    before = opened.snapshot();
    const claimed = opened.runner.publish(id, flags.product, opened.actor);
    note(claimed.length === 0 ? 'Nothing to publish: no ready product among those asked for.' : `Publishing ${claimed.length}...`);
    await opened.runner.idle(id);
    const code = outcome(opened.store, id, flags.product);
    const signal = stop.received();
    if (!signal) return code;
    const after = opened.store.getRun(id)!.products.filter((p) => claimed.includes(p.index));
    const published = after.filter((p) => p.status === 'published').length;
    const handedBack = after.filter((p) => p.status === 'ready').length;
    const rest = handedBack > 0 ? `; ${handedBack} handed back to ready: tshirt-gen runs publish ${id} publishes them` : '';
    note(`Stopped (${signal}): ${published} of ${claimed.length} published${rest}.`);
    return exitCodeForSignal(signal);
  } finally {
    stop.dispose();
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
  let before = opened.snapshot();
  const stop = listenForStopSignals((signal) => {
    // The signal's reason (StopAfterStep) lets the design being made finish, as in `generate`.
    note(`Stopping (${signal}) after the design being made and the product being published; press Ctrl-C again to quit at once.`);
    try {
      opened.runner.stop(id, opened.actor, stop.signal.reason);
    } catch {
      // Not designing any more.
    }
    // Publishing finishes the product in hand; the claims not yet started go back to ready.
    opened.stopPublishing(before, signal);
  });
  try {
    try {
      await opened.runner.resume(id);
    } catch (error) {
      if (error instanceof Error && error.name === 'RunConflict') throw new UsageError(error.message);
      throw error;
    }
    if (opened.run.cli?.publish && !stop.received()) {
      before = opened.snapshot();
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
    .description(
      'publish the ready products of a run (all, or those named with --product), each exactly once, and finish those a process that is gone left publishing',
    )
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
