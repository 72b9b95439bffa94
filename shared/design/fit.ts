/**
 * Fitting a paragraph into a box: the largest font size (within limits) at which the broken lines'
 * ink fits, found by bisection. A word too long for any line is hyphenated at character boundaries
 * when nothing else fits at the minimum size, or when it is the bottleneck and breaking it makes the
 * text much larger. Lines are then balanced so the block has no ragged stragglers.
 */
import type { Box } from './canvas.ts';
import { breakBalanced, breakGreedy, buildLine, splitLongWords, type Align, type Paragraph, type TextLine, type Token } from './lines.ts';
import type { Ink } from './measure.ts';
import type { ErrorKind } from '../common/index.ts';

export type { Align } from './lines.ts';

export interface BlockSpec {
  width: number;
  height: number;
  minSize: number;
  maxSize: number;
  /** Baseline-to-baseline distance in em. */
  lineHeight: number;
  align: Align;
  maxLines?: number;
  /** Even out line lengths (default); off for text that should fill lines like a terminal's. */
  balance?: boolean;
}

export interface FittedBlock {
  size: number;
  lines: TextLine[];
  lineHeight: number;
  align: Align;
  /** Ink bounds in em: x from the alignment origin, y from the first baseline, y up. */
  bounds: Ink;
  hyphenated: boolean;
}

/** A line placed on the canvas: pen origin of its baseline in canvas pixels (y down). */
export interface PlacedLine {
  line: TextLine;
  size: number;
  x: number;
  y: number;
}

function lineShift(line: TextLine, align: Align): number {
  return align === 'center' ? -(line.ink.minX + line.ink.maxX) / 2 : 0;
}

export function blockBounds(lines: readonly TextLine[], lineHeight: number, align: Align): Ink {
  const bounds: Ink = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity };
  lines.forEach((line, index) => {
    const shift = lineShift(line, align);
    bounds.minX = Math.min(bounds.minX, line.ink.minX + shift);
    bounds.maxX = Math.max(bounds.maxX, line.ink.maxX + shift);
    bounds.minY = Math.min(bounds.minY, line.ink.minY - index * lineHeight);
    bounds.maxY = Math.max(bounds.maxY, line.ink.maxY - index * lineHeight);
  });
  return bounds;
}

function attempt(para: Paragraph, spec: BlockSpec, size: number, allowSplit: boolean, balance: boolean): FittedBlock | null {
  const maxWidth = spec.width / size;
  const maxHeight = spec.height / size;
  const tokens: Token[] | null = allowSplit ? splitLongWords(para, maxWidth) : para.tokens;
  if (!tokens) return null;
  const greedy = breakGreedy(para, tokens, maxWidth, spec.align);
  if (!greedy) return null;
  if (spec.maxLines !== undefined && greedy.length > spec.maxLines) return null;
  const candidates =
    balance && spec.balance !== false ? [breakBalanced(para, tokens, maxWidth, greedy.length, spec.align), greedy] : [greedy];
  for (const broken of candidates) {
    if (!broken) continue;
    const lines = broken.map((line) => buildLine(line, para));
    const bounds = blockBounds(lines, spec.lineHeight, spec.align);
    if (bounds.maxX - bounds.minX <= maxWidth && bounds.maxY - bounds.minY <= maxHeight) {
      return { size, lines, lineHeight: spec.lineHeight, align: spec.align, bounds, hyphenated: tokens !== para.tokens };
    }
  }
  return null;
}

function largestFit(para: Paragraph, spec: BlockSpec, allowSplit: boolean): FittedBlock | null {
  if (attempt(para, spec, spec.maxSize, allowSplit, false)) {
    return attempt(para, spec, spec.maxSize, allowSplit, true);
  }
  if (!attempt(para, spec, spec.minSize, allowSplit, false)) return null;
  let low = spec.minSize;
  let high = spec.maxSize;
  while (high - low > 0.5) {
    const mid = (low + high) / 2;
    if (attempt(para, spec, mid, allowSplit, false)) low = mid;
    else high = mid;
  }
  return attempt(para, spec, low, allowSplit, true) ?? attempt(para, spec, low, allowSplit, false);
}

/** Hyphenating is worth it only when it makes the text this much larger. */
const HYPHENATION_GAIN = 1.6;

/**
 * The largest fitting size, or null when the text cannot fit even at the minimum size. Words are
 * kept whole unless one of them is what limits the size and breaking it lets the text grow a lot.
 */
export function fitBlock(para: Paragraph, spec: BlockSpec): FittedBlock | null {
  const whole = largestFit(para, spec, false);
  if (whole) {
    const widest = Math.max(0, ...para.tokens.map((token) => (token.word.ink ? token.word.ink.maxX - token.word.ink.minX : 0)));
    if (widest * whole.size < 0.85 * spec.width) return whole;
  }
  const split = largestFit(para, spec, true);
  if (!whole) return split;
  return split && split.size > HYPHENATION_GAIN * whole.size ? split : whole;
}

/**
 * Puts a fitted block in a box: centred horizontally (or flush left), and vertically at `vertical`
 * (0 top, 0.5 centre, 1 bottom) of the free space.
 */
export function placeBlock(block: FittedBlock, box: Box, vertical = 0.5): PlacedLine[] {
  const { size, bounds } = block;
  const height = (bounds.maxY - bounds.minY) * size;
  const originX = block.align === 'center' ? box.x + box.width / 2 - ((bounds.minX + bounds.maxX) / 2) * size : box.x - bounds.minX * size;
  const firstBaseline = box.y + Math.max(0, box.height - height) * vertical + bounds.maxY * size;
  return block.lines.map((line, index) => ({
    line,
    size,
    x: originX + lineShift(line, block.align) * size,
    y: firstBaseline + index * block.lineHeight * size,
  }));
}

/** Canvas-pixel ink box of placed lines. */
export function placedBounds(lines: readonly PlacedLine[]): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const { line, size, x, y } of lines) {
    minX = Math.min(minX, x + line.ink.minX * size);
    maxX = Math.max(maxX, x + line.ink.maxX * size);
    minY = Math.min(minY, y - line.ink.maxY * size);
    maxY = Math.max(maxY, y - line.ink.minY * size);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** Text that cannot fit its box even at the minimum size (the composer then gives it more room). */
export class TextFitError extends Error {
  readonly kind: ErrorKind = 'unprocessable';
  override name = 'TextFitError';
}

/** fitBlock, throwing TextFitError when nothing fits. */
export function fitBlockOrThrow(para: Paragraph, spec: BlockSpec, what: string): FittedBlock {
  const block = fitBlock(para, spec);
  if (!block) {
    throw new TextFitError(`${what} does not fit ${Math.round(spec.width)}x${Math.round(spec.height)} px at ${spec.minSize} px.`);
  }
  return block;
}

/** What a placed line says, in reading order. */
export function lineText(placed: PlacedLine): string {
  return placed.line.tokens.map((token) => token.word.text).join(' ');
}
