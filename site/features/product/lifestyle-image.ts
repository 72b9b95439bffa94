/**
 * The product page's lifestyle photo is the same on every product page: `LifestyleImage.astro` asks
 * astro:assets for its widths once per build (or dev session) and keeps the answer here, rather than
 * once per page.
 */

let kept: Promise<unknown> | undefined;

export function lifestyleImageOnce<T>(make: () => Promise<T>): Promise<T> {
  kept ??= make();
  return kept as Promise<T>;
}
