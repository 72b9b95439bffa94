import { stripVTControlCharacters } from 'node:util';

/**
 * Untrusted text (LLM output, the theme, error messages from services) made safe to print on a
 * terminal: escape sequences and control characters removed, so a quote cannot move the cursor,
 * recolour, retitle or clear the screen, and bidi overrides removed, so it cannot disguise itself.
 */

// C0 and C1 controls (C1 includes the one-byte CSI \u009b), and the bidirectional formatting characters.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function terminalSafe(text: string): string {
  return stripVTControlCharacters(text)
    .replace(/[\r\n\t\v\f]+/g, ' ')
    .replace(CONTROLS, '');
}

// Wide (two-column) characters: East Asian wide/fullwidth ranges and emoji presentation.
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|\p{Extended_Pictographic}/u;
const ZERO_WIDTH = /[\p{Mn}\p{Me}\u200b-\u200d\ufe00-\ufe0f]/u;

/** Columns a (terminal-safe) string takes, close enough for aligning a table. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    if (ZERO_WIDTH.test(char)) continue;
    width += WIDE.test(char) ? 2 : 1;
  }
  return width;
}

/** Cuts to at most `max` columns, marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  let out = '';
  let width = 0;
  for (const char of text) {
    const w = ZERO_WIDTH.test(char) ? 0 : WIDE.test(char) ? 2 : 1;
    if (width + w > max - 1) break;
    out += char;
    width += w;
  }
  return `${out}…`;
}
