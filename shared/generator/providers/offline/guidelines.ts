import { STOPWORDS, normalizeUntrusted, wordRuns } from './words.ts';
import { asPeople, type PeopleSlot } from './slots.ts';
import { readTheme } from './theme.ts';

/**
 * What free-text brand guidelines ask of the offline generator, read with a few forgiving patterns:
 * - words to avoid ("Avoid coffee and meetings", `never use "synergy"`, "no puns about Excel"),
 * - a tone ("keep it wholesome", "professional, not silly") that picks a phrase bank, or rules one out,
 * - an audience ("Audience: dentists") whose people join the theme's topics,
 * - keywords ("Keywords: gift for boss, office") that join every product's keywords.
 */

export type Tone = 'dry' | 'playful' | 'uplifting';

export interface GuidelineHints {
  /** Lowercase words or phrases no generated text may contain. */
  avoid: string[];
  /** The tone asked for, if any. */
  tone: Tone | undefined;
  /** Tones the guidelines rule out ("no puns" rules out playful). */
  excludedTones: Tone[];
  audience: PeopleSlot[];
  keywords: string[];
}

const TONE_WORDS: Record<Tone, readonly string[]> = {
  dry: [
    'professional',
    'formal',
    'corporate',
    'serious',
    'dry',
    'deadpan',
    'understated',
    'subtle',
    'classy',
    'sophisticated',
    'polished',
    'executive',
    'sarcastic',
    'sarcasm',
    'witty',
  ],
  playful: [
    'playful',
    'silly',
    'pun',
    'puns',
    'punny',
    'goofy',
    'quirky',
    'whimsical',
    'cheeky',
    'wacky',
    'lighthearted',
    'light-hearted',
    'zany',
    'nerdy',
    'geeky',
  ],
  uplifting: [
    'wholesome',
    'positive',
    'uplifting',
    'inspirational',
    'inspiring',
    'motivational',
    'motivating',
    'encouraging',
    'kind',
    'gentle',
    'optimistic',
    'warm',
    'supportive',
    'empowering',
  ],
};

/** Words inside an "avoid …" phrase that describe the ban rather than name what is banned. */
const BAN_META = new Set([
  'word',
  'words',
  'term',
  'terms',
  'phrase',
  'phrases',
  'mention',
  'mentions',
  'reference',
  'references',
  'joke',
  'jokes',
  'anything',
  'topic',
  'topics',
  'language',
  'overly',
  'use',
  'using',
  'mentioning',
  'talk',
  'talking',
  'cliches',
  'cliché',
  'clichés',
]);

const AVOID_LEAD =
  /\b(?:avoid(?:ing)?|never(?:\s+(?:use|mention|say))?|don'?t\s+(?:use|mention|say)|do\s+not\s+(?:use|mention|say)|no|not|without|ban(?:ned)?|exclude|skip|steer\s+clear\s+of)\b/giu;
// An avoid-phrase ends at punctuation or where the next instruction starts ("…, but keep it warm").
const AVOID_END = /[.;:!?\n]|\b(?:but|instead|keep|make|stay|prefer|please|aim|go)\b/iu;
const SENTENCE_END = /[.;!?\n]/u;

const AUDIENCE_LEAD =
  /\b(?:target\s+audience|audience|aimed\s+at|targeting|written\s+for|made\s+for|designed\s+for|our\s+customers\s+are|customers\s+are|buyers\s+are)\b\s*(?:is|are)?\s*[:\-–]?\s*/giu;
const KEYWORD_LEAD = /\b(?:keywords?|tags?|hashtags?|seo\s+terms?)\b\s*(?:include|are|is)?\s*[:\-–]?\s*/giu;

const MAX_KEYWORDS = 5;
const MAX_KEYWORD_CHARS = 40;

/** The text after each lead-in, up to the end of its sentence (or its clause, for avoid-phrases). */
function followers(text: string, lead: RegExp, end: RegExp): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(lead)) {
    const rest = text.slice((match.index ?? 0) + match[0].length);
    const stop = rest.search(end);
    out.push(stop === -1 ? rest : rest.slice(0, stop));
  }
  return out;
}

function toneOf(word: string): Tone | undefined {
  for (const tone of Object.keys(TONE_WORDS) as Tone[]) if (TONE_WORDS[tone].includes(word)) return tone;
  return undefined;
}

function quotedTerms(phrase: string): string[] {
  return [...phrase.matchAll(/["“'‘]([^"”'’]{1,40})["”'’]/gu)]
    .map((m) =>
      wordRuns(m[1] ?? '')
        .flat()
        .map((w) => w.lower)
        .join(' '),
    )
    .filter(Boolean);
}

export function readGuidelines(guidelines: string | undefined): GuidelineHints {
  const text = normalizeUntrusted(guidelines ?? '');
  const avoid = new Set<string>();
  const excluded = new Set<Tone>();

  for (const phrase of followers(text, AVOID_LEAD, AVOID_END)) {
    const quoted = quotedTerms(phrase);
    for (const term of quoted) avoid.add(term);
    for (const word of wordRuns(phrase).flat()) {
      const tone = toneOf(word.lower);
      if (tone) excluded.add(tone);
      else if (!quoted.length && !STOPWORDS.has(word.lower) && !BAN_META.has(word.lower) && !/^\d+$/.test(word.lower))
        avoid.add(word.lower);
    }
  }

  // The tone asked for: the first tone word outside any avoid-phrase.
  const counts = new Map<Tone, number>();
  for (const word of wordRuns(text).flat()) {
    const tone = toneOf(word.lower);
    if (tone && !excluded.has(tone)) counts.set(tone, (counts.get(tone) ?? 0) + 1);
  }
  const tone = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];

  const banned = [...avoid];
  // An audience is people, whatever its last word looks like.
  const audience = followers(text, AUDIENCE_LEAD, SENTENCE_END)
    .flatMap((phrase) => readTheme(phrase, banned, 2))
    .map(asPeople)
    .filter((slot): slot is PeopleSlot => slot !== undefined);

  const keywords: string[] = [];
  for (const list of followers(text, KEYWORD_LEAD, SENTENCE_END)) {
    for (const item of list.split(/[,/|]|\band\b|\bor\b/iu)) {
      const words = wordRuns(item).flat();
      // Only plain words survive, so a keyword can never carry markup or quotes.
      const keyword = words
        .map((w) => w.lower)
        .join(' ')
        .slice(0, MAX_KEYWORD_CHARS)
        .trim();
      if (keyword && !keywords.includes(keyword) && keywords.length < MAX_KEYWORDS) keywords.push(keyword);
    }
  }

  return { avoid: banned, tone, excludedTones: [...excluded], audience, keywords };
}
