import { randomBytes } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';

/**
 * Writes the file under a temporary name beside it, then renames it into place: whatever stops the
 * process midway leaves the old file or the new one, never half of either.
 */

/** A fresh temporary name beside `file`, for one write. */
export function tempNameFor(file: string): string {
  return `${file}.${randomBytes(6).toString('hex')}.tmp`;
}

/** `temp`: the temporary name to use, when the caller must know it (to remove it if the write is cut off). */
export async function writeAtomically(file: string, data: string | Uint8Array, temp = tempNameFor(file)): Promise<void> {
  await fs.writeFile(temp, data);
  await fs.rename(temp, file);
}

/** The same, synchronously: for a process that is ending ('exit' handlers cannot wait). */
export function writeAtomicallySync(file: string, data: string | Uint8Array): void {
  const temp = tempNameFor(file);
  writeFileSync(temp, data);
  renameSync(temp, file);
}
