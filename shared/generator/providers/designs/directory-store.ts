import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeAtomically } from '../../write-atomically.ts';
import type { DesignStore, DesignToSave, SavedDesign } from './store.ts';

/**
 * A DesignStore that writes `{slug}-{hash}-print.png` and `…-preview.png` into a folder (the CLI's
 * `--out DIR`) and answers with the preview's file: URL. Files are written under a temporary name and
 * renamed, so an interrupted run never leaves half a PNG behind.
 */

const MAX_SLUG = 48;

/** A file-name-safe slug of an untrusted product name ("Chief <b>Cats</b> Officer" → "chief-b-cats-b-officer"). */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/g, '');
  return slug || 'design';
}

/** The content hash keeps two products with the same name from overwriting each other. */
const contentId = (design: DesignToSave) => createHash('sha256').update(design.preview).digest('hex').slice(0, 8);

export interface DirectoryDesignStoreOptions {
  /** The part of the file name after the slug (default: a short hash of the preview). */
  fileId?: (design: DesignToSave) => string;
}

export function createDirectoryDesignStore(dir: string, { fileId = contentId }: DirectoryDesignStoreOptions = {}): DesignStore {
  const root = path.resolve(dir);
  return {
    async save(design: DesignToSave, signal?: AbortSignal): Promise<SavedDesign> {
      signal?.throwIfAborted();
      await fs.mkdir(root, { recursive: true });
      const base = path.join(root, `${fileSlug(design.name)}-${fileId(design)}`);
      const preview = `${base}-preview.png`;
      await writeAtomically(preview, design.preview);
      if (!design.print) return { imageUrl: pathToFileURL(preview).href };
      const print = `${base}-print.png`;
      await writeAtomically(print, design.print);
      return { imageUrl: pathToFileURL(preview).href, printUrl: pathToFileURL(print).href, files: { print, preview } };
    },
  };
}
