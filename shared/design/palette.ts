/**
 * Colour roles from a palette. A print file has no background, so the ink must read on black and on
 * white shirts alike: the main ink is the palette colour whose worse contrast against black and
 * white is best (mid-tones: the brand's burnt orange); near-black is used only for shadows, which
 * vanish harmlessly on dark shirts and give depth on light ones; near-white is never used as ink.
 */
import { BRAND } from '../common/index.ts';
import { DesignInputError } from './text.ts';

export interface Palette {
  /** Body text and line work. */
  ink: string;
  /** Highlights: keyword, quote marks, rules. The brightest usable mid-tone. */
  accent: string;
  /** A third mid-tone for secondary details (falls back to the accent). */
  support: string;
  /** Near-black for drop shadows, if the palette has one. */
  shade: string | undefined;
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#rrggbb' in lower case; anything else is refused, since colours are written into SVG attributes. */
export function parseHexColor(value: string): string {
  const match = HEX.exec(value.trim());
  const digits = match?.[1];
  if (!digits) throw new DesignInputError(`Colour must be a hex colour like #fe972e; got ${JSON.stringify(value)}.`);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return `#${full.toLowerCase()}`;
}

function channel(hex: string, index: number): number {
  const value = Number.parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of '#rrggbb'. */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 1) + 0.0722 * channel(hex, 2);
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** How well a colour reads on both a black and a white shirt: the worse of the two contrasts. */
export function shirtContrast(hex: string): number {
  return Math.min(contrast(hex, '#000000'), contrast(hex, '#ffffff'));
}

const NEAR_BLACK = 0.03;
const NEAR_WHITE = 0.8;

export function paletteRoles(colors: readonly string[] = BRAND.colors): Palette {
  const parsed = [...new Set(colors.map(parseHexColor))];
  if (parsed.length === 0) throw new DesignInputError('Design colours must list at least one hex colour.');
  const mids = parsed.filter((hex) => luminance(hex) >= NEAR_BLACK && luminance(hex) <= NEAR_WHITE);
  const pool = mids.length > 0 ? mids : parsed;
  const ink = [...pool].sort((a, b) => shirtContrast(b) - shirtContrast(a))[0] ?? parsed[0] ?? '#c84916';
  const others = pool.filter((hex) => hex !== ink);
  const accent = [...others].sort((a, b) => luminance(b) - luminance(a))[0] ?? ink;
  const support = others.find((hex) => hex !== accent) ?? accent;
  const shade = parsed.filter((hex) => luminance(hex) < NEAR_BLACK).sort((a, b) => luminance(a) - luminance(b))[0];
  return { ink, accent, support, shade };
}
