/** An image model's artwork composed into the print: a PNG embedded as a data URL in its own region. */
import type { Box } from './canvas.ts';
import { isPng } from './png.ts';
import { define, num, type SvgDefs } from './svg.ts';
import { DesignInputError } from './text.ts';

export interface Artwork {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** Checks the PNG signature and reads the size from IHDR; anything else is refused. */
export function readArtwork(bytes: Uint8Array): Artwork {
  if (bytes.length < 24 || !isPng(bytes) || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') {
    throw new DesignInputError('Design artwork must be PNG bytes.');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0) throw new DesignInputError('Design artwork PNG has no pixels.');
  return { bytes, width, height };
}

/** The artwork scaled to fit the box (centred, aspect kept), and the rectangle it covers. */
export function artworkMarkup(artwork: Artwork, box: Box, defs: SvgDefs): { markup: string; covered: Box } {
  const scale = Math.min(box.width / artwork.width, box.height / artwork.height);
  const width = artwork.width * scale;
  const height = artwork.height * scale;
  const covered = { x: box.x + (box.width - width) / 2, y: box.y, width, height };
  const radius = Math.min(width, height) * 0.04;
  // Rounded corners soften opaque artwork edges; transparent artwork is unaffected.
  const clip = define(
    defs,
    'art-clip',
    (id) =>
      `<clipPath id="${id}"><rect x="${num(covered.x)}" y="${num(covered.y)}" width="${num(width)}" ` +
      `height="${num(height)}" rx="${num(radius)}"/></clipPath>`,
  );
  const data = Buffer.from(artwork.bytes.buffer, artwork.bytes.byteOffset, artwork.bytes.byteLength).toString('base64');
  const markup =
    `<image x="${num(covered.x)}" y="${num(covered.y)}" width="${num(width)}" height="${num(height)}" ` +
    `preserveAspectRatio="none" clip-path="url(#${clip})" href="data:image/png;base64,${data}"/>`;
  return { markup, covered };
}
