/**
 * Shaping: turns a word into positioned glyphs with real font metrics (fontkit: GSUB ligatures,
 * GPOS kerning), picking a fallback face per character cluster. All numbers are in em, y up.
 */
import { mirrorCluster, strongDirection, type Direction } from './bidi.ts';
import { loadFont, optionalFont, textFallbacks, type FontName, type LoadedFont } from './fonts.ts';
import { graphemeClusters } from './text.ts';

/** What draws a glyph: a font outline, or a shape of ours where no bundled face has the character. */
export type GlyphShape = 'glyph' | 'emoji-placeholder' | 'missing' | 'cursor';

export interface PositionedGlyph {
  shape: GlyphShape;
  /** Set when shape is 'glyph'. */
  font: LoadedFont | undefined;
  id: number;
  x: number;
  y: number;
}

export interface Ink {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

export interface ShapedWord {
  text: string;
  glyphs: readonly PositionedGlyph[];
  advance: number;
  /** Union of the glyph outlines' bounds relative to the pen start; undefined when nothing is drawn. */
  ink: Ink | undefined;
  direction: Direction | undefined;
}

export interface TextStyle {
  font: FontName;
  /** Extra space after each glyph, in em. */
  tracking?: number;
  uppercase?: boolean;
}

/** Drawn stand-ins, in em: advance and ink box (see svg-text.ts for how they are drawn). */
export const PLACEHOLDERS: Readonly<Record<Exclude<GlyphShape, 'glyph'>, { advance: number; ink: Ink }>> = {
  'emoji-placeholder': { advance: 0.9, ink: { minX: 0.1, maxX: 0.8, minY: 0, maxY: 0.7 } },
  missing: { advance: 0.62, ink: { minX: 0.08, maxX: 0.54, minY: 0, maxY: 0.7 } },
  cursor: { advance: 0.62, ink: { minX: 0.08, maxX: 0.56, minY: -0.12, maxY: 0.74 } },
};

const EMOJI_CLUSTER = /\p{Emoji_Presentation}|\u{fe0f}|\u{20e3}|\p{Regional_Indicator}|\p{Emoji_Modifier}/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
// Joiners, variation selectors and tags shape a sequence but need no glyph of their own.
const IGNORABLE = /[\u200c\u200d\ufe00-\ufe0f\u{e0020}-\u{e007f}]/u;

type Choice = LoadedFont | Exclude<GlyphShape, 'glyph' | 'cursor'>;

function covers(font: LoadedFont, cluster: string): boolean {
  for (const char of cluster) {
    if (IGNORABLE.test(char)) continue;
    const codePoint = char.codePointAt(0);
    if (codePoint === undefined || !font.font.hasGlyphForCodePoint(codePoint)) return false;
  }
  return true;
}

function chooseFace(cluster: string, chain: readonly LoadedFont[]): Choice {
  const emoji = optionalFont('emoji');
  if (EMOJI_CLUSTER.test(cluster)) {
    if (emoji && covers(emoji, cluster)) return emoji;
    return 'emoji-placeholder';
  }
  for (const font of chain) if (covers(font, cluster)) return font;
  if (emoji && covers(emoji, cluster)) return emoji;
  return PICTOGRAPH.test(cluster) ? 'emoji-placeholder' : 'missing';
}

function emptyInk(): Ink {
  return { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity };
}

function extend(ink: Ink, box: Ink, dx: number, dy: number): void {
  ink.minX = Math.min(ink.minX, box.minX + dx);
  ink.maxX = Math.max(ink.maxX, box.maxX + dx);
  ink.minY = Math.min(ink.minY, box.minY + dy);
  ink.maxY = Math.max(ink.maxY, box.maxY + dy);
}

function styleKey(style: TextStyle): string {
  return `${style.font}|${style.tracking ?? 0}|${style.uppercase ? 'U' : ''}`;
}

const shaped = new Map<string, ShapedWord>();
// Bounds memory in a long-running server; a design needs a few hundred entries at most.
const CACHE_LIMIT = 20_000;

/** Shapes one word (no breaking spaces inside); cached per style and text. */
export function shapeWord(text: string, style: TextStyle): ShapedWord {
  const key = `${styleKey(style)}|${text}`;
  const cached = shaped.get(key);
  if (cached) return cached;
  const word = shapeUncached(text, style);
  if (shaped.size >= CACHE_LIMIT) shaped.clear();
  shaped.set(key, word);
  return word;
}

function shapeUncached(rawText: string, style: TextStyle): ShapedWord {
  const text = style.uppercase ? rawText.toUpperCase() : rawText;
  const tracking = style.tracking ?? 0;
  const direction = strongDirection(text);
  const chain = textFallbacks(style.font);
  let clusters = graphemeClusters(text);
  // Right-to-left words are laid out in visual order: clusters reversed, brackets mirrored.
  if (direction === 'rtl') clusters = clusters.reverse().map(mirrorCluster);

  const runs: { choice: Choice; text: string }[] = [];
  for (const cluster of clusters) {
    const choice = chooseFace(cluster, chain);
    const last = runs.at(-1);
    if (last && last.choice === choice && typeof choice !== 'string') last.text += cluster;
    else runs.push({ choice, text: cluster });
  }

  const glyphs: PositionedGlyph[] = [];
  const ink = emptyInk();
  let pen = 0;
  for (const run of runs) {
    if (typeof run.choice === 'string') {
      const placeholder = PLACEHOLDERS[run.choice];
      glyphs.push({ shape: run.choice, font: undefined, id: 0, x: pen, y: 0 });
      extend(ink, placeholder.ink, pen, 0);
      pen += placeholder.advance + tracking;
      continue;
    }
    const face = run.choice;
    const scale = 1 / face.unitsPerEm;
    const layout = face.font.layout(run.text, undefined, undefined, undefined, 'ltr');
    layout.glyphs.forEach((glyph, index) => {
      const position = layout.positions[index];
      if (!position) return;
      const x = pen + position.xOffset * scale;
      const y = position.yOffset * scale;
      glyphs.push({ shape: 'glyph', font: face, id: glyph.id, x, y });
      const box = glyph.bbox;
      if (Number.isFinite(box.minX) && box.maxX > box.minX && box.maxY > box.minY) {
        extend(ink, { minX: box.minX * scale, maxX: box.maxX * scale, minY: box.minY * scale, maxY: box.maxY * scale }, x, y);
      }
      pen += position.xAdvance * scale + (position.xAdvance > 0 ? tracking : 0);
    });
  }
  return {
    text,
    glyphs,
    advance: pen,
    ink: Number.isFinite(ink.minX) ? ink : undefined,
    direction,
  };
}

/** Width of the space between words, in em. */
export function spaceWidth(style: TextStyle): number {
  const face = loadFont(style.font);
  return face.font.glyphForCodePoint(0x20).advanceWidth / face.unitsPerEm + (style.tracking ?? 0);
}

/** A pseudo-word holding one drawn shape, such as a terminal's block cursor. */
export function shapeWordOfShape(shape: 'cursor'): ShapedWord {
  const placeholder = PLACEHOLDERS[shape];
  return {
    text: '',
    glyphs: [{ shape, font: undefined, id: 0, x: 0, y: 0 }],
    advance: placeholder.advance,
    ink: { ...placeholder.ink },
    direction: undefined,
  };
}
