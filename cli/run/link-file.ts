import fs from 'node:fs';

/**
 * Puts `source` at `target` without a second copy on disk: a hard link, or a copy (a clone where the
 * file system can) across file systems. Never overwrites: an existing `target` throws.
 */
export function linkOrCopy(source: string, target: string): void {
  try {
    fs.linkSync(source, target);
  } catch {
    fs.copyFileSync(source, target, fs.constants.COPYFILE_EXCL | fs.constants.COPYFILE_FICLONE);
  }
}
