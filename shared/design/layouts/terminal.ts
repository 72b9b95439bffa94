/**
 * "terminal": a line-drawn terminal window (title bar, three window buttons, caption) whose body
 * shows the quote typed at a prompt, ending in a block cursor.
 */
import { MIN_FONT_SIZE } from '../canvas.ts';
import { fitCaption } from '../caption.ts';
import { fitBlockOrThrow, placeBlock } from '../fit.ts';
import { buildLine, inkWidth, paragraph, paragraphOf } from '../lines.ts';
import { shapeWord, shapeWordOfShape, spaceWidth, type TextStyle } from '../measure.ts';
import { num } from '../svg.ts';
import { linesMarkup } from '../svg-text.ts';
import { splitWords } from '../text.ts';
import { setTextsOf, type DesignLayout, type LayoutInput, type LayoutOutput } from './layout.ts';

const BODY_STYLE: TextStyle = { font: 'open-sans-bold' };
const TITLE_STYLE: TextStyle = { font: 'montserrat-semibold', tracking: 0.06 };
const STROKE = 44;
const RADIUS = 130;
const BAR = 360;
const PADDING = 230;
const DOT_RADIUS = 58;
const MAX_SIZE = 400;
const PROMPTS = ['$', '>', '%'];
const DEFAULT_TITLE = '~/startup';
const MIN_WIDTH = 0.62;
/** Room kept for the window buttons left of the title, and clear space right of it. */
const BUTTONS = 800;
const TITLE_END = 260;
const TITLE_SIZE = 120;

function render(input: LayoutInput): LayoutOutput {
  const { region, palette, defs } = input;
  const inset = STROKE / 2;
  const bodyWidth = region.width - 2 * (STROKE + PADDING);
  const bodyHeightLimit = region.height - BAR - 2 * PADDING - STROKE;

  const prompt = shapeWord(PROMPTS[Math.floor(input.random() * PROMPTS.length)] ?? '$', BODY_STYLE);
  const cursor = shapeWordOfShape('cursor');
  const words = [prompt, ...splitWords(input.quote).map((word) => shapeWord(word, BODY_STYLE)), cursor];
  const block = fitBlockOrThrow(
    paragraph(words, spaceWidth(BODY_STYLE), BODY_STYLE),
    {
      width: bodyWidth,
      height: bodyHeightLimit,
      minSize: MIN_FONT_SIZE,
      maxSize: MAX_SIZE,
      lineHeight: 1.38,
      align: 'left',
      balance: false,
    },
    'Quote',
  );
  const textHeight = (block.bounds.maxY - block.bounds.minY) * block.size;
  const windowHeight = BAR + 2 * PADDING + textHeight + STROKE;
  const top = region.y + Math.max(0, region.height - windowHeight) * input.vertical;
  // The window hugs short text (never narrower than MIN_WIDTH of the region) and stays centred.
  const textWidth = (block.bounds.maxX - block.bounds.minX) * block.size;
  const titleText = input.title ?? DEFAULT_TITLE;
  const titlePara = paragraphOf(titleText, TITLE_STYLE);
  const titleLine = buildLine(titlePara.tokens, titlePara);
  const titleWidth = inkWidth(titleLine) * TITLE_SIZE;
  const windowWidth = Math.min(
    region.width,
    Math.max(region.width * MIN_WIDTH, textWidth + 2 * (STROKE + PADDING), titleWidth + BUTTONS + TITLE_END),
  );
  const left = region.x + (region.width - windowWidth) / 2;
  const right = left + windowWidth;

  const frame =
    `<g fill="none" stroke="${palette.ink}" stroke-width="${STROKE}">` +
    `<rect x="${num(left + inset)}" y="${num(top + inset)}" width="${num(windowWidth - STROKE)}" ` +
    `height="${num(windowHeight - STROKE)}" rx="${RADIUS}"/>` +
    `<path d="M${num(left + inset)} ${num(top + BAR)}H${num(right - inset)}"/></g>`;
  const barMiddle = top + (BAR + inset) / 2;
  const dots = [palette.accent, palette.support, palette.ink]
    .map((color, index) => `<circle cx="${num(left + 210 + index * 190)}" cy="${num(barMiddle)}" r="${DOT_RADIUS}" fill="${color}"/>`)
    .join('');

  // The title is centred in the bar beside the buttons; too long a title shrinks, then is cut short.
  const titleRoom = windowWidth - BUTTONS - TITLE_END;
  const title = fitCaption(titleText, TITLE_STYLE, {
    width: titleRoom,
    maxSize: TITLE_SIZE,
    maxLines: 1,
    lineHeight: 1,
    align: 'center',
  });
  const titleHeight = (title.bounds.maxY - title.bounds.minY) * title.size;
  const titleLines = placeBlock(title, { x: left + BUTTONS, y: barMiddle - titleHeight / 2, width: titleRoom, height: titleHeight }, 0);

  const bodyBox = { x: left + STROKE + PADDING, y: top + BAR + PADDING, width: windowWidth - 2 * (STROKE + PADDING), height: textHeight };
  const lines = placeBlock(block, bodyBox, 0);
  const quoteMarkup = linesMarkup(defs, lines, (word) => (word === prompt || word === cursor ? palette.accent : palette.ink));
  return {
    body: frame + dots + linesMarkup(defs, titleLines, () => palette.ink) + quoteMarkup,
    quoteBody: quoteMarkup,
    quoteArea: bodyBox,
    texts: [...setTextsOf('quote', lines), ...setTextsOf('caption', titleLines)],
  };
}

export const terminal: DesignLayout = { name: 'terminal', acceptsArtwork: true, render };
