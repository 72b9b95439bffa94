import { isAscii } from 'node:buffer';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { asciiHtml } from '../features/shell/ascii-html.ts';

/**
 * Every pre-rendered page is written in ASCII (`asciiHtml`; docs/architecture.md, "Pages in ASCII").
 * Done once the build has written its pages rather than as each page renders: most pages are ASCII
 * already, and reading a file and checking its bytes costs less than reading each page's response
 * back as text and wrapping the result in a new response, as a middleware must (a 2,000-product
 * build, three of each side by side: 14.1 s with the middleware, 13.7 s with this). Only a page that
 * holds a character outside ASCII is written again. The dev server serves pages as they render.
 */
export function asciiPages(): AstroIntegration {
  return {
    name: 'neural-threads:ascii-pages',
    hooks: {
      // `assets` lists the files each pre-rendered route wrote: no need to walk the output folder.
      'astro:build:done': async ({ assets, logger }) => {
        const pages = [...assets.values()].flat().map((url) => fileURLToPath(url));
        const rewritten = await asciiHtmlFiles(pages);
        logger.info(`${rewritten} of ${pages.filter(isPage).length} pages rewritten in ASCII`);
      },
    },
  };
}

/** How many files are read at once: enough to keep the disk and the thread pool busy. */
const AT_ONCE = 8;

const isPage = (file: string) => file.endsWith('.html');

/** Rewrites each of these `.html` files that is not ASCII (other files are left alone); says how many it rewrote. */
export async function asciiHtmlFiles(files: readonly string[]): Promise<number> {
  const pages = files.filter(isPage);
  let next = 0;
  let rewritten = 0;
  async function work(): Promise<void> {
    while (next < pages.length) {
      const file = pages[next++]!;
      const bytes = await fs.readFile(file);
      if (isAscii(bytes)) continue;
      await fs.writeFile(file, asciiHtml(bytes.toString('utf8')));
      rewritten += 1;
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, work));
  return rewritten;
}
