import type { Command } from 'commander';
import { exitCodeForSignal } from '../exit-codes.ts';
import { listenForStopSignals } from '../signals.ts';
import { DATA_OPTION, dataDirOf, out, printJson } from './common.ts';

/**
 * `tshirt-gen backup <file>` and `tshirt-gen restore <file>`: DATA_DIR (or --data) to one .tar.gz
 * and back (docs/behaviour/backups.md). A backup can run while the server and the shop run.
 */

interface DataFlags {
  data?: string;
  json?: boolean;
  force?: boolean;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function runBackup(file: string, flags: DataFlags): Promise<void> {
  // An empty --data means none here (DATA_DIR), as it always has for backups.
  const [{ createBackup }, dataDir] = await Promise.all([import('../../shared/backup/index.ts'), dataDirOf(flags.data || undefined)]);
  // Ctrl-C or SIGTERM stops the backup and removes what it had copied (a second one ends the process
  // at once; the next backup then sweeps what that one left).
  const stop = listenForStopSignals();
  let result: Awaited<ReturnType<typeof createBackup>>;
  try {
    result = await createBackup({ dataDir, file, signal: stop.signal });
  } catch (error) {
    const signal = stop.received();
    if (!signal) throw error;
    process.stderr.write(`tshirt-gen: backup stopped (${signal}); nothing was written to ${file}\n`);
    process.exit(exitCodeForSignal(signal));
  } finally {
    stop.dispose();
  }
  if (flags.json) {
    printJson(result);
    return;
  }
  const rows = (tables: Record<string, number>) =>
    Object.entries(tables)
      .map(([name, n]) => `${name} ${n}`)
      .join(', ');
  out(`Backed up ${dataDir} to ${result.file} (${mb(result.bytes)} in ${(result.ms / 1000).toFixed(1)} s)`);
  for (const db of result.databases) out(`  ${db.path}: ${rows(db.tables)}`);
  out(`  ${result.files} other files (designs, images, generated runs)`);
}

async function runRestore(file: string, flags: DataFlags): Promise<void> {
  const [{ restoreBackup }, dataDir] = await Promise.all([import('../../shared/backup/index.ts'), dataDirOf(flags.data || undefined)]);
  const result = await restoreBackup({ file, dataDir, force: flags.force === true, buildsDir: process.env.SITE_BUILDS_DIR || undefined });
  if (flags.json) {
    printJson(result);
    return;
  }
  if (result.movedAside) out(`Moved what was in ${result.dataDir} to ${result.movedAside}`);
  out(`Restored ${result.databases.length} databases and ${result.files} files into ${result.dataDir}`);
}

export function registerBackupCommands(program: Command): void {
  program
    .command('backup')
    .description('Write a consistent snapshot of DATA_DIR (databases, designs, images) to one .tar.gz, even while the store runs')
    .argument('<file>', 'the archive to write, e.g. backups/store-2026-11-26.tar.gz')
    .option(...DATA_OPTION)
    .option('--json', 'print the result as one JSON document')
    .action((file: string, flags: DataFlags) => runBackup(file, flags));
  program
    .command('restore')
    .description('Restore a backup into DATA_DIR (refuses a non-empty one unless --force); stop the store first')
    .argument('<file>', 'an archive written by tshirt-gen backup')
    .option(...DATA_OPTION)
    .option('--force', 'restore into a non-empty data directory, moving its contents aside first')
    .option('--json', 'print the result as one JSON document')
    .action((file: string, flags: DataFlags) => runRestore(file, flags));
}
