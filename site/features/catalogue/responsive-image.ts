import type { ProductImage } from '../../../shared/storefront/browser.ts';
import { imageAtWidth, srcsetFor } from './image-url.ts';

/**
 * A product photo's `src` and `srcset` for a layout, worked out once per photo and layout for the
 * whole build. A build draws each product many times (its page, a card in each of its collections'
 * four orders, the home page, other products' recommendations), always from the same catalogue
 * objects, and writing the URLs was a tenth of the time a collection page took to render. Kept
 * against the image object, so nothing outlives the catalogue it came from (the dev server reads
 * afresh on each request). Server-only: the browser's code calls `imageAtWidth` directly.
 */

export interface ResponsiveImage {
  src: string;
  srcset: string;
}

const kept = new WeakMap<ProductImage, Map<number, ResponsiveImage>>();

/** `image` at `width` (`src`), and at each width up to `maxWidth` (`srcset`). */
export function responsiveImage(image: ProductImage, width: number, maxWidth: number): ResponsiveImage {
  let layouts = kept.get(image);
  if (!layouts) {
    layouts = new Map();
    kept.set(image, layouts);
  }
  // Widths are whole pixels well under 2^16: one number names the pair.
  const key = width * 65536 + maxWidth;
  let found = layouts.get(key);
  if (!found) {
    found = { src: imageAtWidth(image.url, width), srcset: srcsetFor(image.url, maxWidth) };
    layouts.set(key, found);
  }
  return found;
}
