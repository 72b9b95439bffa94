/** A design request composed into SVG: layout choice, optional artwork, the quote set in outlines. */
import { artworkMarkup } from './artwork.ts';
import { PRINT_HEIGHT, PRINT_WIDTH, SAFE_AREA, type Box } from './canvas.ts';
import { TextFitError } from './fit.ts';
import { chooseLayout, DESIGN_LAYOUTS } from './layouts/index.ts';
import type { SetText } from './layouts/layout.ts';
import { seededRandom } from './random.ts';
import { normalizeRequest, type DesignRequest } from './request.ts';
import { createDefs, svgDocument, type SvgDefs } from './svg.ts';

/** Shares of the safe area's height tried for artwork, largest first, until the quote fits below it. */
const ARTWORK_SHARES = [0.55, 0.45, 0.35, 0.25];
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
  const input = (region: Box, vertical: number, defs: SvgDefs) => ({
    quote: normalized.visibleQuote,
    title: normalized.title,
    palette: normalized.palette,
    region,
    vertical,
    random: seededRandom(normalized.seed),
    defs,
  });
  const artwork = normalized.artwork;
  if (!artwork) {
    const defs = createDefs(idPrefix);
    const output = layout.render(input(SAFE_AREA, VERTICAL_PLACEMENT, defs));
    return { layout: layout.name, quote: normalized.quote, defs, ...output, artworkBox: undefined };
  }
  for (const [index, share] of ARTWORK_SHARES.entries()) {
    const defs = createDefs(idPrefix);
    const placed = artworkMarkup(artwork, { ...SAFE_AREA, height: SAFE_AREA.height * share }, defs);
    const top = placed.covered.y + placed.covered.height + ARTWORK_GAP;
    const region = { ...SAFE_AREA, y: top, height: SAFE_AREA.y + SAFE_AREA.height - top };
    try {
      const output = layout.render(input(region, 0, defs));
      return {
        layout: layout.name,
        quote: normalized.quote,
        defs,
        ...output,
        body: placed.markup + output.body,
        artworkBox: placed.covered,
      };
    } catch (error) {
      // A long quote of wide characters needs more room: shrink the artwork and try again.
      if (!(error instanceof TextFitError) || index === ARTWORK_SHARES.length - 1) throw error;
    }
  }
  throw new Error('unreachable: the last artwork share either fits or throws');
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
  const document = (body: string) => svgDocument({ width: PRINT_WIDTH, height: PRINT_HEIGHT, title: parts.quote, defs: parts.defs, body });
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
