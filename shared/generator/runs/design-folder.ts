import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The designs folder (DATA_DIR/designs) as the runs use it: files named `{slug}-{hex id}-preview.png`
 * and `-print.png`, removed only by name inside the folder, never anything else.
 */

const DESIGN_FILE = /^[a-z0-9-]{1,60}-[0-9a-f]{8,64}-(preview|print)\.png$/;
/** A design file still being written (write-atomically.ts), left behind by a process that died. */
const DESIGN_TEMP = /^[a-z0-9-]{1,60}-[0-9a-f]{8,64}-(preview|print)\.png\.[0-9a-f]{12}\.tmp$/;

export function isDesignFileName(name: string): boolean {
  return DESIGN_FILE.test(name);
}

export function isDesignTempName(name: string): boolean {
  return DESIGN_TEMP.test(name);
}

/** Deletes one design file; its size, or undefined when it was not there (already gone is not a failure). */
export async function removeDesignFile(dir: string, name: string, options: { dryRun?: boolean } = {}): Promise<number | undefined> {
  if (!isDesignFileName(name) && !isDesignTempName(name)) return undefined;
  const file = path.join(dir, name);
  let size: number;
  try {
    size = (await fs.lstat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (!options.dryRun) await fs.rm(file, { force: true });
  return size;
}

/** Deletes design files by name (a discarded or replaced design); the runner hosts of the server and the CLI use it. */
export async function removeDesignFiles(dir: string, names: readonly string[]): Promise<void> {
  for (const name of names) await removeDesignFile(dir, name);
}
