import {
  ADVERBS,
  ALWAYS_CAPITALIZED,
  AUXILIARIES,
  CLAUSE_STARTS,
  CONJUNCTIONS,
  CONTEXT_PREPOSITIONS,
  DETERMINERS,
  ING_COMPANIONS,
  ING_NOUNS,
  NAMES_TO_KEEP,
  NOUN_PREPOSITIONS,
  NOUN_VERBS,
  PLAIN_VERBS,
  PRONOUNS,
  RELATIVES,
  TIME_PREPOSITIONS,
  isPeopleNoun,
  timePrepositionOf,
} from './lexicon.ts';
import { VERBS_IN_ING, isPluralNoun, singularOf } from './inflect.ts';
import { activitySlot, formsOf, occasionSlot, peopleSlot, subjectSlot, type Slot, type Token } from './slots.ts';
import { MERCH_WORDS, STOPWORDS, VAGUE_WORDS, mentions, wordRuns, type Word } from './words.ts';

/**
 * Reads a theme into typed slots (see slots.ts) with a few grammar rules:
 * "cats who refactor legacy code" → people `cats`, activity `refactoring legacy code`, subject `legacy code`;
 * "accountants during tax season" → people `accountants`, occasion `during tax season`;
 * "AI quotes for entrepreneurs and small business owners" → people `entrepreneurs`, `small business owners`.
 * Only plain words of the theme are kept (words.ts), so nothing else of the input can come through.
 */

export const MAX_SLOTS = 6;
/** People words that say nothing about who they are. */
const ANYONE = new Set(['people', 'folks', 'persons', 'humans', 'guys', 'everyone', 'everybody', 'anyone', 'those']);
const MAX_NOUN_WORDS = 3;
const MAX_SLOT_CHARS = 40;
const MAX_ACTIVITY_WORDS = 6;

type Role =
  | 'det'
  | 'pronoun'
  | 'relative'
  | 'conjunction'
  | 'auxiliary'
  | 'adverb'
  | 'context'
  | 'preposition'
  | 'clause'
  | 'merch'
  | 'vague'
  | 'stop'
  | 'number'
  | 'content';

interface Item extends Token {
  role: Role;
}

