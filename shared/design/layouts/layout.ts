/** The contract every typographic layout implements. */
import type { Box } from '../canvas.ts';
import { lineText, placedBounds, type PlacedLine } from '../fit.ts';
import type { Palette } from '../palette.ts';
import type { SvgDefs } from '../svg.ts';

export interface LayoutInput {
  /** The quote's visible text (validated, invisible controls removed). */
  quote: string;
  title: string | undefined;
  palette: Palette;
  /** Where the layout may draw: the safe area, or the part of it below an artwork. */
  region: Box;
  /** Where the composition sits in the region's free height: 0 top, 1 bottom. */
  vertical: number;
  random: () => number;
  defs: SvgDefs;
}

/** A piece of text as set: what it says, its font size and its ink box on the canvas. */
export interface SetText {
  role: 'quote' | 'caption';
  text: string;
  fontSize: number;
  box: Box;
}

export interface LayoutOutput {
  /** Everything the layout draws. */
  body: string;
  /** The quote's glyphs alone, for geometry checks. */
  quoteBody: string;
  /** Where the quote must stay (the safe area, a badge's inner disc, a window's body). */
  quoteArea: Box;
  texts: SetText[];
}

export interface DesignLayout {
  name: string;
  /** Whether it can share the canvas with an artwork above it. */
  acceptsArtwork: boolean;
  render(input: LayoutInput): LayoutOutput;
}

/** The set-text records of placed lines, one per line. */
export function setTextsOf(role: SetText['role'], lines: readonly PlacedLine[]): SetText[] {
  return lines.map((line) => ({ role, text: lineText(line), fontSize: line.size, box: placedBounds([line]) }));
}
