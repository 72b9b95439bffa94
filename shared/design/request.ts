/** The design request as callers send it, and its checked, normalised form. */
import { readArtwork, type Artwork } from './artwork.ts';
import { paletteRoles, type Palette } from './palette.ts';
import { hashString } from './random.ts';
import { DesignInputError, normalizeQuote, normalizeTitle, visibleText } from './text.ts';

export interface DesignRequest {
  /** Untrusted; 3 to 200 characters after trimming. */
  quote: string;
  /** Product name, shown as a small caption by some layouts. */
  title?: string;
  /** Palette as hex strings; defaults to the brand colours. */
  colors?: readonly string[];
  /** One of DESIGN_LAYOUTS; otherwise chosen deterministically from seed and quote. */
  layout?: string;
  seed?: number;
  /** PNG drawn by an image model, composed into the print; the quote is still set by the renderer. */
  artwork?: Uint8Array;
}

export interface NormalizedRequest {
  quote: string;
  visibleQuote: string;
  title: string | undefined;
  palette: Palette;
  layout: string | undefined;
  /** Seed for every deterministic choice: the given seed mixed with the quote, else the quote alone. */
  seed: number;
  artwork: Artwork | undefined;
}

export function normalizeRequest(req: DesignRequest, layoutNames: readonly string[]): NormalizedRequest {
  if (typeof req !== 'object' || req === null) throw new DesignInputError('Design request must be an object.');
  const quote = normalizeQuote(req.quote);
  if (req.layout !== undefined && !layoutNames.includes(req.layout)) {
    throw new DesignInputError(`Design layout must be one of ${layoutNames.join(', ')}; got ${JSON.stringify(req.layout)}.`);
  }
  if (req.seed !== undefined && !Number.isFinite(req.seed)) {
    throw new DesignInputError(`Design seed must be a finite number; got ${String(req.seed)}.`);
  }
  if (req.artwork !== undefined && !(req.artwork instanceof Uint8Array)) {
    throw new DesignInputError('Design artwork must be a Uint8Array of PNG bytes.');
  }
  return {
    quote,
    visibleQuote: visibleText(quote),
    title: normalizeTitle(req.title),
    palette: paletteRoles(req.colors ?? undefined),
    layout: req.layout,
    seed: hashString(req.seed === undefined ? quote : `${Math.trunc(req.seed)}\u0000${quote}`),
    artwork: req.artwork ? readArtwork(req.artwork) : undefined,
  };
}