function roleOf(lower: string): Role {
  if (DETERMINERS.has(lower)) return 'det';
  if (PRONOUNS.has(lower)) return 'pronoun';
  if (RELATIVES.has(lower)) return 'relative';
  if (CONJUNCTIONS.has(lower)) return 'conjunction';
  if (AUXILIARIES.has(lower)) return 'auxiliary';
  if (CONTEXT_PREPOSITIONS.has(lower)) return 'context';
  if (NOUN_PREPOSITIONS.has(lower)) return 'preposition';
  if (CLAUSE_STARTS.has(lower)) return 'clause';
  if (MERCH_WORDS.has(lower)) return 'merch';
  if (VAGUE_WORDS.has(lower)) return 'vague';
  if (ADVERBS.has(lower)) return 'adverb';
  if (STOPWORDS.has(lower)) return 'stop';
  if (/^\d+$/.test(lower)) return 'number';
  return 'content';
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const isAcronym = (text: string) => /^[\p{Lu}\d]{2,5}$/u.test(text) && /\p{Lu}/u.test(text);
const isCapitalized = (text: string) => /^\p{Lu}\p{Ll}/u.test(text);

/**
 * How each word is printed: acronyms, names with inner capitals and days as typed or capitalised,
 * a capitalised word kept where it looks like a name ("dentists in Ohio"), everything else lowercase.
 */
function displayer(words: readonly Word[]): (word: Word, index: number) => string {
  const content = words.filter((w) => roleOf(w.lower) === 'content' && !isAcronym(w.text));
  const titled = content.length > 0 && content.every((w) => isCapitalized(w.text));
  return (word, index) => {
    if (word.lower === 'ai') return 'AI';
    if (isAcronym(word.text) || /^[\p{Lu}\d]{2,5}s$/u.test(word.text)) return word.text;
    if (ALWAYS_CAPITALIZED.has(word.lower)) return capitalize(word.lower);
    if (/\p{Ll}\p{Lu}/u.test(word.text)) return word.text;
    if (!isCapitalized(word.text)) return word.lower;
    if (NAMES_TO_KEEP.has(word.lower)) return word.text;
    const looksLikeName = index > 0 && !titled && !isPluralNoun(word.lower) && !isPeopleNoun(word.lower);
    return looksLikeName ? word.text : word.lower;
  };
}

/** Roles of small words that, typed in capitals, are acronyms instead: IT, US, OR. */
const GRAMMAR_ROLES = new Set<Role>(['pronoun', 'stop', 'det', 'auxiliary', 'preposition', 'context', 'conjunction', 'relative']);

/** Pronouns a verb follows: "I love my job". */
const SPEAKERS = new Set(['i', 'we', 'you', 'they']);

/** The forms of "do" and "have" that are verbs of their own after "who" ("who do yoga", "that has opinions"). */
const DO_HAVE = new Set(['do', 'does', 'did', 'have', 'has']);

/** "does" → "do", "codes" → "code", "fixes" → "fix", "has" → "have". */
function baseOfThirdPerson(verb: string): string {
  const irregular = new Map([
    ['does', 'do'],
    ['has', 'have'],
    ['goes', 'go'],
    ['is', 'be'],
  ]).get(verb.toLowerCase());
  if (irregular) return irregular;
  return /[^s]s$/i.test(verb) ? singularOf(verb) : verb;
}

// "loving their patients" reads as someone else's patients once the people are gone.
const POSSESSIVES = new Set(['my', 'our', 'your', 'their', 'his', 'her', 'its']);

const isGerund = (item: Item) =>
  item.role === 'content' &&
  item.lower.length > 4 &&
  item.lower.endsWith('ing') &&
  !ING_NOUNS.has(item.lower) &&
  !VERBS_IN_ING.has(item.lower);

/** Reads one run of words (no punctuation inside) and reports what it found, in order. */
class RunReader {
  private i = 0;
  private noun: Item[] = [];
  private preposition: Item | undefined;
  private determiner: Item | undefined;
  /** Whether the last phrase read named people, so "people over 40 learning AI" still finds what they do. */
  private afterPeople = false;
  /** Whether the word before was I, we, you or they. */
  private afterSpeaker = false;
  /** Whether the people doing the activity are one ("a dog that does taxes"), so its verb ends in -s. */
  private singularDoer = false;

  private readonly items: readonly Item[];
  private readonly emit: (slot: Slot, rank: number, tokens: readonly Token[]) => void;

  constructor(items: readonly Item[], emit: (slot: Slot, rank: number, tokens: readonly Token[]) => void) {
    this.items = items;
    this.emit = emit;
  }

  read(): void {
    this.startActivity();
    while (this.i < this.items.length) {
      const item = this.items[this.i]!;
      this.afterSpeaker = this.i > 0 && SPEAKERS.has(this.items[this.i - 1]!.lower);
      switch (item.role) {
        case 'content':
          if (this.noun.length === 0 && this.afterSpeaker) {
            // "I love my job": after I, we, you or they comes a verb.
            this.activity('base');
          } else if (
            isGerund(item) &&
            (this.noun.length > 0 ? isPeopleNoun(this.noun.at(-1)!.lower) : this.afterPeople || this.startsPhrase(this.i))
          ) {
            // "entrepreneurs working from home": a participle after people is what they do.
            this.flush();
            this.activity('gerund');
          } else {
            this.noun.push(item);
            this.i++;
          }
          break;
        case 'relative':
          this.relative(item);
          break;
        case 'clause':
          this.flush();
          this.i++;
          if (this.items[this.i] && isGerund(this.items[this.i]!)) this.activity('gerund');
          else this.skipClause();
          break;
        case 'context':
          this.flush();
          this.preposition = item;
          this.i++;
          break;
        case 'preposition':
          this.flush();
          this.preposition = undefined;
          this.i++;
          break;
        case 'det':
          this.flush();
          this.determiner = item;
          this.i++;
          break;
        case 'conjunction':
          // A preposition carries over a conjunction: "during tax season and year-end".
          this.flush();
          this.i++;
          this.startActivity();
          break;
        default:
          this.flush();
          this.i++;
      }
    }
    this.flush();
  }

  /** A run that starts with a verb or an -ing word is an activity: "refactor legacy code", "working from home". */
  private startActivity(): void {
    const first = this.items[this.i];
    const next = this.items[this.i + 1];
    if (first?.role !== 'content' || !next) return;
    if (isGerund(first) && next.role !== 'relative' && !this.describesNoun(this.i)) this.activity('gerund');
    else if (PLAIN_VERBS.has(first.lower) && next.role !== 'relative') this.activity('base');
    else if (NOUN_VERBS.has(first.lower) && (next.role === 'det' || next.role === 'preposition' || next.role === 'context'))
      this.activity('base');
  }

  /** Whether an -ing word with no noun before it opens a phrase of its own: "AI replacing my job". */
  private startsPhrase(at: number): boolean {
    const next = this.items[at + 1];
    if (!next) return false;
    if (['det', 'preposition', 'context', 'vague'].includes(next.role)) return true;
    return next.role === 'content' && !this.describesNoun(at);
  }

  /** Whether the -ing word at `at` describes the noun after it: "coding instructors", "coding bootcamps". */
  private describesNoun(at: number): boolean {
    const head = this.lastContentFrom(at).lower;
    return head !== this.items[at]!.lower && (isPeopleNoun(head) || ING_COMPANIONS.has(head));
  }

  private lastContentFrom(start: number): Item {
    let last = this.items[start]!;
    for (let j = start; j < this.items.length && this.items[j]!.role === 'content'; j++) last = this.items[j]!;
    return last;
  }

  /** "cats who …", "printers that …": the clause says what the people do. */
  private relative(item: Item): void {
    const head = this.noun;
    const people = head.length > 0 && (item.lower === 'who' || isPeopleNoun(head.at(-1)!.lower));
    this.singularDoer = head.length > 0 && !isPluralNoun(head.at(-1)!.lower);
    if (people) this.flushAs('people');
    else this.flush();
    this.i++;
    const next = this.items[this.i];
    // "the tools that founders use": the clause is about the noun, not by it.
    const objectClause = item.lower !== 'who' && next?.role === 'content' && isPeopleNoun(next.lower);
    if (!people || !next || next.role === 'det' || next.role === 'pronoun' || objectClause) {
      this.skipClause();
      return;
    }
    this.activity('base');
  }

  /** Reads an activity from the current word on; drops it when it leans on a pronoun, a modal or merchandise words. */
  private activity(given: 'base' | 'gerund'): void {
    const adverbs: Item[] = [];
    while (this.items[this.i]?.role === 'adverb') adverbs.push(this.items[this.i++]!);
    const verb = this.items[this.i];
    const verbLike = ['content', 'stop', 'vague'].includes(verb?.role ?? '') || DO_HAVE.has(verb?.lower ?? '') || verb?.lower === 'like';
    if (!verb || !verbLike || (given === 'gerund' && !isGerund(verb))) {
      this.skipClause();
      return;
    }
    this.i++;
    // "we using …": a verb already in its -ing form has no plain form to offer.
    const form = given === 'base' && isGerund(verb) ? 'gerund' : given;
    // "a dog that does taxes": the verb agrees with one dog; the activity needs its plain form.
    const plainVerb = form === 'base' && this.singularDoer ? { ...verb, display: baseOfThirdPerson(verb.display) } : verb;
    const rest: Item[] = [];
    let usable = true;
    let objectUsable = true;
    while (this.i < this.items.length) {
      const item = this.items[this.i]!;
      if (item.role === 'conjunction' || item.role === 'relative' || item.role === 'clause') break;
      if (item.role === 'context' && TIME_PREPOSITIONS.has(item.lower)) break;
      if (item.role === 'pronoun' || item.role === 'auxiliary' || item.role === 'merch') objectUsable = false;
      if (!objectUsable || POSSESSIVES.has(item.lower)) usable = false;
      rest.push(item);
      this.i++;
    }
    // A trailing preposition or article is a cut-off phrase, not an activity.
    while (rest.length && !['content', 'vague', 'number'].includes(rest.at(-1)!.role)) rest.pop();
    const slot = activitySlot(adverbs, plainVerb, rest, form);
    if (usable && adverbs.length + 1 + rest.length <= MAX_ACTIVITY_WORDS && slot.doing.length <= MAX_SLOT_CHARS) this.emit(slot, 1, []);
    // What the activity acts on is a subject in its own right: "legacy code".
    // What the activity acts on is a subject in its own right ("legacy code"), even when the activity is
    // unusable for its possessive ("love my job" still gives "job").
    const object = rest.filter((t) => t.role !== 'det');
    if (objectUsable && object.length > 0 && object.every((t) => t.role === 'content')) this.emitNoun(object, 'subject', 3);
  }

  private skipClause(): void {
    while (this.i < this.items.length && !['conjunction', 'clause'].includes(this.items[this.i]!.role)) this.i++;
    this.noun = [];
  }

  private flush(): void {
    this.flushAs(undefined);
  }

  private flushAs(forced: 'people' | undefined): void {
    const noun = this.noun;
    this.noun = [];
    const determiner = this.determiner;
    this.determiner = undefined;
    if (noun.length === 0) return;
    if (this.preposition && !forced) {
      const kept = tail(noun);
      if (kept.length) this.emit(occasionSlot(this.preposition.display, determiner, kept), 2, []);
      return;
    }
    const time = forced ? undefined : timePrepositionOf(noun.map((t) => t.lower));
    if (time) {
      // "tax season" is a time of year even without "during".
      const kept = tail(noun);
      if (kept.length) this.emit(occasionSlot(time, determiner, kept), 2, []);
      return;
    }
    const the = determiner?.lower === 'the' ? determiner : undefined;
    this.emitNoun(noun, forced ?? (isPeopleNoun(noun.at(-1)!.lower) ? 'people' : 'subject'), forced ? 0 : 1, the);
  }

  private emitNoun(noun: readonly Item[], kind: 'people' | 'subject', rank: number, the?: Item): void {
    const kept = tail(noun);
    if (kept.length)
      this.emit(kind === 'people' ? peopleSlot(kept) : subjectSlot(kept, kept.length === noun.length ? the : undefined), rank, kept);
    this.afterPeople = kind === 'people';
  }
}

/** English noun phrases end in their head noun, so a long run keeps its last few words. */
function tail(noun: readonly Item[]): Item[] {
  let kept = noun.slice(-MAX_NOUN_WORDS);
  while (kept.length > 1 && kept.map((t) => t.display).join(' ').length > MAX_SLOT_CHARS) kept = kept.slice(1);
  return kept.map((t) => t.display).join(' ').length <= MAX_SLOT_CHARS ? kept : [];
}

const isBannedSlot = (slot: Slot, banned: readonly string[]) => formsOf(slot).some((form) => banned.some((term) => mentions(form, term)));

/** A people or subject phrase with a banned modifier keeps its head: "Excel wizards" without Excel is "wizards". */
function withoutBanned(slot: Slot, banned: readonly string[], tokens: readonly Token[]): Slot | undefined {
  if (!isBannedSlot(slot, banned)) return slot;
  if (slot.kind !== 'people' && slot.kind !== 'subject') return undefined;
  for (let start = 1; start < tokens.length; start++) {
    const shorter = slot.kind === 'people' ? peopleSlot(tokens.slice(start)) : subjectSlot(tokens.slice(start));
    if (!isBannedSlot(shorter, banned)) return shorter;
  }
  return undefined;
}

/** The slots of a theme, best first (people and what they do before side subjects), without repeats or banned words. */
export function readTheme(text: string, banned: readonly string[] = [], limit = MAX_SLOTS): Slot[] {
  const runs = wordRuns(text);
  const display = displayer(runs.flat());
  const found: Array<{ slot: Slot; rank: number; order: number }> = [];
  let index = 0;
  for (const run of runs) {
    // A word typed twice in a row ("work work work") is said once.
    const words = run.filter((w, i) => i === 0 || w.lower !== run[i - 1]!.lower);
    // An acronym typed in capitals (IT, US) is a name, not the pronoun it spells.
    const items: Item[] = words.map((w) => {
      const role = roleOf(w.lower);
      return { display: display(w, index++), lower: w.lower, role: isAcronym(w.text) && GRAMMAR_ROLES.has(role) ? 'content' : role };
    });
    new RunReader(items, (slot, rank, tokens) => {
      const kept = withoutBanned(slot, banned, tokens);
      if (kept) found.push({ slot: kept, rank, order: found.length });
    }).read();
  }
  const seen = new Set<string>();
  const hasActivity = found.some((f) => f.slot.kind === 'activity');
  return (
    found
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map((f) => f.slot)
      // "people who still use fax machines" is about the fax machines: "people" alone makes no joke.
      .filter((slot) => !(hasActivity && slot.kind === 'people' && ANYONE.has(slot.key)))
      .filter((slot) => !seen.has(slot.key) && seen.add(slot.key) !== undefined)
      .slice(0, limit)
  );
}

/** When a theme has nothing usable left (all emoji, all banned, only "funny AI shirts"): the brand's own subjects. */
export function fallbackSlots(banned: readonly string[] = []): Slot[] {
  return ['prompts', 'spreadsheets', 'invoices', 'meetings']
    .filter((phrase) => !banned.some((term) => mentions(phrase, term)))
    .map((phrase) => subjectSlot([{ display: phrase, lower: phrase }]));
}
