/**
 * The poster stack: each line set at its own size so every line spans the same width, the look of
 * stacked display type. Tries every line count and keeps the one with the largest smallest line.
 */
import type { Box } from './canvas.ts';
import type { PlacedLine } from './fit.ts';
import { breakBalanced, buildLine, inkWidth, type Paragraph, type TextLine } from './lines.ts';

export interface StackSpec {
  width: number;
  height: number;
  minSize: number;
  maxSize: number;
  /** Vertical gap between lines as a fraction of the smaller neighbour's size. */
  gap: number;
  maxLines: number;
}

export interface StackedLine {
  line: TextLine;
  size: number;
}

export interface FittedStack {
  lines: StackedLine[];
  gap: number;
  height: number;
}

function inkHeight(line: TextLine): number {
  return line.ink.maxY - line.ink.minY;
}

function stackHeight(lines: readonly StackedLine[], gap: number): number {
  let height = 0;
  lines.forEach(({ line, size }, index) => {
    height += inkHeight(line) * size;
    const next = lines[index + 1];
    if (next) height += gap * Math.min(size, next.size);
  });
  return height;
}

function stackFor(para: Paragraph, spec: StackSpec, lineCount: number): FittedStack | null {
  const singleLine = inkWidth(buildLine(para.tokens, para));
  const broken = breakBalanced(para, para.tokens, singleLine + 1, lineCount);
  if (!broken) return null;
  let lines: StackedLine[] = broken.map((tokens) => {
    const line = buildLine(tokens, para);
    const width = inkWidth(line);
    return { line, size: width > 0 ? Math.min(spec.maxSize, spec.width / width) : spec.maxSize };
  });
  const height = stackHeight(lines, spec.gap);
  if (height > spec.height) {
    const factor = spec.height / height;
    lines = lines.map(({ line, size }) => ({ line, size: size * factor }));
  }
  return { lines, gap: spec.gap, height: stackHeight(lines, spec.gap) };
}

/** Smallest line size weighted by how fully the lines span the width (lone short words look lost). */
function score(stack: FittedStack, spec: StackSpec): number {
  const smallest = Math.min(...stack.lines.map((entry) => entry.size));
  const fill = stack.lines.reduce((sum, { line, size }) => sum + Math.min(1, (inkWidth(line) * size) / spec.width), 0) / stack.lines.length;
  return smallest * Math.sqrt(fill);
}

/** The best stack, or null when every line count leaves some line below the minimum size. */
export function fitStack(para: Paragraph, spec: StackSpec): FittedStack | null {
  let best: { stack: FittedStack; score: number } | undefined;
  const most = Math.min(spec.maxLines, para.tokens.length);
  for (let count = 1; count <= most; count++) {
    const stack = stackFor(para, spec, count);
    if (!stack || stack.lines.length !== count) continue;
    if (Math.min(...stack.lines.map((entry) => entry.size)) < spec.minSize) continue;
    const value = score(stack, spec);
    if (!best || value > best.score * 1.02) best = { stack, score: value };
  }
  return best?.stack ?? null;
}

/** Centres each line of the stack horizontally; the stack sits at `vertical` of the box's free height. */
export function placeStack(stack: FittedStack, box: Box, vertical = 0.5): PlacedLine[] {
  let top = box.y + Math.max(0, box.height - stack.height) * vertical;
  const centre = box.x + box.width / 2;
  return stack.lines.map(({ line, size }, index) => {
    const baseline = top + line.ink.maxY * size;
    const next = stack.lines[index + 1];
    top = baseline - line.ink.minY * size + (next ? stack.gap * Math.min(size, next.size) : 0);
    return { line, size, x: centre - ((line.ink.minX + line.ink.maxX) / 2) * size, y: baseline };
  });
}
