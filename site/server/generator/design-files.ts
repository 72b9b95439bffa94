import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fileSlug } from '../../../shared/generator/providers/designs/directory-store.ts';
import type { DesignStore, DesignToSave, SavedDesign } from '../../../shared/generator/providers/index.ts';
import { DESIGN_FILE_NAME } from './design-urls.ts';

/**
 * The server's design store: `{slug}-{random id}-preview.png` and `-print.png` in one folder
 * (DATA_DIR/designs). Written under a temporary name and renamed, so a half-written PNG is never
 * served; never overwritten, so their URLs can be cached for good.
 */

async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(temp, bytes);
  await fs.rename(temp, file);
}

export function createServerDesignStore(dir: string): DesignStore {
  const root = path.resolve(dir);
  return {
    async save(design: DesignToSave, signal?: AbortSignal): Promise<SavedDesign> {
      signal?.throwIfAborted();
      await fs.mkdir(root, { recursive: true });
      const base = path.join(root, `${fileSlug(design.name)}-${randomBytes(12).toString('hex')}`);
      const preview = `${base}-preview.png`;
      await writeAtomically(preview, design.preview);
      if (!design.print) return { imageUrl: pathToFileURL(preview).href };
      const print = `${base}-print.png`;
      await writeAtomically(print, design.print);
      return { imageUrl: pathToFileURL(preview).href, files: { print, preview } };
    },
  };
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
