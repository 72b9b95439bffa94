/**
 * "badge": an emblem. Two rings, the product name curved along the top of the band between them,
 * stars as ornaments, and the quote in Bebas Neue capitals fitted inside the inner disc.
 */
import { MIN_FONT_SIZE, type Box } from '../canvas.ts';
import { fitCaption } from '../caption.ts';
import { fitBlock, placeBlock, TextFitError, type FittedBlock } from '../fit.ts';
import { keywordKey, pickKeyword } from '../keyword.ts';
import { paragraphOf } from '../lines.ts';
import type { TextStyle } from '../measure.ts';
import { starPath } from '../shapes.ts';
import { num } from '../svg.ts';
import { arcLineMarkup, linesMarkup } from '../svg-text.ts';
import { splitWords } from '../text.ts';
import { setTextsOf, type DesignLayout, type LayoutInput, type LayoutOutput, type SetText } from './layout.ts';

const QUOTE_STYLE: TextStyle = { font: 'bebas', uppercase: true, tracking: 0.01 };
const CAPTION_STYLE: TextStyle = { font: 'montserrat-bold', uppercase: true, tracking: 0.16 };
const OUTER_STROKE = 80;
const INNER_STROKE = 28;
/** Distance from the outer edge to the inner ring's centre line: the band that holds the caption. */
const BAND = 360;
const INNER_PADDING = 150;
const MAX_SIZE = 1100;
const CAPTION_MAX_SIZE = 150;
/** The caption may cover this much of the circle's top (radians, about 130 degrees). */
const CAPTION_MAX_ANGLE = 2.27;
/** Width-to-height ratios of the rectangles tried inside the inner disc. */
const ASPECTS = [0.7, 0.85, 1, 1.2, 1.45, 1.75, 2.1, 2.6];

/** The quote block that fits the disc at the largest size, with the rectangle it was fitted in. */
function fitInDisc(quote: string, centre: { x: number; y: number }, radius: number): { block: FittedBlock; box: Box } {
  const para = paragraphOf(quote, QUOTE_STYLE);
  let best: { block: FittedBlock; box: Box } | undefined;
  for (const aspect of ASPECTS) {
    const height = (2 * radius) / Math.hypot(aspect, 1);
    const width = height * aspect;
    const block = fitBlock(para, { width, height, minSize: MIN_FONT_SIZE, maxSize: MAX_SIZE, lineHeight: 0.96, align: 'center' });
    if (block && (!best || block.size > best.block.size)) {
      best = { block, box: { x: centre.x - width / 2, y: centre.y - height / 2, width, height } };
    }
  }
  if (!best) throw new TextFitError(`Quote does not fit a badge of radius ${Math.round(radius)} px at ${MIN_FONT_SIZE} px.`);
  return best;
}

/** Bounding box of an arc band, sampled along the angles it spans. */
function arcBox(centre: { x: number; y: number }, inner: number, outer: number, halfAngle: number): Box {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i <= 16; i++) {
    const angle = -halfAngle + (2 * halfAngle * i) / 16;
    for (const r of [inner, outer]) {
      xs.push(centre.x + r * Math.sin(angle));
      ys.push(centre.y - r * Math.cos(angle));
    }
  }
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

function render(input: LayoutInput): LayoutOutput {
  const { region, palette, defs } = input;
  const diameter = Math.min(region.width, region.height);
  const centre = {
    x: region.x + region.width / 2,
    y: region.y + (region.height - diameter) * input.vertical + diameter / 2,
  };
  const outer = diameter / 2 - OUTER_STROKE / 2;
  const inner = diameter / 2 - BAND;
  const bandMiddle = (outer - OUTER_STROKE / 2 + inner + INNER_STROKE / 2) / 2;

  const rings =
    `<circle cx="${num(centre.x)}" cy="${num(centre.y)}" r="${num(outer)}" fill="none" stroke="${palette.ink}" stroke-width="${OUTER_STROKE}"/>` +
    `<circle cx="${num(centre.x)}" cy="${num(centre.y)}" r="${num(inner)}" fill="none" stroke="${palette.accent}" stroke-width="${INNER_STROKE}"/>`;

  const texts: SetText[] = [];
  let caption = '';
  let topStars = true;
  if (input.title) {
    const probe = fitCaption(input.title, CAPTION_STYLE, {
      width: (bandMiddle - CAPTION_MAX_SIZE * 0.35) * CAPTION_MAX_ANGLE,
      maxSize: CAPTION_MAX_SIZE,
      maxLines: 1,
      lineHeight: 1,
      align: 'center',
    });
    const line = probe.lines[0];
    if (line) {
      const size = probe.size;
      // Baseline below the band's middle by half the cap height, so the capitals sit centred in the band.
      const baseline = bandMiddle - ((line.ink.maxY + line.ink.minY) / 2) * size;
      caption = `<g fill="${palette.ink}">${arcLineMarkup(defs, line, size, centre, baseline)}</g>`;
      const halfAngle = (((line.ink.maxX - line.ink.minX) / 2) * size) / baseline;
      texts.push({
        role: 'caption',
        text: line.tokens.map((token) => token.word.text).join(' '),
        fontSize: size,
        box: arcBox(centre, baseline + line.ink.minY * size, baseline + line.ink.maxY * size, halfAngle),
      });
      topStars = false;
    }
  }

  const starAt = (angle: number, r: number) =>
    starPath(centre.x + bandMiddle * Math.sin(angle), centre.y - bandMiddle * Math.cos(angle), r);
  const starSpots: [number, number][] = [
    [Math.PI / 2, 85],
    [-Math.PI / 2, 85],
    [Math.PI, 85],
    [Math.PI - 0.17, 58],
    [Math.PI + 0.17, 58],
  ];
  if (topStars) starSpots.push([0, 85], [-0.17, 58], [0.17, 58]);
  const stars = `<path fill="${palette.accent}" d="${starSpots.map(([angle, r]) => starAt(angle, r)).join('')}"/>`;

  const { block, box } = fitInDisc(input.quote, centre, inner - INNER_STROKE / 2 - INNER_PADDING);
  const lines = placeBlock(block, box, 0.5);
  const keyword = pickKeyword(splitWords(input.quote));
  const quoteMarkup = linesMarkup(defs, lines, (word) =>
    keyword !== undefined && keywordKey(word.text) === keyword ? palette.accent : palette.ink,
  );
  return {
    body: rings + stars + caption + quoteMarkup,
    quoteBody: quoteMarkup,
    quoteArea: box,
    texts: [...setTextsOf('quote', lines), ...texts],
  };
}

export const badge: DesignLayout = { name: 'badge', acceptsArtwork: false, render };
