import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  DESIGN_LAYOUTS,
  DesignInputError,
  PRINT_WIDTH,
  SAFE_AREA,
  hasEmojiFont,
  planDesign,
  renderDesign,
  renderSvgToPixels,
  warmUpDesignRenderer,
} from '../../shared/design/index.ts';
import { loadFont, type FontName } from '../../shared/design/fonts.ts';
import { shapeWord } from '../../shared/design/measure.ts';
import { createDefs, svgDocument } from '../../shared/design/svg.ts';
import { wordMarkup } from '../../shared/design/svg-text.ts';
import { alphaBounds, inside, renderedInk } from '../fixtures/design-helpers.ts';

const QUOTE = 'I trained a model and all I got was this shirt';

describe('layouts', () => {
  it('offers several layouts, each of which renders a preview', async () => {
    expect(DESIGN_LAYOUTS.length).toBeGreaterThanOrEqual(4);
    for (const layout of DESIGN_LAYOUTS) {
      const design = await renderDesign({ quote: QUOTE, layout, title: 'Model Citizen Tee' }, { print: false });
      expect(design.layout).toBe(layout);
      const { width, height, pixels } = await renderSvgToPixels(design.svg, 450);
      expect(alphaBounds(pixels, width, height)).toBeDefined();
      expect((await sharp(design.preview).metadata()).width).toBe(1024);
    }
  });

  it('can be warmed up ahead of the first design, once', () => {
    expect(() => warmUpDesignRenderer()).not.toThrow();
    expect(() => warmUpDesignRenderer()).not.toThrow();
  });

  it('is deterministic: the same request gives the same SVG', () => {
    for (const request of [{ quote: QUOTE }, { quote: QUOTE, seed: 42 }, { quote: QUOTE, layout: 'badge', title: 'x' }]) {
      expect(planDesign(request).svg).toBe(planDesign(request).svg);
    }
  });

  it('draws each layout differently', () => {
    const svgs = DESIGN_LAYOUTS.map((layout) => planDesign({ quote: QUOTE, layout }).svg);
    expect(new Set(svgs).size).toBe(DESIGN_LAYOUTS.length);
  });

  it('chooses the layout from the seed when none is given, and spreads seeds over layouts', () => {
    const chosen = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const first = planDesign({ quote: QUOTE, seed }).layout;
      expect(planDesign({ quote: QUOTE, seed }).layout).toBe(first);
      chosen.add(first);
    }
    expect(chosen.size).toBe(DESIGN_LAYOUTS.length);
  });

  it('drops quotation marks wrapping the whole quote in the quote layout, which draws its own', () => {
    const text = (quote: string) =>
      planDesign({ quote, layout: 'quote' })
        .texts.filter((entry) => entry.role === 'quote')
        .map((entry) => entry.text)
        .join(' ');
    expect(text('“Ship it before the AI does”')).toBe('Ship it before the AI does');
    expect(text('"Hello" she said "bye"')).toBe('"Hello" she said "bye"');
  });

  it('uses the palette it is given', () => {
    const svg = planDesign({ quote: QUOTE, layout: 'quote', colors: ['#112233', '#33AA66', '#000'] }).svg;
    expect(svg).toContain('#33aa66');
    expect(svg).not.toContain('#c84916');
  });
});

describe('fonts', () => {
  const faces: FontName[] = [
    'bebas',
    'montserrat-black',
    'montserrat-extrabold',
    'montserrat-bold',
    'montserrat-semibold',
    'open-sans-semibold',
    'open-sans-bold',
  ];
  for (const face of faces) {
    it(`draws real glyphs in ${face}`, async () => {
      expect(loadFont(face).unitsPerEm).toBeGreaterThan(0);
      const defs = createDefs();
      const word = shapeWord('Hamburgefonstiv', { font: face });
      expect(word.glyphs.every((glyph) => glyph.shape === 'glyph' && glyph.font?.name === face)).toBe(true);
      const svg = svgDocument({ width: 2000, height: 300, title: 'font', defs, body: wordMarkup(defs, word, 20, 220, 200) });
      const ink = await renderedInk(svg, 2000, 2000);
      expect(ink?.width).toBeGreaterThan(800);
      expect(ink?.height).toBeGreaterThan(100);
    });
  }

  it('falls back to a face that has the character (Cyrillic and Hebrew in a Bebas layout)', () => {
    const cyrillic = shapeWord('ЖA', { font: 'bebas' });
    expect(cyrillic.glyphs.map((glyph) => glyph.font?.name)).toEqual(['montserrat-extrabold', 'bebas']);
    const hebrew = shapeWord('שA', { font: 'bebas' });
    // A right-to-left word is laid out in visual order: the Latin letter ends up on the left.
    expect(hebrew.glyphs.map((glyph) => glyph.font?.name)).toEqual(['bebas', 'open-sans-bold']);
  });

  it('marks characters no bundled face has with a visible box instead of dropping them', () => {
    const word = shapeWord('中文', { font: 'montserrat-extrabold' });
    expect(word.glyphs.map((glyph) => glyph.shape)).toEqual(['missing', 'missing']);
    expect(word.advance).toBeGreaterThan(0);
  });
});

