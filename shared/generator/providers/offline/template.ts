import { withArticle } from './inflect.ts';
import { isPluralSlot, nounOf, type ActivitySlot, type OccasionSlot, type PeopleSlot, type Slot, type SubjectSlot } from './slots.ts';
import { STOPWORDS, mentions, titleCase } from './words.ts';

/**
 * Templates name the kind of phrase each gap takes, and get only that kind:
 * - {people} "dentists", {person} "dentist", {aPerson} "a dentist";
 * - {subject} "spreadsheets", {subjectMod} "spreadsheet" (before another noun);
 * - {doing} "refactoring legacy code", {do} "refactor legacy code", {does} "refactors legacy code";
 * - {occasion} "tax season", {context} "during tax season";
 * - {topic}: people, a subject or an occasion as a noun ("dentists", "coffee", "tax season");
 * - {about}: anything above, activities too, where "about X" reads well ("refactoring legacy code");
 * - {thing}: anything but people, for jokes that would treat people as objects ("I have a system for X").
 * Verbs agree with the template's noun: {is} {isn't} {was} {has} {it} {it's} {them} {doesn't}, and {s} after a verb.
 */

/** Which slot a template needs; `verb` is an activity whose plain verb is known. */
export type Need = 'people' | 'subject' | 'activity' | 'verb' | 'occasion' | 'topic' | 'about' | 'thing';

/** Each gap: the slot it needs, and what it says from the slot bound to it. */
const GAPS: Readonly<Record<string, { need: Need; value: (b: Binding) => string | undefined }>> = {
  people: { need: 'people', value: (b) => b.people?.plural },
  person: { need: 'people', value: (b) => b.people?.singular },
  aPerson: { need: 'people', value: (b) => b.people && withArticle(b.people.singular) },
  subject: { need: 'subject', value: (b) => b.subject?.text },
  subjectMod: { need: 'subject', value: (b) => b.subject?.modifier },
  doing: { need: 'activity', value: (b) => b.activity?.doing },
  do: { need: 'verb', value: (b) => b.activity?.base },
  does: { need: 'verb', value: (b) => b.activity?.third },
  occasion: { need: 'occasion', value: (b) => b.occasion?.text },
  context: { need: 'occasion', value: (b) => b.occasion?.context },
  topic: { need: 'topic', value: (b) => b.topic && nounOf(b.topic) },
  about: { need: 'about', value: (b) => b.about && nounOf(b.about) },
  thing: { need: 'thing', value: (b) => b.thing && nounOf(b.thing) },
};

/** Singular and plural forms of the words that agree with the template's noun. */
const AGREEMENT: Readonly<Record<string, readonly [string, string]>> = {
  is: ['is', 'are'],
  "isn't": ["isn't", "aren't"],
  was: ['was', 'were'],
  has: ['has', 'have'],
  it: ['it', 'they'],
  "it's": ["it's", "they're"],
  them: ['it', 'them'],
  "doesn't": ["doesn't", "don't"],
  s: ['s', ''],
};

const PLACEHOLDER = /\{([A-Za-z']+)\}/g;

export interface Binding {
  people?: PeopleSlot;
  subject?: SubjectSlot;
  activity?: ActivitySlot;
  occasion?: OccasionSlot;
  topic?: Slot;
  about?: Slot;
  thing?: Slot;
}

/** The slots a template needs; throws on a gap it does not know, so a typo in the bank fails its tests. */
export function needsOf(text: string): Need[] {
  const needs = new Set<Need>();
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    const need = Object.hasOwn(GAPS, name!) ? GAPS[name!]?.need : undefined;
    if (need) needs.add(need);
    else if (!Object.hasOwn(AGREEMENT, name!)) throw new Error(`Unknown gap {${name}} in template: ${text}`);
  }
  // {doing} and {do} in one template are the same activity.
  if (needs.has('verb')) needs.delete('activity');
  return [...needs];
}

function fits(need: Need, slot: Slot): boolean {
  switch (need) {
    case 'about':
      return true;
    case 'topic':
      return slot.kind !== 'activity';
    case 'thing':
      return slot.kind !== 'people';
    case 'verb':
      return slot.kind === 'activity' && slot.base !== undefined;
    default:
      return slot.kind === need;
  }
}

const significant = (words: readonly string[]) => words.filter((w) => w.length >= 3 && !STOPWORDS.has(w));

/** Every way to fill the template from the theme's slots: distinct slots, no word said twice. */
export function bindingsOf(text: string, slots: readonly Slot[]): Binding[] {
  const needs = needsOf(text);
  const fixed = text.replace(PLACEHOLDER, ' ');
  // A slot whose words the template already says ("Coffee first" with coffee) would say them twice.
  const usable = slots.filter((slot) => !significant(slot.words).some((w) => mentions(fixed, w)));
  let partial: Array<Array<[Need, Slot]>> = [[]];
  for (const need of needs) {
    partial = partial.flatMap((chosen) =>
      usable
        .filter(
          (slot) =>
            fits(need, slot) &&
            chosen.every(([, other]) => other !== slot && !significant(slot.words).some((w) => other.words.includes(w))),
        )
        .map((slot): Array<[Need, Slot]> => [...chosen, [need, slot]]),
    );
  }
  return partial.map((chosen) => {
    const binding: Binding = {};
    for (const [need, slot] of chosen) {
      if (need === 'topic') binding.topic = slot;
      else if (need === 'about') binding.about = slot;
      else if (need === 'thing') binding.thing = slot;
      else if (slot.kind === 'people') binding.people = slot;
      else if (slot.kind === 'subject') binding.subject = slot;
      else if (slot.kind === 'activity') binding.activity = slot;
      else binding.occasion = slot;
    }
    return binding;
  });
}

export const slotsOf = (binding: Binding): Slot[] =>
  [binding.topic, binding.about, binding.thing, binding.people, binding.activity, binding.subject, binding.occasion].filter(
    (s): s is Slot => s !== undefined,
  );

/** Capitals where a sentence starts: at the start, and after a full stop, question or exclamation mark. */
const sentenceCapitals = (text: string) =>
  text.replace(/(^|[.!?]\s+)(\p{Ll})/gu, (_m, before: string, ch: string) => before + ch.toUpperCase());

/** A word said twice in a row ("the the") means a template and a slot collided. */
const DOUBLED = /(?<![\p{L}\p{N}])([\p{L}\p{N}']+)\s+\1(?![\p{L}\p{N}])/iu;

/** The template filled in, in title case for a name or as sentences for a quote; undefined if it reads badly. */
export function render(text: string, binding: Binding, style: 'name' | 'quote'): string | undefined {
  const noun = binding.topic ?? binding.about ?? binding.thing ?? binding.subject ?? binding.occasion ?? binding.people ?? binding.activity;
  const plural = noun ? isPluralSlot(noun) : false;
  let missing = false;
  const filled = text.replace(PLACEHOLDER, (_m, name: string) => {
    const forms = Object.hasOwn(AGREEMENT, name) ? AGREEMENT[name] : undefined;
    if (forms) return plural ? forms[1] : forms[0];
    const value = Object.hasOwn(GAPS, name) ? GAPS[name]?.value(binding) : undefined;
    if (value === undefined) missing = true;
    return value ?? '';
  });
  if (missing) return undefined;
  const out = (style === 'name' ? titleCase(filled) : sentenceCapitals(filled)).replace(/\s+/g, ' ').trim();
  return DOUBLED.test(out) ? undefined : out;
}
