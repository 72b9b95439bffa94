/** resvg, the one rasteriser: SVG in, PNG bytes out, on libuv's thread pool so the event loop stays free. */
import { renderAsync, Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';

function options(width: number, background?: string): ResvgRenderOptions {
  return {
    fitTo: { mode: 'width', value: width },
    // Text is already outlines: no font database to build per render.
    font: { loadSystemFonts: false },
    ...(background ? { background } : {}),
  };
}

/** A bare render: the SVG rasterised at `width` pixels wide and encoded as PNG. */
export async function renderSvgToPng(svg: string, width: number, background?: string): Promise<Buffer> {
  const image = await renderAsync(svg, options(width, background));
  return image.asPng();
}

/** The same, synchronously (benchmarks, scripts). */
export function renderSvgToPngSync(svg: string, width: number, background?: string): Buffer {
  return new Resvg(svg, options(width, background)).render().asPng();
}

/** Raw RGBA pixels of a render, for geometry checks. */
export async function renderSvgToPixels(svg: string, width: number): Promise<{ width: number; height: number; pixels: Buffer }> {
  const image = await renderAsync(svg, options(width));
  return { width: image.width, height: image.height, pixels: image.pixels };
}
