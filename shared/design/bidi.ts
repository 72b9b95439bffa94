/**
 * A small, word-level subset of the Unicode bidirectional algorithm: enough to set Hebrew (and other
 * right-to-left words) in the right visual order inside left-to-right quotes and vice versa.
 * Explicit bidi controls are removed from the text beforehand (see text.ts), so hostile overrides
 * cannot reverse what a shopper reads.
 */

export type Direction = 'ltr' | 'rtl';

const RTL_CHAR =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}]/u;
const STRONG_CHAR = /\p{L}/u;

/** Direction of the first strong character, or undefined for digits, punctuation and emoji. */
export function strongDirection(text: string): Direction | undefined {
  for (const char of text) {
    if (RTL_CHAR.test(char)) return 'rtl';
    if (STRONG_CHAR.test(char)) return 'ltr';
  }
  return undefined;
}

/** The quote's base direction: its first strong character decides, left-to-right by default. */
export function paragraphDirection(words: readonly string[]): Direction {
  for (const word of words) {
    const direction = strongDirection(word);
    if (direction) return direction;
  }
  return 'ltr';
}

/** Neutral words between two words of one direction take it; other neutrals follow the paragraph. */
export function resolveDirections(directions: readonly (Direction | undefined)[], paragraph: Direction): Direction[] {
  return directions.map((direction, index) => {
    if (direction) return direction;
    let before: Direction | undefined;
    for (let i = index - 1; i >= 0 && !before; i--) before = directions[i];
    let after: Direction | undefined;
    for (let i = index + 1; i < directions.length && !after; i++) after = directions[i];
    return before && before === after ? before : paragraph;
  });
}

/** Items of one line in display order, left to right. */
export function visualOrder<T>(items: readonly T[], directions: readonly Direction[], paragraph: Direction): T[] {
  const pairs = items.map((item, index) => ({ item, direction: directions[index] ?? paragraph }));
  if (paragraph === 'rtl') pairs.reverse();
  const other: Direction = paragraph === 'ltr' ? 'rtl' : 'ltr';
  const result: T[] = [];
  let run: T[] = [];
  for (const pair of pairs) {
    if (pair.direction === other) {
      run.push(pair.item);
      continue;
    }
    result.push(...run.reverse(), pair.item);
    run = [];
  }
  result.push(...run.reverse());
  return result;
}

const MIRRORED: Readonly<Record<string, string>> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
  '‹': '›',
  '›': '‹',
};

/** Brackets face the other way inside right-to-left text. */
export function mirrorCluster(cluster: string): string {
  return MIRRORED[cluster] ?? cluster;
}
