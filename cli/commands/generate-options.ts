import { InvalidArgumentError } from 'commander';
import {
  isProductCount,
  MAX_DESIGN_DELAY_MS,
  MAX_GUIDELINES_CHARS,
  MAX_THEME_CHARS,
  productCountMessage,
  textLength,
} from '../../shared/limits/index.ts';

/**
 * Parsers for the generate command's flags. Each throws commander's InvalidArgumentError, which
 * main() prints as one line naming the flag ("option '-n, --count <n>' argument '0' is invalid…").
 */

export interface GenerateFlags {
  count: number;
  theme: string;
  guidelines?: string;
  publish?: boolean;
  out?: string;
  json?: boolean;
  delay?: number;
  offline?: boolean;
  seed?: number;
}

export function parseCount(value: string): number {
  // A number as typed (so the message shows 2.5, not "2.5"); anything else, hex and exponents included, stays text.
  const count = /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  if (!isProductCount(count)) throw new InvalidArgumentError(productCountMessage(count));
  return count;
}

export function parseDelay(value: string): number {
  const delay = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(delay >= 0 && delay <= MAX_DESIGN_DELAY_MS))
    throw new InvalidArgumentError(`must be a whole number of milliseconds from 0 to ${MAX_DESIGN_DELAY_MS}.`);
  return delay;
}

export function parseSeed(value: string): number {
  const seed = /^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(seed)) throw new InvalidArgumentError('must be a whole number, e.g. 42.');
  return seed;
}

/** Trimmed text of at most `max` characters, counted as a person counts them (an emoji is one). */
function parseText(value: string, max: number): string {
  const text = value.trim();
  if (!text) throw new InvalidArgumentError('must not be empty.');
  const length = textLength(text);
  if (length > max) throw new InvalidArgumentError(`must be at most ${max} characters (got ${length}).`);
  return text;
}

export const parseTheme = (value: string): string => parseText(value, MAX_THEME_CHARS);
export const parseGuidelines = (value: string): string => parseText(value, MAX_GUIDELINES_CHARS);

/** A folder as given (spaces inside a name are the name's), but never nothing: `--out "$UNSET"` would be the current folder. */
export function parseOut(value: string): string {
  if (!value.trim()) throw new InvalidArgumentError('must not be empty.');
  return value;
}
