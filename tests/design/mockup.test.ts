import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DesignInputError, renderDesign, renderProductImage, renderProductImageFromDesign } from '../../shared/design/index.ts';

async function check(png: Buffer, size: number): Promise<void> {
  const meta = await sharp(png).metadata();
  expect(meta.format).toBe('png');
  expect(meta.width).toBe(size);
  expect(meta.height).toBe(size);
  const stats = await sharp(png).stats();
  if (stats.channels.length === 4) expect(stats.channels[3]?.min).toBe(255);
  // Not a blank square: shirt, backdrop and print differ.
  expect(Math.max(...stats.channels.slice(0, 3).map((channel) => channel.stdev))).toBeGreaterThan(5);
}

describe('renderProductImage', () => {
  it('renders a square opaque PNG at the default 1200 px', async () => {
    await check(await renderProductImage({ quote: 'I trained a model and all I got was this shirt' }), 1200);
  });

  it('renders at the requested size in several shirt colours', async () => {
    for (const [index, shirtColor] of ['#ffffff', '#1e1e21', '#2a4d8f'].entries()) {
      const png = await renderProductImage({ quote: 'Ship it before the AI does', seed: index }, { shirtColor, size: 300 });
      await check(png, 300);
      // The chest of the shirt carries the shirt colour (sampled beside the print).
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const x = Math.round(info.width * 0.31);
      const y = Math.round(info.height * 0.5);
      const offset = (y * info.width + x) * info.channels;
      const expected = Number.parseInt(shirtColor.slice(1, 3), 16);
      expect(Math.abs((data[offset] ?? 0) - expected)).toBeLessThan(70);
    }
  });

  it('refuses a bad size or shirt colour', async () => {
    await expect(renderProductImage({ quote: 'Hello there' }, { size: 0 })).rejects.toThrow(DesignInputError);
    await expect(renderProductImage({ quote: 'Hello there' }, { shirtColor: 'url(#x)' })).rejects.toThrow(/hex colour/);
  });
});

describe('renderProductImageFromDesign', () => {
  it('puts a finished design PNG on the shirt: same photo as from the quote, within rendering noise', async () => {
    const request = { quote: 'My other co-founder is a language model', layout: 'quote', seed: 2 };
    const { preview } = await renderDesign(request, { print: false });
    const fromPng = await renderProductImageFromDesign(preview, { title: 'Co-founder', size: 300 });
    await check(fromPng, 300);
    const direct = await renderProductImage(request, { size: 300 });
    const a = await sharp(fromPng).raw().toBuffer();
    const b = await sharp(direct).raw().toBuffer();
    let difference = 0;
    for (let i = 0; i < a.length; i++) difference += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
    // The print area carries the design in both, so the mean channel difference stays small.
    expect(difference / a.length).toBeLessThan(4);
  });

  it('refuses bytes that are not a PNG', async () => {
    await expect(renderProductImageFromDesign(new TextEncoder().encode('<html></html>'))).rejects.toThrow(DesignInputError);
  });
});
