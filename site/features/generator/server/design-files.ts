import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createDirectoryDesignStore } from '../../../../shared/generator/index.ts';
import type { DesignStore } from '../../../../shared/generator/index.ts';
import { DESIGN_FILE_NAME } from './design-urls.ts';

/**
 * The server's design store: `{slug}-{random id}-preview.png` and `-print.png` in one folder
 * (DATA_DIR/designs). Written under a temporary name and renamed, so a half-written PNG is never
 * served; never overwritten, so their URLs can be cached for good.
 */

export function createServerDesignStore(dir: string): DesignStore {
  // A random id, not a content hash: the URL must not be guessable from the design.
  return createDirectoryDesignStore(dir, { fileId: () => randomBytes(12).toString('hex') });
}

/** The path of a stored design by file name, or undefined when the name is not one of ours or the file is gone. */
export async function findDesignFile(dir: string, name: string): Promise<string | undefined> {
  if (!DESIGN_FILE_NAME.test(name)) return undefined;
  const file = path.join(path.resolve(dir), name);
  try {
    await fs.access(file, constants.R_OK);
    return file;
  } catch {
    return undefined;
  }
}
