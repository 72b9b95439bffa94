import type { RenderedDesign } from '../../../design/index.ts';

/**
 * Where finished designs go. The design providers render, then hand the PNGs to a store, which
 * decides where they live and which URL the product card, the shop and the publisher will use:
 * the CLI writes files into its output folder, the web server keeps them and serves them.
 */

export interface DesignToSave {
  /** The product name, for file names and alt text. */
  name: string;
  /** 4500×5400 transparent 300 DPI print PNG; absent when the provider was told not to render it. */
  print?: Buffer;
  /** About 1024 px wide; what cards and the storefront show. */
  preview: Buffer;
  /** The renderer's layout name ("stacked", "badge", …). */
  layout: string;
}

export interface SavedDesign {
  /** http(s): or file: URL of the image to show and to publish. */
  imageUrl: string;
  /** Local paths of the print file and preview, when the store keeps files. */
  files?: { print: string; preview: string };
  /** The print file's URL (like imageUrl), when it was rendered. */
  printUrl?: string;
}

export interface DesignStore {
  save(design: DesignToSave, signal?: AbortSignal): Promise<SavedDesign>;
}

/** The rendered design into the store under the product's name, unless the run was cancelled while it rendered. */
export async function saveRendered(store: DesignStore, name: string, rendered: RenderedDesign, signal?: AbortSignal): Promise<SavedDesign> {
  signal?.throwIfAborted();
  return store.save(
    { name, preview: rendered.preview, layout: rendered.layout, ...(rendered.print ? { print: rendered.print } : {}) },
    signal,
  );
}
