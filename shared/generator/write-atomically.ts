import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';

/**
 * Writes the file under a temporary name beside it, then renames it into place: whatever stops the
 * process midway leaves the old file or the new one, never half of either.
 */
export async function writeAtomically(file: string, data: string | Uint8Array): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(temp, data);
  await fs.rename(temp, file);
}
