import { displayWord, isContentWord, mentions, wordRuns, type Word } from './words.ts';

/**
 * The subjects a theme is about, as short noun phrases the phrase bank can slot in:
 * "cats who refactor legacy code" → `cats`, `refactor legacy code`;
 * "AI quotes for entrepreneurs and small business owners" → `entrepreneurs`, `small business owners`.
 */

/** Some jokes need people ("dentists who prompt"), some need plural grammar, some a single thing. */
export type TopicKind = 'people' | 'things' | 'thing';

export interface Topic {
  /** Lowercase except acronyms: "legacy code", "SEO consultants". */
  phrase: string;
  kind: TopicKind;
  words: string[];
}

const MAX_TOPIC_WORDS = 3;
const MAX_TOPIC_CHARS = 40;
export const MAX_TOPICS = 6;

const GROUPS = new Set(['people', 'staff', 'folks', 'children', 'men', 'women', 'teams', 'crew', 'police', 'kids', 'moms', 'dads', 'parents', 'nurses', 'ceos', 'cfos', 'ctos', 'coos', 'bosses', 'chefs', 'vets', 'cats', 'dogs', 'boomers', 'millennials']);
// Nouns for roles: owners, entrepreneurs, dentists, accountants, engineers, librarians, trainees.
const ROLE_ENDING = /(?:er|or|eur|ist|ian|ant|ent|eer|ee|ard|ive|ic|ologist|mate)s$/;
const THING_EXCEPTIONS = /(?:ments|computers|printers|servers|folders|routers|papers|letters|numbers|orders|headers|filters|markers|stickers|containers|answers|chapters|monitors|sensors|vectors|errors|mirrors|colors|colours|factors|calendars|drivers|browsers|spreadsheets|invoices|emails|meetings|prompts)$/;

export function kindOf(word: string): TopicKind {
  if (GROUPS.has(word)) return 'people';
  if (ROLE_ENDING.test(word) && !THING_EXCEPTIONS.test(word)) return 'people';
  return /s$/.test(word) && !/(ss|us|is|ics)$/.test(word) ? 'things' : 'thing';
}

/** Consecutive content words, split wherever a stopword, generic or banned word, or punctuation stood. */
function phrases(runs: Word[][], banned: readonly string[]): Word[][] {
  const out: Word[][] = [];
  for (const run of runs) {
    let current: Word[] = [];
    for (const word of run) {
      if (isContentWord(word) && !banned.some((term) => mentions(word.lower, term))) current.push(word);
      else if (current.length) {
        out.push(current);
        current = [];
      }
    }
    if (current.length) out.push(current);
  }
  return out;
}

function toTopic(words: Word[]): Topic | undefined {
  // English noun phrases end in their head noun, so long runs keep their last words.
  let kept = words.slice(-MAX_TOPIC_WORDS);
  while (kept.length > 1 && kept.map(displayWord).join(' ').length > MAX_TOPIC_CHARS) kept = kept.slice(1);
  const display = kept.map(displayWord);
  const phrase = display.join(' ');
  if (!phrase || phrase.length > MAX_TOPIC_CHARS) return undefined;
  return { phrase, kind: kindOf(kept.at(-1)!.lower), words: kept.map((w) => w.lower) };
}

/** Topics of a text in order of appearance, without duplicates or anything the guidelines ban. */
export function topicsOf(text: string, banned: readonly string[] = [], limit = MAX_TOPICS): Topic[] {
  const seen = new Set<string>();
  const topics: Topic[] = [];
  for (const words of phrases(wordRuns(text), banned)) {
    const topic = toTopic(words);
    if (!topic || seen.has(topic.phrase)) continue;
    if (banned.some((term) => mentions(topic.phrase, term))) continue;
    seen.add(topic.phrase);
    topics.push(topic);
    if (topics.length >= limit) break;
  }
  return topics;
}

/** When a theme has nothing usable left (all emoji, all banned, only "funny AI shirts"): the brand's own subjects. */
export function fallbackTopics(banned: readonly string[] = []): Topic[] {
  return ['prompts', 'spreadsheets', 'invoices', 'meetings']
    .filter((phrase) => !banned.some((term) => mentions(phrase, term)))
    .map((phrase) => ({ phrase, kind: 'things' as const, words: [phrase] }));
}
