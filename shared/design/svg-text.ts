/**
 * Text as outlines: every glyph becomes a shared <path> in <defs> (font units, y up) placed with
 * <use>, so the SVG needs no fonts to render and renders identically everywhere.
 */
import type { PlacedLine } from './fit.ts';
import type { TextLine } from './lines.ts';
import type { LoadedFont } from './fonts.ts';
import type { GlyphShape, PositionedGlyph, ShapedWord } from './measure.ts';
import { define, num, type SvgDefs } from './svg.ts';

// Stand-in shapes in 1000 units per em, y up, inside the ink boxes measure.ts declares for them.
const PLACEHOLDER_PATHS: Readonly<Record<Exclude<GlyphShape, 'glyph'>, string>> = {
  // A round face: disc with eyes and smile cut out, where no emoji font is installed.
  'emoji-placeholder':
    'M100 350A350 350 0 1 0 800 350A350 350 0 1 0 100 350Z' +
    'M275 450A55 55 0 1 0 385 450A55 55 0 1 0 275 450Z' +
    'M515 450A55 55 0 1 0 625 450A55 55 0 1 0 515 450Z' +
    'M240 300Q450 40 660 300Q450 170 240 300Z',
  // An empty box, the conventional sign of a character no bundled face has.
  missing: 'M80 0H540V700H80ZM150 70V630H470V70Z',
  cursor: 'M80 -120H560V740H80Z',
};

const glyphPaths = new Map<string, string>();

function glyphPath(font: LoadedFont, id: number): string {
  const key = `${font.key}:${id}`;
  let d = glyphPaths.get(key);
  if (d === undefined) {
    d = font.font.getGlyph(id).path.toSVG();
    glyphPaths.set(key, d);
  }
  return d;
}

/** The def id and units per em of a glyph's outline, or undefined for an empty glyph (a space). */
function glyphDef(defs: SvgDefs, glyph: PositionedGlyph): { id: string; unitsPerEm: number } | undefined {
  if (glyph.shape !== 'glyph') {
    const d = PLACEHOLDER_PATHS[glyph.shape];
    const id = define(defs, `p-${glyph.shape}`, (fullId) => `<path id="${fullId}" fill-rule="evenodd" d="${d}"/>`);
    return { id, unitsPerEm: 1000 };
  }
  const font = glyph.font;
  if (!font) return undefined;
  const d = glyphPath(font, glyph.id);
  if (d === '') return undefined;
  const id = define(defs, `${font.key}${glyph.id}`, (fullId) => `<path id="${fullId}" d="${d}"/>`);
  return { id, unitsPerEm: font.unitsPerEm };
}

/** One glyph at an em-space transform: `matrix` maps em (y up) to canvas pixels. */
export function glyphUse(defs: SvgDefs, glyph: PositionedGlyph, matrix: readonly [number, number, number, number, number, number]): string {
  const def = glyphDef(defs, glyph);
  if (!def) return '';
  const [a, b, c, d, e, f] = matrix;
  const k = 1 / def.unitsPerEm;
  return `<use href="#${def.id}" transform="matrix(${[a * k, b * k, c * k, d * k, e, f].map(num6).join(' ')})"/>`;
}

// Scale factors need more precision than canvas coordinates.
function num6(value: number): string {
  return Math.abs(value) < 1 ? String(Math.round(value * 1e6) / 1e6) : num(value);
}

/** The glyphs of a word whose pen starts at (x, y) on the canvas, at a font size in pixels. */
export function wordMarkup(defs: SvgDefs, word: ShapedWord, x: number, y: number, size: number): string {
  let markup = '';
  for (const glyph of word.glyphs) {
    markup += glyphUse(defs, glyph, [size, 0, 0, -size, x + glyph.x * size, y - glyph.y * size]);
  }
  return markup;
}

/**
 * Placed lines as outline groups, one <g fill> per colour; `colorOf` picks each word's colour.
 * `shift` moves everything right and down by that fraction of the font size (drop shadows).
 */
export function linesMarkup(
  defs: SvgDefs,
  lines: readonly PlacedLine[],
  colorOf: (word: ShapedWord, lineIndex: number) => string,
  shift = 0,
): string {
  const byColor = new Map<string, string>();
  lines.forEach((placed, lineIndex) => {
    placed.line.tokens.forEach((token, index) => {
      const pen = placed.line.pens[index] ?? 0;
      const color = colorOf(token.word, lineIndex);
      const offset = shift * placed.size;
      const x = placed.x + pen * placed.size + offset;
      const markup = wordMarkup(defs, token.word, x, placed.y + offset, placed.size);
      byColor.set(color, (byColor.get(color) ?? '') + markup);
    });
  });
  return [...byColor].map(([color, markup]) => `<g fill="${color}">${markup}</g>`).join('');
}

/**
 * A line set along the top of a circle, reading clockwise and centred on twelve o'clock, its
 * baseline on `radius`. Glyphs are placed by their pen position, which follows the arc length.
 */
export function arcLineMarkup(defs: SvgDefs, line: TextLine, size: number, centre: { x: number; y: number }, radius: number): string {
  const middle = (line.ink.minX + line.ink.maxX) / 2;
  let markup = '';
  line.tokens.forEach((token, index) => {
    const pen = line.pens[index] ?? 0;
    for (const glyph of token.word.glyphs) {
      const angle = ((pen + glyph.x - middle) * size) / radius;
      const cos = Math.cos(angle);
      const sin = Math.sin(angle);
      const r = radius + glyph.y * size;
      markup += glyphUse(defs, glyph, [size * cos, size * sin, size * sin, -size * cos, centre.x + r * sin, centre.y - r * cos]);
    }
  });
  return markup;
}
