/**
 * The design renderer: a quote (and optional artwork) in, a 4500x5400 transparent 300 DPI print PNG,
 * a web preview and the SVG out; plus a t-shirt product photo for the storefront. Framework-free.
 */
import { PREVIEW_WIDTH, PRINT_DPI, PRINT_WIDTH } from './canvas.ts';
import { planDesign } from './design.ts';
import { withDpi } from './png-dpi.ts';
import { renderSvgToPng } from './render.ts';
import type { DesignRequest } from './request.ts';

export { PRINT_WIDTH, PRINT_HEIGHT, PRINT_DPI, PREVIEW_WIDTH, SAFE_AREA, MIN_FONT_SIZE, MIN_CAPTION_SIZE } from './canvas.ts';
export type { Box } from './canvas.ts';
export { DESIGN_LAYOUTS } from './layouts/index.ts';
export { planDesign, type DesignPlan } from './design.ts';
export type { SetText } from './layouts/layout.ts';
export type { DesignRequest } from './request.ts';
export { DesignInputError, QUOTE_MIN_LENGTH, QUOTE_MAX_LENGTH } from './text.ts';
export { renderSvgToPng, renderSvgToPngSync, renderSvgToPixels } from './render.ts';
export { withDpi, pixelsPerMetre } from './png-dpi.ts';
export { hasEmojiFont } from './fonts.ts';
export { isPng, sniffFormat } from './png.ts';
export { hashString, seededRandom } from './random.ts';
export { warmUpDesignRenderer } from './warm-up.ts';
export { renderProductImage, renderProductImageFromDesign, productImageSvg, DEFAULT_SHIRT_COLOR } from './mockup.ts';

export interface RenderedDesign {
  /** 4500x5400 transparent PNG with 300 DPI metadata; absent when `print: false`. */
  print?: Buffer;
  /** About 1024 px wide, same design and aspect. */
  preview: Buffer;
  layout: string;
  /** The print SVG: self-contained, text as outlines. */
  svg: string;
}

export async function renderDesign(req: DesignRequest, opts: { print?: boolean } = {}): Promise<RenderedDesign> {
  const plan = planDesign(req);
  const wantPrint = opts.print ?? true;
  // Print and preview render side by side on the thread pool; the preview is a direct small render.
  const [print, preview] = await Promise.all([
    wantPrint ? renderSvgToPng(plan.svg, PRINT_WIDTH) : Promise.resolve(undefined),
    renderSvgToPng(plan.svg, PREVIEW_WIDTH),
  ]);
  return {
    ...(print ? { print: withDpi(print, PRINT_DPI) } : {}),
    preview,
    layout: plan.layout,
    svg: plan.svg,
  };
}
