/**
 * The storefront product photo: a flat t-shirt (silhouette, collar, seams, soft shading) in the
 * shirt colour on a light backdrop, with the print file's design scaled onto the chest as it would
 * be printed. Square, opaque, drawn in 1000 units and rendered straight to the requested size.
 */
import { PRINT_HEIGHT, PRINT_WIDTH } from './canvas.ts';
import { readArtwork } from './artwork.ts';
import { composeDesign } from './design.ts';
import { luminance, parseHexColor } from './palette.ts';
import { renderSvgToPng } from './render.ts';
import type { DesignRequest } from './request.ts';
import { defsMarkup, escapeXml } from './svg.ts';
import { DesignInputError } from './text.ts';

export const DEFAULT_SHIRT_COLOR = '#1e1e21';
export const DEFAULT_PRODUCT_IMAGE_SIZE = 1200;
const BACKDROP = '#f1eee9';

const SHIRT =
  'M405 112C432 168 568 168 595 112C650 128 700 140 748 158L884 322C857 344 825 365 792 382L706 335' +
  'C700 520 712 720 718 908C580 922 420 922 282 908C288 720 300 520 294 335L208 382C175 365 143 344 116 322' +
  'L252 158C300 140 350 128 405 112Z';
const NECK_OPENING = 'M405 112C440 94 560 94 595 112C568 168 432 168 405 112Z';
const FRONT_NECKLINE = 'M405 112C432 168 568 168 595 112';
const BACK_NECKLINE = 'M405 112C440 94 560 94 595 112';
const SEAMS = 'M748 158C722 220 708 280 706 335M252 158C278 220 292 280 294 335M792 382L884 322M208 382L116 322';
/** Where the 15x18 in print canvas lands: about three quarters of the chest width, just under the collar. */
const PRINT_BOX = { x: 340, y: 188, width: 320, height: 320 * (PRINT_HEIGHT / PRINT_WIDTH) };

/** A colour a little lighter (amount > 0) or darker (amount < 0), for the collar rib and inside. */
function shade(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const mixed = channels.map((c) => Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount)));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

export function productImageSvg(req: DesignRequest, shirtColor: string): string {
  const design = composeDesign(req, 'd');
  return shirtSvg(escapeXml(design.quote), `${defsMarkup(design.defs)}${design.body}`, shirtColor);
}

/** The same photo around a finished design PNG (any size with the print's 5:6 aspect), e.g. a published preview. */
export function productImageFromDesignSvg(designPng: Uint8Array, title: string, shirtColor: string): string {
  const data = Buffer.from(designPng).toString('base64');
  const print = `<image width="${PRINT_WIDTH}" height="${PRINT_HEIGHT}" preserveAspectRatio="xMidYMin meet" href="data:image/png;base64,${data}"/>`;
  return shirtSvg(escapeXml(title), print, shirtColor);
}

