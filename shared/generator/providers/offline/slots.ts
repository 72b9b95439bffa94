import { gerundOf, isPluralNoun, pluralOf, singularOf, thirdPersonOf } from './inflect.ts';
import { MASS_NOUNS } from './lexicon.ts';

/**
 * What a theme gives the phrase bank, by grammatical kind, so a template only ever gets the kind of
 * phrase it was written for:
 * - people: "dentists", "small business owners" (with "dentist" for one of them);
 * - a subject: a thing or a field, "coffee", "legacy code", "spreadsheets";
 * - an activity: "refactoring legacy code" (and, when the theme gave the verb, "refactor legacy code");
 * - an occasion: "tax season", with the preposition that makes it a context, "during tax season".
 */

interface SlotBase {
  /** Identity within a theme: its main form, lowercase. */
  key: string;
  /** The plain lowercase words it came from, for keywords and banned-word checks. */
  words: string[];
}

export interface PeopleSlot extends SlotBase {
  kind: 'people';
  plural: string;
  singular: string;
}

export interface SubjectSlot extends SlotBase {
  kind: 'subject';
  text: string;
  /** The form that fits before another noun: "spreadsheet" in "spreadsheet whisperer". */
  modifier: string;
  plural: boolean;
  /** An amount of something rather than one thing: "coffee", "legacy code" (not "job", not "the IT department"). */
  mass: boolean;
}

export interface ActivitySlot extends SlotBase {
  kind: 'activity';
  /** "refactoring legacy code" */
  doing: string;
  /** "refactor legacy code", when the theme gave the verb itself rather than its -ing form. */
  base?: string;
  /** "refactors legacy code" */
  third?: string;
}

export interface OccasionSlot extends SlotBase {
  kind: 'occasion';
  /** "tax season", "the office", "Mondays" */
  text: string;
  /** "during tax season", "at the office", "on Mondays" */
  context: string;
  plural: boolean;
}

export type Slot = PeopleSlot | SubjectSlot | ActivitySlot | OccasionSlot;

/** A word of a phrase, as displayed and as compared. */
export interface Token {
  display: string;
  lower: string;
}

const join = (tokens: readonly Token[]) => tokens.map((t) => t.display).join(' ');
const lowerWords = (tokens: readonly Token[]) => tokens.map((t) => t.lower);

/** The phrase with its last word (its head noun) changed. */
function withHead(tokens: readonly Token[], change: (head: string) => string): string {
  const head = tokens.at(-1);
  if (!head) return '';
  const changed = change(head.display);
  return [...tokens.slice(0, -1).map((t) => t.display), changed].join(' ');
}

export function peopleSlot(tokens: readonly Token[]): PeopleSlot {
  const head = tokens.at(-1)?.lower ?? '';
  const plural = isPluralNoun(head) ? join(tokens) : withHead(tokens, pluralOf);
  const singular = isPluralNoun(head) ? withHead(tokens, singularOf) : join(tokens);
  return { kind: 'people', key: plural.toLowerCase(), words: lowerWords(tokens), plural, singular };
}

/** `the` is kept for one particular thing ("the IT department"), but not before another noun ("IT department manager"). */
export function subjectSlot(tokens: readonly Token[], the?: Token): SubjectSlot {
  const head = tokens.at(-1)?.lower ?? '';
  const bare = join(tokens);
  const plural = isPluralNoun(head);
  const text = the && !plural ? `${the.display} ${bare}` : bare;
  const mass = !plural && !the && (tokens.length > 1 || MASS_NOUNS.has(head) || head.endsWith('ing'));
  return {
    kind: 'subject',
    key: text.toLowerCase(),
    words: lowerWords(tokens),
    text,
    modifier: plural ? withHead(tokens, singularOf) : bare,
    plural,
    mass,
  };
}

export function occasionSlot(preposition: string, determiner: Token | undefined, tokens: readonly Token[]): OccasionSlot {
  const head = tokens.at(-1)?.lower ?? '';
  const text = join(determiner ? [determiner, ...tokens] : tokens);
  return {
    kind: 'occasion',
    key: text.toLowerCase(),
    words: lowerWords(tokens),
    text,
    context: `${preposition} ${text}`,
    plural: isPluralNoun(head),
  };
}

/**
 * An activity from its words: adverbs, then the verb, then whatever it acts on. `given` says whether
 * the theme wrote the verb plainly ("refactor") or already as "refactoring".
 */
export function activitySlot(adverbs: readonly Token[], verb: Token, rest: readonly Token[], given: 'base' | 'gerund'): ActivitySlot {
  const object = rest.map((t) => t.display);
  // Adverbs only read well after a subject ("my AI still uses fax machines"), not in "more still using fax machines".
  const plain = (v: string) => [v, ...object].join(' ');
  const doing = plain(given === 'gerund' ? verb.display : gerundOf(verb.display));
  const words = lowerWords([verb, ...rest]);
  if (given === 'gerund') return { kind: 'activity', key: doing.toLowerCase(), words, doing };
  const third = [...adverbs.map((t) => t.display), thirdPersonOf(verb.display), ...object].join(' ');
  return { kind: 'activity', key: doing.toLowerCase(), words, doing, base: plain(verb.display), third };
}

/** People named by a phrase that reads like a thing ("Audience: tech"), because the guidelines said they are people. */
export function asPeople(slot: Slot): PeopleSlot | undefined {
  switch (slot.kind) {
    case 'people':
      return slot;
    case 'subject':
      return slot.plural
        ? { kind: 'people', key: slot.key, words: slot.words, plural: slot.text, singular: slot.modifier }
        : { kind: 'people', key: pluralOf(slot.key), words: slot.words, plural: pluralOf(slot.text), singular: slot.text };
    default:
      return undefined;
  }
}

/** The slot as a noun phrase, for templates that can talk about anything. */
export function nounOf(slot: Slot): string {
  switch (slot.kind) {
    case 'people':
      return slot.plural;
    case 'subject':
    case 'occasion':
      return slot.text;
    case 'activity':
      return slot.doing;
  }
}

/** Whether the slot's noun takes a plural verb: "dentists are", "coffee is", "refactoring legacy code is". */
export function isPluralSlot(slot: Slot): boolean {
  switch (slot.kind) {
    case 'people':
      return true;
    case 'subject':
    case 'occasion':
      return slot.plural;
    case 'activity':
      return false;
  }
}

/** Every form the slot can print, for checks against banned words. */
export function formsOf(slot: Slot): string[] {
  switch (slot.kind) {
    case 'people':
      return [slot.plural, slot.singular];
    case 'subject':
      return [slot.text, slot.modifier];
    case 'occasion':
      return [slot.text, slot.context];
    case 'activity':
      return [slot.doing, slot.base ?? '', slot.third ?? ''].filter(Boolean);
  }
}
