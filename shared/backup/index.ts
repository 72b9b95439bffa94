/** Backups of DATA_DIR: a consistent snapshot while the server runs, and a checked restore. */

export { BackupError, createBackup, type BackupOptions, type BackupResult } from './backup.ts';
export { RestoreError, restoreBackup, type RestoreResult } from './restore.ts';
export { BACKUP_FORMAT, inspectDatabase, ManifestSchema, sha256File, type Manifest } from './manifest.ts';
export { listDataDir, REGENERABLE_DIRS } from './walk.ts';
