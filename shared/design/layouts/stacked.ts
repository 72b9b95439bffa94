/**
 * "stacked": big Bebas Neue capitals, every line sized to the same width, the key word in the
 * accent colour, with a near-black drop shadow that adds depth on light shirts and disappears on dark.
 */
import { MIN_FONT_SIZE } from '../canvas.ts';
import { fitBlockOrThrow, placeBlock, type PlacedLine } from '../fit.ts';
import { keywordKey, pickKeyword } from '../keyword.ts';
import { paragraphOf } from '../lines.ts';
import type { TextStyle } from '../measure.ts';
import { fitStack, placeStack } from '../stack.ts';
import { linesMarkup } from '../svg-text.ts';
import { splitWords } from '../text.ts';
import { setTextsOf, type DesignLayout, type LayoutInput, type LayoutOutput } from './layout.ts';

const STYLE: TextStyle = { font: 'bebas', uppercase: true, tracking: 0.01 };
const MAX_SIZE = 1250;
/** Shadow offset as a fraction of each line's size. */
const SHADOW = 0.045;

function render(input: LayoutInput): LayoutOutput {
  const { region, palette, defs } = input;
  const para = paragraphOf(input.quote, STYLE);
  const keyword = pickKeyword(splitWords(input.quote));
  const shadowRoom = palette.shade ? SHADOW * MAX_SIZE : 0;
  // No taller than wide: a quote spread over the whole 15x18 in canvas would run down to the belly.
  const height = Math.min(region.height, region.width) - shadowRoom;
  const box = {
    x: region.x,
    y: region.y + (region.height - shadowRoom - height) * input.vertical,
    width: region.width - shadowRoom,
    height,
  };

  const stack = fitStack(para, {
    width: box.width,
    height: box.height,
    minSize: MIN_FONT_SIZE,
    maxSize: MAX_SIZE,
    gap: 0.14,
    maxLines: 14,
  });
  let lines: PlacedLine[];
  if (stack) {
    lines = placeStack(stack, box, input.vertical);
  } else {
    // A word too long for any stack: one size for all lines, hyphenating as a last resort.
    const block = fitBlockOrThrow(
      para,
      { width: box.width, height: box.height, minSize: MIN_FONT_SIZE, maxSize: MAX_SIZE, lineHeight: 0.95, align: 'center' },
      'Quote',
    );
    lines = placeBlock(block, box, input.vertical);
  }

  const colorOf = (word: { text: string }) => (keyword !== undefined && keywordKey(word.text) === keyword ? palette.accent : palette.ink);
  const text = linesMarkup(defs, lines, colorOf);
  const shadow = palette.shade ? linesMarkup(defs, lines, () => palette.shade ?? '', SHADOW) : '';
  return {
    body: shadow + text,
    quoteBody: text,
    quoteArea: region,
    texts: setTextsOf('quote', lines),
  };
}

export const stacked: DesignLayout = { name: 'stacked', acceptsArtwork: true, render };
