import { InvalidArgumentError } from 'commander';
import { MAX_GUIDELINES_CHARS, MAX_PRODUCT_COUNT, MAX_THEME_CHARS, MIN_PRODUCT_COUNT } from '../../shared/limits/index.ts';

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
  const count = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(count >= MIN_PRODUCT_COUNT && count <= MAX_PRODUCT_COUNT)) {
    throw new InvalidArgumentError(`must be a whole number from ${MIN_PRODUCT_COUNT} to ${MAX_PRODUCT_COUNT}.`);
  }
  return count;
}

export function parseDelay(value: string): number {
  const delay = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  // An hour is far beyond any sensible pause; larger numbers are typos.
  if (!(delay >= 0 && delay <= 3_600_000)) throw new InvalidArgumentError('must be a whole number of milliseconds from 0 to 3600000.');
  return delay;
}

export function parseSeed(value: string): number {
  const seed = /^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(seed)) throw new InvalidArgumentError('must be a whole number, e.g. 42.');
  return seed;
}

function parseText(value: string, max: number): string {
  const text = value.trim();
  if (!text) throw new InvalidArgumentError('must not be empty.');
  if (text.length > max) throw new InvalidArgumentError(`must be at most ${max} characters (got ${text.length}).`);
  return text;
}

export const parseTheme = (value: string): string => parseText(value, MAX_THEME_CHARS);
export const parseGuidelines = (value: string): string => parseText(value, MAX_GUIDELINES_CHARS);
