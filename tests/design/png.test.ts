import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  PREVIEW_WIDTH,
  PRINT_DPI,
  PRINT_HEIGHT,
  PRINT_WIDTH,
  pixelsPerMetre,
  renderDesign,
  renderSvgToPng,
  withDpi,
} from '../../shared/design/index.ts';
import { pngChunks } from '../fixtures/design-helpers.ts';

describe('print PNG', () => {
  it('is 4500x5400 RGBA with a 300 DPI pHYs chunk before the image data, transparent corners, and a ~1024 px preview', async () => {
    const design = await renderDesign({ quote: 'I trained a model and all I got was this shirt', seed: 3 });
    const print = design.print;
    if (!print) throw new Error('print missing');

    const chunks = pngChunks(print);
    expect(chunks.every((chunk) => chunk.crcOk)).toBe(true);
    const ihdr = chunks[0];
    expect(ihdr?.type).toBe('IHDR');
    expect(ihdr?.data.readUInt32BE(0)).toBe(PRINT_WIDTH);
    expect(ihdr?.data.readUInt32BE(4)).toBe(PRINT_HEIGHT);
    expect(ihdr?.data[8]).toBe(8); // bit depth
    expect(ihdr?.data[9]).toBe(6); // colour type: truecolour with alpha

    const types = chunks.map((chunk) => chunk.type);
    const phys = chunks.find((chunk) => chunk.type === 'pHYs');
    expect(types.filter((type) => type === 'pHYs')).toHaveLength(1);
    expect(types.indexOf('pHYs')).toBeLessThan(types.indexOf('IDAT'));
    expect(phys?.data.readUInt32BE(0)).toBe(11811);
    expect(phys?.data.readUInt32BE(4)).toBe(11811);
    expect(phys?.data[8]).toBe(1); // unit: metre
    expect(types.at(-1)).toBe('IEND');

    const meta = await sharp(print).metadata();
    expect(meta.density).toBe(PRINT_DPI);
    const alpha = await sharp(print).extractChannel(3).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => alpha.data[y * alpha.info.width + x];
    for (const [x, y] of [
      [0, 0],
      [PRINT_WIDTH - 1, 0],
      [0, PRINT_HEIGHT - 1],
      [PRINT_WIDTH - 1, PRINT_HEIGHT - 1],
    ] as const) {
      expect(at(x, y)).toBe(0);
    }
    expect(alpha.data.some((value) => value > 0)).toBe(true);

    const preview = await sharp(design.preview).metadata();
    expect(preview.width).toBe(PREVIEW_WIDTH);
    expect(preview.height).toBe(Math.round((PREVIEW_WIDTH * PRINT_HEIGHT) / PRINT_WIDTH));
  });

  it('skips the print when asked and keeps the same SVG', async () => {
    const request = { quote: 'Ship it before the AI does', layout: 'quote' };
    const design = await renderDesign(request, { print: false });
    expect(design.print).toBeUndefined();
    expect(design.layout).toBe('quote');
    expect(design.svg).toContain('viewBox="0 0 4500 5400"');
  });
});

describe('withDpi', () => {
  it('inserts pHYs after IHDR into an existing PNG without touching the image data', async () => {
    const png = await renderSvgToPng(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5"/></svg>',
      10,
    );
    const marked = withDpi(png, 72);
    expect(marked.length).toBe(png.length + 21);
    const chunks = pngChunks(marked);
    expect(chunks.map((chunk) => chunk.type).slice(0, 2)).toEqual(['IHDR', 'pHYs']);
    expect(chunks.every((chunk) => chunk.crcOk)).toBe(true);
    expect(chunks[1]?.data.readUInt32BE(0)).toBe(pixelsPerMetre(72));
    const before = pngChunks(png).find((chunk) => chunk.type === 'IDAT')?.data;
    const after = chunks.find((chunk) => chunk.type === 'IDAT')?.data;
    expect(after?.equals(before ?? Buffer.alloc(0))).toBe(true);
    expect((await sharp(marked).metadata()).density).toBe(72);
  });

  it('refuses non-PNG bytes and a PNG that already has a pHYs chunk', async () => {
    expect(() => withDpi(Buffer.from('not a png at all, really not'), 300)).toThrow(/Not a PNG/);
    const png = await renderSvgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>', 4);
    expect(() => withDpi(withDpi(png, 300), 300)).toThrow(/already has a pHYs/);
  });

  it('uses 11811 px/m for 300 DPI', () => {
    expect(pixelsPerMetre(300)).toBe(11811);
  });
});