/** A t-shirt on the backdrop with `printMarkup` (drawn in print-canvas units) on its chest. */
function shirtSvg(titleText: string, printMarkup: string, shirtColor: string): string {
  const dark = luminance(shirtColor) < 0.2;
  const inside = shade(shirtColor, dark ? -0.45 : -0.22);
  const rib = shade(shirtColor, dark ? 0.1 : -0.08);
  // Light fabric shows shadows more; the same opacity would look grubby on a white shirt.
  const sideShadow = dark ? 0.32 : 0.16;
  const foldShadow = dark ? 0.16 : 0.06;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 1000 1000">` +
    `<title>${titleText}</title>` +
    '<defs>' +
    `<clipPath id="shirt"><path d="${SHIRT}"/></clipPath>` +
    '<radialGradient id="backdrop" cx="50%" cy="42%" r="70%"><stop offset="0" stop-color="#ffffff"/>' +
    `<stop offset="1" stop-color="${BACKDROP}"/></radialGradient>` +
    '<linearGradient id="sides" x1="0" x2="1" y1="0" y2="0">' +
    `<stop offset="0.1" stop-color="#000" stop-opacity="${sideShadow}"/><stop offset="0.32" stop-color="#000" stop-opacity="0"/>` +
    `<stop offset="0.68" stop-color="#000" stop-opacity="0"/><stop offset="0.9" stop-color="#000" stop-opacity="${sideShadow}"/>` +
    '</linearGradient>' +
    '<radialGradient id="light" cx="48%" cy="30%" r="45%"><stop offset="0" stop-color="#fff" stop-opacity="0.12"/>' +
    '<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>' +
    '<linearGradient id="hem" x1="0" x2="0" y1="0" y2="1"><stop offset="0.75" stop-color="#000" stop-opacity="0"/>' +
    '<stop offset="1" stop-color="#000" stop-opacity="0.18"/></linearGradient>' +
    '<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="9"/></filter>' +
    '<filter id="fold" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>' +
    '</defs>' +
    '<rect width="1000" height="1000" fill="url(#backdrop)"/>' +
    '<ellipse cx="500" cy="918" rx="300" ry="20" fill="#000" opacity="0.2" filter="url(#soft)"/>' +
    `<path d="${SHIRT}" fill="${shirtColor}"/>` +
    `<path d="${NECK_OPENING}" fill="${inside}"/>` +
    `<path d="${BACK_NECKLINE}" fill="none" stroke="${rib}" stroke-width="10"/>` +
    `<svg x="${PRINT_BOX.x}" y="${PRINT_BOX.y}" width="${PRINT_BOX.width}" height="${PRINT_BOX.height}" ` +
    `viewBox="0 0 ${PRINT_WIDTH} ${PRINT_HEIGHT}" opacity="0.96">${printMarkup}</svg>` +
    '<g clip-path="url(#shirt)">' +
    '<rect width="1000" height="1000" fill="url(#sides)"/>' +
    '<rect width="1000" height="1000" fill="url(#light)"/>' +
    '<rect width="1000" height="1000" fill="url(#hem)"/>' +
    `<g filter="url(#fold)" fill="#000" opacity="${foldShadow}">` +
    '<ellipse cx="360" cy="720" rx="26" ry="150" transform="rotate(14 360 720)"/>' +
    '<ellipse cx="655" cy="760" rx="22" ry="120" transform="rotate(-12 655 760)"/>' +
    '<ellipse cx="770" cy="300" rx="16" ry="70" transform="rotate(-40 770 300)"/>' +
    '<ellipse cx="230" cy="300" rx="16" ry="70" transform="rotate(40 230 300)"/></g>' +
    '<g filter="url(#fold)" fill="#fff" opacity="0.07">' +
    '<ellipse cx="410" cy="690" rx="20" ry="140" transform="rotate(12 410 690)"/></g>' +
    `<path d="${SEAMS}" fill="none" stroke="#000" stroke-opacity="0.22" stroke-width="3"/>` +
    '</g>' +
    // A hairline edge keeps a white shirt from melting into the light backdrop.
    `<path d="${SHIRT}" fill="none" stroke="#000" stroke-opacity="${dark ? 0 : 0.14}" stroke-width="2"/>` +
    `<path d="${FRONT_NECKLINE}" fill="none" stroke="${rib}" stroke-width="14"/>` +
    `<path d="${FRONT_NECKLINE}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="2" transform="translate(0 8)"/>` +
    '</svg>'
  );
}

/** The photo's width and height in pixels: a whole number from 16 to 4096 (default 1200). */
function productImageSize(size = DEFAULT_PRODUCT_IMAGE_SIZE): number {
  if (!Number.isInteger(size) || size < 16 || size > 4096) {
    throw new DesignInputError(`Product image size must be a whole number of pixels from 16 to 4096; got ${size}.`);
  }
  return size;
}

/** The product photo as PNG, `size` pixels square (default 1200). */
export async function renderProductImage(req: DesignRequest, opts: { shirtColor?: string; size?: number } = {}): Promise<Buffer> {
  const size = productImageSize(opts.size);
  const shirtColor = parseHexColor(opts.shirtColor ?? DEFAULT_SHIRT_COLOR);
  return renderSvgToPng(productImageSvg(req, shirtColor), size, BACKDROP);
}

/** The product photo for an already rendered design PNG (publishing only has the design image). */
export async function renderProductImageFromDesign(
  designPng: Uint8Array,
  opts: { title?: string; shirtColor?: string; size?: number } = {},
): Promise<Buffer> {
  const size = productImageSize(opts.size);
  readArtwork(designPng); // refuses anything that is not a PNG with pixels
  const shirtColor = parseHexColor(opts.shirtColor ?? DEFAULT_SHIRT_COLOR);
  return renderSvgToPng(productImageFromDesignSvg(designPng, opts.title ?? '', shirtColor), size, BACKDROP);
}
