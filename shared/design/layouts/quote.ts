/**
 * "quote": a centred Montserrat quotation under a large accent quotation mark, closed by an accent
 * rule and, when the product has a name, a small letter-spaced caption.
 */
import { MIN_FONT_SIZE } from '../canvas.ts';
import { fitCaption } from '../caption.ts';
import { fitBlockOrThrow, placeBlock, type FittedBlock } from '../fit.ts';
import { paragraphOf } from '../lines.ts';
import { shapeWord, type TextStyle } from '../measure.ts';
import { num } from '../svg.ts';
import { linesMarkup, wordMarkup } from '../svg-text.ts';
import { setTextsOf, type DesignLayout, type LayoutInput, type LayoutOutput } from './layout.ts';

const QUOTE_STYLE: TextStyle = { font: 'montserrat-extrabold' };
const MARK_STYLE: TextStyle = { font: 'montserrat-black' };
const CAPTION_STYLE: TextStyle = { font: 'montserrat-semibold', uppercase: true, tracking: 0.22 };
const MAX_SIZE = 560;
const MARK_SIZE = 1100;
const MARK_GAP = 200;
const RULE_GAP = 0.6; // em of the quote size
const RULE_THICKNESS = 30;
const CAPTION_GAP = 170;

const WRAPPING_QUOTES = /^["“”„«»](.+)["“”«»]$/su;
const QUOTE_MARK = /["“”„«»]/u;

/** A quote wholly wrapped in one pair of double quotation marks loses them: the layout draws its own. */
function unwrap(quote: string): string {
  const inner = WRAPPING_QUOTES.exec(quote)?.[1]?.trim();
  return inner && !QUOTE_MARK.test(inner) ? inner : quote;
}

function blockHeight(block: FittedBlock): number {
  return (block.bounds.maxY - block.bounds.minY) * block.size;
}

function render(input: LayoutInput): LayoutOutput {
  const { region, palette, defs } = input;
  const mark = shapeWord('\u201c', MARK_STYLE);
  const markInk = mark.ink ?? { minX: 0, maxX: 0.5, minY: 0.4, maxY: 0.7 };
  const markHeight = (markInk.maxY - markInk.minY) * MARK_SIZE;
  const caption = input.title
    ? fitCaption(input.title, CAPTION_STYLE, {
        width: Math.min(region.width, 3400),
        maxSize: 130,
        maxLines: 2,
        lineHeight: 1.4,
        align: 'center',
      })
    : undefined;
  const captionHeight = caption ? CAPTION_GAP + blockHeight(caption) : 0;
  const fixed = markHeight + MARK_GAP + RULE_THICKNESS + captionHeight;
  const maxRuleGap = RULE_GAP * MAX_SIZE;

  const block = fitBlockOrThrow(
    paragraphOf(unwrap(input.quote), QUOTE_STYLE),
    {
      width: region.width,
      height: region.height - fixed - maxRuleGap,
      minSize: MIN_FONT_SIZE,
      maxSize: MAX_SIZE,
      lineHeight: 1.22,
      align: 'center',
    },
    'Quote',
  );
  const textHeight = blockHeight(block);
  const ruleGap = RULE_GAP * block.size;
  const total = fixed + ruleGap + textHeight;
  let top = region.y + Math.max(0, region.height - total) * input.vertical;
  const centre = region.x + region.width / 2;

  const markX = centre - ((markInk.minX + markInk.maxX) / 2) * MARK_SIZE;
  const markMarkup = wordMarkup(defs, mark, markX, top + markInk.maxY * MARK_SIZE, MARK_SIZE);
  top += markHeight + MARK_GAP;

  const quoteLines = placeBlock(block, { x: region.x, y: top, width: region.width, height: textHeight }, 0);
  top += textHeight + ruleGap;

  const blockWidth = (block.bounds.maxX - block.bounds.minX) * block.size;
  const ruleWidth = Math.min(Math.max(blockWidth * 0.35, 480), 1000);
  const rule =
    `<rect x="${num(centre - ruleWidth / 2)}" y="${num(top)}" width="${num(ruleWidth)}" ` +
    `height="${RULE_THICKNESS}" rx="${RULE_THICKNESS / 2}"/>`;
  top += RULE_THICKNESS + CAPTION_GAP;

  const captionLines = caption ? placeBlock(caption, { x: region.x, y: top, width: region.width, height: blockHeight(caption) }, 0) : [];
  const quoteMarkup = linesMarkup(defs, quoteLines, () => palette.ink);
  const body = `<g fill="${palette.accent}">${markMarkup}${rule}</g>${quoteMarkup}${linesMarkup(defs, captionLines, () => palette.ink)}`;
  return {
    body,
    quoteBody: quoteMarkup,
    quoteArea: region,
    texts: [...setTextsOf('quote', quoteLines), ...setTextsOf('caption', captionLines)],
  };
}

export const quote: DesignLayout = { name: 'quote', acceptsArtwork: true, render };
