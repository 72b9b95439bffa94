import path from 'node:path';
import type { Command } from 'commander';

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

async function dataDirOf(flags: DataFlags): Promise<string> {
  if (flags.data) return path.resolve(flags.data);
  const { loadConfig } = await import('../../shared/config/index.ts');
  return loadConfig().localShop.dataDir;
}

async function runBackup(file: string, flags: DataFlags): Promise<void> {
  const [{ createBackup }, dataDir] = await Promise.all([import('../../shared/backup/index.ts'), dataDirOf(flags)]);
  const result = await createBackup({ dataDir, file });
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  const rows = (tables: Record<string, number>) =>
    Object.entries(tables)
      .map(([name, n]) => `${name} ${n}`)
      .join(', ');
  process.stdout.write(`Backed up ${dataDir} to ${result.file} (${mb(result.bytes)} in ${(result.ms / 1000).toFixed(1)} s)\n`);
  for (const db of result.databases) process.stdout.write(`  ${db.path}: ${rows(db.tables)}\n`);
  process.stdout.write(`  ${result.files} other files (designs, images, generated runs)\n`);
}

async function runRestore(file: string, flags: DataFlags): Promise<void> {
  const [{ restoreBackup }, dataDir] = await Promise.all([import('../../shared/backup/index.ts'), dataDirOf(flags)]);
  const result = await restoreBackup({ file, dataDir, force: flags.force === true });
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  if (result.movedAside) process.stdout.write(`Moved what was in ${result.dataDir} to ${result.movedAside}\n`);
  process.stdout.write(`Restored ${result.databases.length} databases and ${result.files} files into ${result.dataDir}\n`);
}

export function registerBackupCommands(program: Command): void {
  program
    .command('backup')
    .description('Write a consistent snapshot of DATA_DIR (databases, designs, images) to one .tar.gz, even while the store runs')
    .argument('<file>', 'the archive to write, e.g. backups/store-2026-11-26.tar.gz')
    .option('-d, --data <dir>', 'data directory (default DATA_DIR or .data)')
    .option('--json', 'print the result as one JSON document')
    .action((file: string, flags: DataFlags) => runBackup(file, flags));
  program
    .command('restore')
    .description('Restore a backup into DATA_DIR (refuses a non-empty one unless --force); stop the store first')
    .argument('<file>', 'an archive written by tshirt-gen backup')
    .option('-d, --data <dir>', 'data directory (default DATA_DIR or .data)')
    .option('--force', 'restore into a non-empty data directory, moving its contents aside first')
    .option('--json', 'print the result as one JSON document')
    .action((file: string, flags: DataFlags) => runRestore(file, flags));
}
