import type { Command } from 'commander';
import { EXIT_FAILURE, EXIT_OK, EXIT_PARTIAL } from '../exit-codes.ts';
import { UsageError } from '../usage-error.ts';

/**
 * `tshirt-gen runs list|show|publish|resume`: the generator's runs in DATA_DIR/generator/runs.db,
 * the same records the /generator page makes (docs/behaviour/cli.md, "runs"). Publishing and
 * resuming happen in this process, with the configured providers, through the same runner as the
 * server; the publish key keeps a product from being made twice even if the server does it too.
 */

const RUN_ID = /^[0-9a-f]{16}$/;

interface ListFlags {
  json?: boolean;
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

const write = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);

async function list(flags: ListFlags): Promise<number> {
  const { store } = await openStore();
  try {
    const runs = store.listRuns(200);
    if (flags.json) {
      write(JSON.stringify({ runs }, null, 2));
      return EXIT_OK;
    }
    if (runs.length === 0) {
      write('No runs yet: tshirt-gen generate, or the /generator page, makes one.');
      return EXIT_OK;
    }
    for (const run of runs) {
      write(
        `${run.id}  ${run.createdAt}  ${run.state.padEnd(8)}  ${run.count} products: ${run.ready} ready, ${run.published} published, ${run.failed} failed  ${run.theme}`,
      );
    }
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
      write(JSON.stringify({ run, events: store.events(id) }, null, 2));
      return EXIT_OK;
    }
    write(`Run ${run.id} (${run.state}), ${run.createdAt}: ${run.count} products, theme "${run.theme}"`);
    if (run.progress) write(`  ${run.progress}`);
    if (run.error) write(`  Failed to generate products: ${run.error}`);
    for (const product of run.products) {
      const status = product.status === 'published' ? `published (${product.shopId}, /product/${product.handle})` : product.status;
      write(`  ${product.index + 1}. ${product.name}: "${product.quote_primary}" $${product.price.toFixed(2)}  ${status}`);
      if (product.error) write(`     ${product.error}`);
    }
    return EXIT_OK;
  } finally {
    store.close();
  }
}

/** A runner in this process over the run store, with the configured providers and the server's designs folder. */
async function openRunner(log: (line: string) => void) {
  const [{ randomBytes }, fs, path, { fileURLToPath, pathToFileURL }, { BRAND }, providers] = await Promise.all([
    import('node:crypto'),
    import('node:fs/promises'),
    import('node:path'),
    import('node:url'),
    import('../../shared/common/index.ts'),
    import('../../shared/generator/index.ts'),
  ]);
  const { createDirectoryDesignStore, createRunner } = providers;
  const { config, store } = await openStore();
  const designsDir = config.generator.designsDir;
  // Random names, like the server's: the /generator page serves these files by name.
  const designStore = createDirectoryDesignStore(designsDir, { fileId: () => randomBytes(12).toString('hex') });
  const generators = await providers.selectGeneratorProviders({ designStore, config });
  const { publisher } = await providers.selectPublisher(config);
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
    async removeFiles(names) {
      for (const name of names) await fs.rm(path.join(designsDir, path.basename(name)), { force: true });
    },
    log,
  });
  return {
    store,
    runner,
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
    write(`  ${product.index + 1}. ${product.name}: ${product.status}${detail}`);
  }
  if (run.state === 'failed' && run.products.length === 0) return EXIT_FAILURE;
  return concerned.some((p) => p.status === 'error') ? EXIT_PARTIAL : EXIT_OK;
}

async function publish(id: string, flags: { product?: number[] }): Promise<number> {
  checkRunId(id);
  const opened = await openRunner((line) => process.stderr.write(`${line}\n`));
  try {
    const run = opened.store.getRun(id);
    if (!run) throw new UsageError(`there is no run ${id} (see tshirt-gen runs list)`);
    const known = new Set(run.products.map((p) => p.index));
    for (const index of flags.product ?? []) if (!known.has(index)) throw new UsageError(`run ${id} has no product ${index + 1}`);
    const claimed = opened.runner.publish(id, flags.product, null);
    process.stderr.write(
      claimed.length === 0 ? 'Nothing to publish: no ready product among those asked for.\n' : `Publishing ${claimed.length}...\n`,
    );
    await opened.runner.idle(id);
    return outcome(opened.store, id, flags.product);
  } finally {
    await opened.close();
  }
}

async function resume(id: string): Promise<number> {
  checkRunId(id);
  const opened = await openRunner((line) => process.stderr.write(`${line}\n`));
  try {
    if (!opened.store.getRun(id)) throw new UsageError(`there is no run ${id} (see tshirt-gen runs list)`);
    await opened.runner.resume(id);
    const run = opened.store.getRun(id)!;
    process.stderr.write(`${run.progress || run.state}\n`);
    return outcome(opened.store, id);
  } finally {
    await opened.close();
  }
}

export function registerRunsCommand(program: Command, onExitCode: (code: number) => void): void {
  const runs = program
    .command('runs')
    .description('The generator runs in DATA_DIR (the ones the /generator page makes): list, show, publish, resume');
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
    .description('go on with a run that was stopped or cut short: make the designs still missing, finish interrupted publishing')
    .action(async (id: string) => onExitCode(await resume(id)));
}
