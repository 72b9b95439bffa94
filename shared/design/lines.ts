/** Lines of shaped words: measuring them, breaking a paragraph into them, splitting words too long for one. */
import { paragraphDirection, resolveDirections, visualOrder, type Direction } from './bidi.ts';
import { shapeWord, spaceWidth, type Ink, type ShapedWord, type TextStyle } from './measure.ts';
import { graphemeClusters, splitWords } from './text.ts';

/** A word with its resolved direction. */
export interface Token {
  word: ShapedWord;
  direction: Direction;
}

/** One line, words in visual order; numbers in em, pen origin at x = 0 on the baseline, y up. */
export interface TextLine {
  tokens: readonly Token[];
  pens: readonly number[];
  advance: number;
  ink: Ink;
}

export interface Paragraph {
  tokens: Token[];
  direction: Direction;
  /** Whether any word runs right to left, so lines must be reordered before measuring. */
  mixed: boolean;
  space: number;
  style: TextStyle;
}

export function paragraph(words: readonly ShapedWord[], space: number, style: TextStyle): Paragraph {
  const direction = paragraphDirection(words.map((word) => word.text));
  const directions = resolveDirections(
    words.map((word) => word.direction),
    direction,
  );
  const tokens = words.map((word, index) => ({ word, direction: directions[index] ?? direction }));
  return { tokens, direction, mixed: tokens.some((token) => token.direction === 'rtl'), space, style };
}

/** Text shaped word by word in a style, ready to break into lines. */
export function paragraphOf(text: string, style: TextStyle): Paragraph {
  return paragraph(
    splitWords(text).map((word) => shapeWord(word, style)),
    spaceWidth(style),
    style,
  );
}

const NO_INK: Ink = { minX: 0, maxX: 0, minY: 0, maxY: 0 };

/** Measures tokens set on one line (reordered for display when the paragraph mixes directions). */
export function buildLine(tokens: readonly Token[], para: Paragraph): TextLine {
  const ordered = para.mixed
    ? visualOrder(
        tokens,
        tokens.map((token) => token.direction),
        para.direction,
      )
    : tokens;
  const pens: number[] = [];
  let ink: Ink | undefined;
  let pen = 0;
  ordered.forEach((token, index) => {
    if (index > 0) pen += para.space;
    pens.push(pen);
    const box = token.word.ink;
    if (box) {
      ink = ink
        ? {
            minX: Math.min(ink.minX, pen + box.minX),
            maxX: Math.max(ink.maxX, pen + box.maxX),
            minY: Math.min(ink.minY, box.minY),
            maxY: Math.max(ink.maxY, box.maxY),
          }
        : { minX: pen + box.minX, maxX: pen + box.maxX, minY: box.minY, maxY: box.maxY };
    }
    pen += token.word.advance;
  });
  return { tokens: ordered, pens, advance: pen, ink: ink ?? NO_INK };
}

export function inkWidth(line: TextLine): number {
  return line.ink.maxX - line.ink.minX;
}

export type Align = 'center' | 'left';

/**
 * How wide a line counts when breaking. Centred lines: their own ink. Flush-left lines share one
 * left edge, so they are measured from the leftmost any word could reach; then lines that fit
 * guarantee a block that fits.
 */
function lineMeasure(tokens: readonly Token[], align: Align): (line: TextLine) => number {
  if (align === 'center') return inkWidth;
  const left = Math.min(0, ...tokens.map((token) => token.word.ink?.minX ?? 0));
  return (line) => line.ink.maxX - left;
}

/** Greedy line breaking: as many words per line as fit maxWidth; null when one word alone does not. */
export function breakGreedy(para: Paragraph, tokens: readonly Token[], maxWidth: number, align: Align = 'center'): Token[][] | null {
  const width = lineMeasure(tokens, align);
  const lines: Token[][] = [];
  let current: Token[] = [];
  for (const token of tokens) {
    if (current.length > 0) {
      const candidate = [...current, token];
      if (width(buildLine(candidate, para)) <= maxWidth) {
        current = candidate;
        continue;
      }
      lines.push(current);
    }
    if (width(buildLine([token], para)) > maxWidth) return null;
    current = [token];
  }
  if (current.length > 0) lines.push(current);
  return lines;
}

/**
 * Lines as even as possible for the given line count: the narrowest width at which greedy breaking
 * still needs no more lines (greedy is optimal for the smallest widest line).
 */
export function breakBalanced(
  para: Paragraph,
  tokens: readonly Token[],
  maxWidth: number,
  lineCount: number,
  align: Align = 'center',
): Token[][] | null {
  let best = breakGreedy(para, tokens, maxWidth, align);
  if (!best || best.length > lineCount) return best;
  let low = 0;
  let high = maxWidth;
  for (let step = 0; step < 18; step++) {
    const mid = (low + high) / 2;
    const lines = breakGreedy(para, tokens, mid, align);
    if (lines && lines.length <= lineCount) {
      best = lines;
      high = mid;
    } else {
      low = mid;
    }
  }
  return best;
}

/**
 * Splits words wider than maxWidth into hyphenated pieces at character-cluster boundaries:
 * the last resort for a single word that cannot fit a line. Null when even one character cannot.
 */
export function splitLongWords(para: Paragraph, maxWidth: number): Token[] | null {
  const result: Token[] = [];
  for (const token of para.tokens) {
    if (fitsAlone(token.word, maxWidth)) {
      result.push(token);
      continue;
    }
    const pieces = splitWord(token.word.text, para.style, maxWidth);
    if (!pieces) return null;
    for (const piece of pieces) result.push({ word: piece, direction: token.direction });
  }
  return result;
}

function fitsAlone(word: ShapedWord, maxWidth: number): boolean {
  return !word.ink || word.ink.maxX - word.ink.minX <= maxWidth;
}

function splitWord(text: string, style: TextStyle, maxWidth: number): ShapedWord[] | null {
  const clusters = graphemeClusters(text);
  const pieces: ShapedWord[] = [];
  let start = 0;
  while (start < clusters.length) {
    const rest = shapeWord(clusters.slice(start).join(''), style);
    if (fitsAlone(rest, maxWidth)) {
      pieces.push(rest);
      break;
    }
    // Largest prefix that fits together with its hyphen.
    let low = 0;
    let high = clusters.length - start;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      const piece = shapeWord(`${clusters.slice(start, start + mid).join('')}-`, style);
      if (fitsAlone(piece, maxWidth)) low = mid;
      else high = mid - 1;
    }
    if (low === 0) return null;
    pieces.push(shapeWord(`${clusters.slice(start, start + low).join('')}-`, style));
    start += low;
  }
  return pieces;
}
