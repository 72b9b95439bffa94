import { MAX_GUIDELINES_CHARS, MAX_THEME_CHARS } from '../../../limits/index.ts';

/**
 * Untrusted text (a theme, brand guidelines) reduced to plain words. The offline generator only ever
 * reuses these words, never the raw text, so markup, quotes, control and bidi characters, and emoji
 * in the input cannot reach a name, quote, description or keyword.
 */

/** How much of an untrusted text is read at all: as much as a run accepts (all of the longest guidelines), a novel is cut. */
const MAX_UNTRUSTED_CHARS = Math.max(MAX_THEME_CHARS, MAX_GUIDELINES_CHARS);
/** Longer "words" are noise (hashes, URLs, keyboard mashing) and are dropped. */
const MAX_WORD_CHARS = 24;

export const STOPWORDS: ReadonlySet<string> = new Set(
  `a an the and or nor but if then so of to in on at by for from with without into onto over under about
  above below after before between through during as is are was were be been being am do does did doing
  done have has had having will would shall should can could may might must it its it's this that these
  those there here their theirs them they we us our ours you your yours he him his she her hers i me my
  mine who whom whose which what when where why how than too very just also only even more most less
  least some any all each every both either neither no not own same such other another again once up
  down out off via per vs etc like dont doesnt isnt arent wont cant im ive youre thats lets get got`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that describe the merchandise or the request rather than its subject: never part of an activity either. */
export const MERCH_WORDS: ReadonlySet<string> = new Set(
  `quote quotes saying sayings slogan slogans funny humor humour humorous joke jokes shirt shirts tshirt tshirts t-shirt
  t-shirts tee tees design designs theme themed product products merch merchandise gift gifts apparel clothing collection
  line series print prints text style styles vibe vibes edition`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words too vague to be a subject on their own, though an activity may hold them ("getting things done", "using AI"). */
export const VAGUE_WORDS: ReadonlySet<string> = new Set(['ai', 'idea', 'ideas', 'stuff', 'thing', 'things']);

/** NFKC, no control/format characters (bidi marks, zero-width joiners), bounded length (in code points, as the limits count). */
export function normalizeUntrusted(text: string): string {
  return Array.from(text)
    .slice(0, MAX_UNTRUSTED_CHARS)
    .join('')
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cs}]+/gu, ' ');
}

export interface Word {
  /** As typed, minus anything but letters, digits and inner hyphens. */
  text: string;
  lower: string;
}

function toWord(raw: string): Word | undefined {
  // Apostrophes join ("owner's" → "owners"); everything else that is not a letter or digit has already split.
  // A combining mark cut loose from an emoji (U+FE0F after ☕) is not a word, nor the start of one.
  const text = raw.replace(/['’]/g, '').replace(/^[\p{M}-]+|-+$/gu, '');
  if (!/[\p{L}\p{N}]/u.test(text) || text.length > MAX_WORD_CHARS) return undefined;
  return { text, lower: text.toLowerCase() };
}

/**
 * Runs of words with no punctuation between them: `cats who refactor legacy code` is one run,
 * `<script>alert(1)</script>` is four (`script`, `alert`, `1`, `script`).
 */
export function wordRuns(text: string): Word[][] {
  const runs: Word[][] = [];
  for (const chunk of normalizeUntrusted(text).split(/[^\p{L}\p{M}\p{N}\s'’-]+/u)) {
    const words = chunk
      .split(/\s+/)
      .map(toWord)
      .filter((w): w is Word => w !== undefined);
    if (words.length) runs.push(words);
  }
  return runs;
}

// Short words stay lowercase inside a title, as in "Working from Home".
const SMALL_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'nor',
  'but',
  'of',
  'in',
  'on',
  'at',
  'to',
  'for',
  'from',
  'by',
  'with',
  'as',
  'vs',
]);

/** Capitalises each all-lowercase word but the short ones inside; words with a capital already (iPhone, AI) stay as they are. */
export function titleCase(phrase: string): string {
  return phrase.replace(/(^|[\s+/-])([^\s+/-]+)/gu, (match, sep: string, word: string, offset: number) => {
    if (/\p{Lu}/u.test(word) || !/^\p{Ll}/u.test(word)) return match;
    // A short word still takes a capital at the start and after a colon: "Do Not Disturb: The Office".
    const starts = sep === '' || /[:.!?]\s*$/.test(phrase.slice(0, offset));
    if (!starts && SMALL_WORDS.has(word)) return match;
    return sep + word.charAt(0).toUpperCase() + word.slice(1);
  });
}

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a text mentions a term or its word family, case-insensitively: "meeting" also finds
 * "meetings", "hallucination" also finds "hallucinated". Errs on the side of finding too much,
 * because a banned word slipping through is worse than one joke fewer.
 */
export function mentions(text: string, term: string): boolean {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  const last = words.pop();
  if (!last) return false;
  const stem = last.replace(/(?:ations?|ated|ating|ings?|ed|es|s)$/u, '');
  // Short stems ("ai", "tax") only match as whole words (with a plural), long ones as a prefix.
  const tail = stem.length >= 4 ? `${escapeRegExp(stem)}\\p{L}*` : `${escapeRegExp(last.replace(/(?:es|s)$/u, '') || last)}(?:s|es)?`;
  const head = words.map((w) => `${escapeRegExp(w)}\\s+`).join('');
  return new RegExp(`(?<![\\p{L}\\p{N}])${head}${tail}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}
