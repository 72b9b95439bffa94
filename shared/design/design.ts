/** A design request composed into SVG: layout choice, optional artwork, the quote set in outlines. */
import { artworkMarkup } from './artwork.ts';
import { PRINT_HEIGHT, PRINT_WIDTH, SAFE_AREA, type Box } from './canvas.ts';
import { chooseLayout, DESIGN_LAYOUTS } from './layouts/index.ts';
import type { SetText } from './layouts/layout.ts';
import { seededRandom } from './random.ts';
import { normalizeRequest, type DesignRequest } from './request.ts';
import { createDefs, svgDocument, type SvgDefs } from './svg.ts';

/** Share of the safe area's height given to artwork; the quote is set below it. */
const ARTWORK_SHARE = 0.55;
const ARTWORK_GAP = 160;
/** Without artwork, compositions sit high on the canvas: prints land on the chest, not the belly. */
const VERTICAL_PLACEMENT = 0.22;

export interface DesignParts {
  layout: string;
  /** The quote as given (trimmed): the accessible name of the picture. */
  quote: string;
  defs: SvgDefs;
  body: string;
  quoteBody: string;
  quoteArea: Box;
  texts: SetText[];
  artworkBox: Box | undefined;
}

/** The design's pieces, with SVG ids prefixed by `idPrefix` so they can be nested in another document. */
export function composeDesign(req: DesignRequest, idPrefix = ''): DesignParts {
  const normalized = normalizeRequest(req, DESIGN_LAYOUTS);
  const layout = chooseLayout(normalized.layout, normalized.seed, normalized.artwork !== undefined);
  const defs = createDefs(idPrefix);
  let region: Box = SAFE_AREA;
  let art = '';
  let artworkBox: Box | undefined;
  if (normalized.artwork) {
    const box = { ...SAFE_AREA, height: SAFE_AREA.height * ARTWORK_SHARE };
    const placed = artworkMarkup(normalized.artwork, box, defs);
    art = placed.markup;
    artworkBox = placed.covered;
    const top = placed.covered.y + placed.covered.height + ARTWORK_GAP;
    region = { ...SAFE_AREA, y: top, height: SAFE_AREA.y + SAFE_AREA.height - top };
  }
  const output = layout.render({
    quote: normalized.visibleQuote,
    title: normalized.title,
    palette: normalized.palette,
    region,
    vertical: artworkBox ? 0 : VERTICAL_PLACEMENT,
    random: seededRandom(normalized.seed),
    defs,
  });
  return {
    layout: layout.name,
    quote: normalized.quote,
    defs,
    body: art + output.body,
    quoteBody: output.quoteBody,
    quoteArea: output.quoteArea,
    texts: output.texts,
    artworkBox,
  };
}

export interface DesignPlan {
  layout: string;
  /** The print SVG (4500x5400 user units, text as outlines, transparent). */
  svg: string;
  /** The same canvas with only the quote drawn, for geometry checks. */
  quoteSvg: string;
  texts: SetText[];
  quoteArea: Box;
  safeArea: Box;
  artworkBox: Box | undefined;
}

export function planDesign(req: DesignRequest): DesignPlan {
  const parts = composeDesign(req);
  const document = (body: string) =>
    svgDocument({ width: PRINT_WIDTH, height: PRINT_HEIGHT, title: parts.quote, defs: parts.defs, body });
  return {
    layout: parts.layout,
    svg: document(parts.body),
    quoteSvg: document(parts.quoteBody),
    texts: parts.texts,
    quoteArea: parts.quoteArea,
    safeArea: SAFE_AREA,
    artworkBox: parts.artworkBox,
  };
}