describe('emoji', () => {
  const quote = 'Ship it 🚀🤖👩‍💻 before the AI does';
  it(
    hasEmojiFont() ? 'draws emoji from the monochrome emoji font' : 'draws a placeholder face per emoji while no emoji font is installed',
    async () => {
      const word = shapeWord('🚀🤖👩‍💻', { font: 'open-sans-bold' });
      if (hasEmojiFont()) {
        expect(word.glyphs.map((glyph) => glyph.font?.name)).toEqual(['emoji', 'emoji', 'emoji']);
      } else {
        expect(word.glyphs.map((glyph) => glyph.shape)).toEqual(['emoji-placeholder', 'emoji-placeholder', 'emoji-placeholder']);
      }
      const plan = planDesign({ quote, layout: 'terminal' });
      expect(plan.svg.includes('p-emoji-placeholder')).toBe(!hasEmojiFont());
      const ink = await renderedInk(plan.quoteSvg, PRINT_WIDTH, 450);
      expect(ink && inside(ink, SAFE_AREA, 10)).toBe(true);
    },
  );
});

describe('artwork', () => {
  async function artworkPng(width: number, height: number): Promise<Uint8Array> {
    const circle = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#2255ee"/></svg>`;
    return new Uint8Array(await sharp(Buffer.from(circle)).png().toBuffer());
  }

  it('composes the PNG above the quote, which is still set by the renderer', async () => {
    const artwork = await artworkPng(1024, 1024);
    const plan = planDesign({ quote: QUOTE, artwork, layout: 'quote' });
    expect(plan.svg).toContain('href="data:image/png;base64,');
    const box = plan.artworkBox;
    if (!box) throw new Error('no artwork box');
    expect(inside(box, SAFE_AREA, 0.01)).toBe(true);
    for (const text of plan.texts) expect(text.box.y).toBeGreaterThan(box.y + box.height);

    const design = await renderDesign({ quote: QUOTE, artwork, layout: 'quote' }, { print: false });
    const { data, info } = await sharp(design.preview).raw().toBuffer({ resolveWithObject: true });
    const scale = info.width / PRINT_WIDTH;
    const x = Math.round((box.x + box.width / 2) * scale);
    const y = Math.round((box.y + box.height / 2) * scale);
    const pixel = [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
    expect(pixel).toEqual([0x22, 0x55, 0xee, 255]);
    const quoteInk = await renderedInk(plan.quoteSvg, PRINT_WIDTH, 450);
    expect(quoteInk && quoteInk.y > box.y + box.height).toBe(true);
  });

  it('swaps a layout that cannot hold artwork for one that can, and fits landscape and portrait art', async () => {
    for (const [width, height] of [
      [1536, 1024],
      [1024, 1536],
    ] as const) {
      const artwork = await artworkPng(width, height);
      const plan = planDesign({ quote: 'x'.repeat(200), artwork, layout: 'badge' });
      expect(plan.layout).not.toBe('badge');
      expect(plan.texts.every((text) => inside(text.box, SAFE_AREA, 0.01))).toBe(true);
      expect(plan.artworkBox && Math.abs(plan.artworkBox.width / plan.artworkBox.height - width / height)).toBeLessThan(0.01);
    }
  });

  it('refuses artwork that is not PNG', () => {
    expect(() => planDesign({ quote: QUOTE, artwork: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) })).toThrow(/PNG/);
  });
});

describe('request validation', () => {
  it('accepts 3 to 200 characters after trimming and refuses the rest with a RangeError', () => {
    expect(() => planDesign({ quote: '  abc  ' })).not.toThrow();
    expect(() => planDesign({ quote: 'x'.repeat(200) })).not.toThrow();
    expect(() => planDesign({ quote: '🤖🤖🤖' })).not.toThrow();
    for (const quote of ['', '  ab  ', 'x'.repeat(201), '\u200b\u200b\u200b']) {
      expect(() => planDesign({ quote })).toThrow(RangeError);
    }
    expect(() => planDesign({ quote: 'ab' })).toThrow(/3 to 200 characters/);
    expect(() => planDesign({ quote: 'ab' })).toThrow(DesignInputError);
  });

  it('refuses unknown layouts, naming the valid ones', () => {
    expect(() => planDesign({ quote: QUOTE, layout: 'poster' })).toThrow(/one of stacked, quote, badge, terminal/);
  });

  it('refuses a non-finite seed and an over-long title', () => {
    expect(() => planDesign({ quote: QUOTE, seed: Number.NaN })).toThrow(RangeError);
    expect(() => planDesign({ quote: QUOTE, title: 't'.repeat(201) })).toThrow(/at most 200/);
  });
});
