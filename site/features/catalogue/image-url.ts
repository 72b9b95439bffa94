/**
 * Responsive product images. Shopify's CDN (and the embedded shop) resize on a `width` query
 * parameter, so one stored image yields a whole `srcset`.
 */

/** Widths offered to the browser: phone cards up to a 2x desktop product image. */
export const IMAGE_WIDTHS = [240, 360, 480, 640, 800, 1080, 1400] as const;

/** The image URL asking for `width` pixels; other query parameters are kept. */
export function imageAtWidth(url: string, width: number): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url; // Not an absolute URL: nothing to resize, show it as it is.
  }
  parsed.searchParams.set('width', String(Math.round(width)));
  return parsed.toString();
}

/** A `srcset` of `url` at each width up to `maxWidth` (the largest the layout ever draws, at 2x). */
export function srcsetFor(url: string, maxWidth: number, widths: readonly number[] = IMAGE_WIDTHS): string {
  const chosen = widths.filter((w) => w <= maxWidth);
  if (chosen.length === 0) chosen.push(Math.min(...widths));
  const at = atWidths(url);
  return chosen.map((w) => `${at(w)} ${w}w`).join(', ');
}

const WIDTH_SLOT = 'width=0';

/**
 * `imageAtWidth` for many widths of one URL, parsed once: the URL is written with a placeholder
 * width and each width is put in its place. A build writes tens of thousands of srcsets, and
 * parsing and writing a URL per width was a twentieth of the time it took to render a page.
 */
function atWidths(url: string): (width: number) => string {
  if (!URL.canParse(url)) return () => url; // not an absolute URL: nothing to resize
  const template = imageAtWidth(url, 0);
  const slot = template.lastIndexOf(WIDTH_SLOT);
  const before = template.slice(0, slot + WIDTH_SLOT.length - 1);
  const after = template.slice(slot + WIDTH_SLOT.length);
  return (width) => `${before}${Math.round(width)}${after}`;
}
