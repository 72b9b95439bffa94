import type { ErrorKind } from '../common/index.ts';
import { CONCEPT_LIMITS } from '../limits/index.ts';
/** Validation and clean-up of the untrusted text a design sets (quote and caption). */

export const QUOTE_MIN_LENGTH = CONCEPT_LIMITS.quoteMin;
export const QUOTE_MAX_LENGTH = CONCEPT_LIMITS.quoteMax;
export const TITLE_MAX_LENGTH = 200;

/** A request the renderer refuses; a RangeError so callers can tell bad input from a crash. */
export class DesignInputError extends RangeError {
  readonly kind: ErrorKind = 'unprocessable';
  override name = 'DesignInputError';
}

// Breaking spaces and line breaks; no-break spaces (U+00A0, U+2007, U+202F) stay inside their word.
const BREAKING_SPACE = /[\t\n\v\f\r \u0085\u1680\u2000-\u2006\u2008-\u200a\u2028\u2029\u205f\u3000]+/gu;
// Invisible controls and format characters (bidi overrides, marks, zero-width space, soft hyphen, BOM);
// ZWJ/ZWNJ and tag characters stay because emoji sequences need them.
const INVISIBLE = /(?![\u200c\u200d\u{e0020}-\u{e007f}])[\p{Cc}\p{Cf}]/gu;

/** Number of characters as a reader counts them (code points, so an emoji is not two). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** What is set on the shirt: well-formed, one space between words, no invisible controls. */
export function visibleText(text: string): string {
  return text.toWellFormed().replace(BREAKING_SPACE, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim();
}

/** The quote as given, trimmed and checked: 3 to 200 characters with something visible to print. */
export function normalizeQuote(quote: unknown): string {
  if (typeof quote !== 'string') throw new DesignInputError('Design quote must be a string.');
  const trimmed = quote.trim();
  const length = characterCount(trimmed);
  if (length < QUOTE_MIN_LENGTH || length > QUOTE_MAX_LENGTH) {
    throw new DesignInputError(`Design quote must be ${QUOTE_MIN_LENGTH} to ${QUOTE_MAX_LENGTH} characters after trimming; got ${length}.`);
  }
  if (visibleText(trimmed) === '') throw new DesignInputError('Design quote has no visible characters.');
  return trimmed;
}

/** The optional caption: trimmed, empty means none, at most 200 characters. */
export function normalizeTitle(title: unknown): string | undefined {
  if (title === undefined || title === null) return undefined;
  if (typeof title !== 'string') throw new DesignInputError('Design title must be a string.');
  const visible = visibleText(title);
  if (visible === '') return undefined;
  const length = characterCount(visible);
  if (length > TITLE_MAX_LENGTH) {
    throw new DesignInputError(`Design title must be at most ${TITLE_MAX_LENGTH} characters; got ${length}.`);
  }
  return visible;
}

/** Words of visible text, split at breaking spaces. */
export function splitWords(text: string): string[] {
  return visibleText(text)
    .split(' ')
    .filter((word) => word !== '');
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** User-perceived characters, so an emoji sequence or a letter with its marks stays whole. */
export function graphemeClusters(text: string): string[] {
  return Array.from(graphemes.segment(text), (part) => part.segment);
}
