/**
 * English word forms the phrase bank needs: singular and plural nouns, the -ing form and the
 * third person of a verb, and "a" or "an". Plain rules plus the irregulars a theme is likely to hold.
 */

// Maps, not objects: a theme word like "constructor" must not find Object.prototype.
const IRREGULAR_PLURALS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    person: 'people',
    man: 'men',
    woman: 'women',
    child: 'children',
    mouse: 'mice',
    goose: 'geese',
    tooth: 'teeth',
    foot: 'feet',
    wife: 'wives',
    knife: 'knives',
    life: 'lives',
    thief: 'thieves',
    elf: 'elves',
    wolf: 'wolves',
    half: 'halves',
    leaf: 'leaves',
    shelf: 'shelves',
    calf: 'calves',
    hero: 'heroes',
    potato: 'potatoes',
    tomato: 'tomatoes',
    echo: 'echoes',
    veto: 'vetoes',
    alumnus: 'alumni',
    criterion: 'criteria',
    chef: 'chefs',
    chief: 'chiefs',
  }),
);

const IRREGULAR_SINGULARS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    ...Object.fromEntries([...IRREGULAR_PLURALS].map(([one, many]) => [many, one])),
    // Collective nouns have no one-word singular, so a template about one of them gets a member.
    folks: 'person',
    staff: 'staff member',
    crew: 'crew member',
    police: 'police officer',
    cattle: 'cow',
  }),
);

/** Plural words that do not end in -s. */
const PLURALS_WITHOUT_S = new Set([
  'people',
  'men',
  'women',
  'children',
  'mice',
  'geese',
  'teeth',
  'feet',
  'alumni',
  'criteria',
  'police',
  'cattle',
  'staff',
  'crew',
]);

/** Words ending in -s that are singular (or mass nouns) all the same. */
const SINGULAR_S =
  /(?:ss|us|is|ics|ous|news|chaos|series|species|means|gas|canvas|lens|bias|atlas|alias|corps|yes|plus|bus|bonus|status|campus|virus|focus|census|thesis|analysis|basis|crisis|diabetes|wellness|business|sales|ethos|pathos|kudos|texas|vegas|paris|brussels|athens)$/;

/** Nouns in -ie whose plural -ies must not become -y. */
const IE_NOUNS = new Set([
  'cookie',
  'movie',
  'zombie',
  'rookie',
  'hippie',
  'techie',
  'foodie',
  'newbie',
  'selfie',
  'smoothie',
  'pie',
  'tie',
  'lie',
  'genie',
  'goalie',
  'calorie',
  'brownie',
  'sweetie',
  'bookie',
  'junkie',
  'groupie',
  'yuppie',
  'birdie',
  'roomie',
  'indie',
  'veggie',
  'hoodie',
  'boogie',
  'auntie',
]);

/** Nouns in -che or -se whose plural only adds -s. */
const E_NOUNS_CH = new Set([
  'niche',
  'cache',
  'ache',
  'headache',
  'cliche',
  'moustache',
  'mustache',
  'creche',
  'avalanche',
  'psyche',
  'quiche',
]);

export function isPluralNoun(word: string): boolean {
  const w = word.toLowerCase();
  if (PLURALS_WITHOUT_S.has(w)) return true;
  return w.length > 2 && w.endsWith('s') && !SINGULAR_S.test(w);
}

/** "dentists" → "dentist", "bosses" → "boss", "secretaries" → "secretary", "people" → "person". */
export function singularOf(word: string): string {
  const w = word.toLowerCase();
  const irregular = IRREGULAR_SINGULARS.get(w);
  if (irregular) return irregular;
  if (!isPluralNoun(w) || PLURALS_WITHOUT_S.has(w)) return word;
  const keep = (n: number) => word.slice(0, word.length - n);
  if (w.endsWith('ies') && w.length > 4) return IE_NOUNS.has(w.slice(0, -1)) ? keep(1) : `${keep(3)}y`;
  if (/(?:ss|x|zz|sh)es$/.test(w)) return keep(2);
  if (w.endsWith('ches')) return E_NOUNS_CH.has(w.slice(0, -1)) ? keep(1) : keep(2);
  return keep(1);
}

/** "dentist" → "dentists", "boss" → "bosses", "secretary" → "secretaries", "person" → "people". */
export function pluralOf(word: string): string {
  const w = word.toLowerCase();
  const irregular = IRREGULAR_PLURALS.get(w);
  if (irregular) return irregular;
  if (/[^aeiou]y$/.test(w)) return `${word.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh)$/.test(w)) return `${word}es`;
  return `${word}s`;
}

// Verbs of two or more syllables stressed on the last one double their final consonant too.
const DOUBLING_VERBS = new Set([
  'admit',
  'commit',
  'submit',
  'omit',
  'permit',
  'refer',
  'prefer',
  'occur',
  'begin',
  'forget',
  'regret',
  'control',
  'patrol',
  'upset',
  'equip',
  'transfer',
  'compel',
  'expel',
  'rebel',
  'propel',
  'excel',
  'acquit',
  'format',
  'program',
  'outrun',
  'overrun',
  'kidnap',
  'deter',
  'infer',
  'confer',
  'defer',
  'unplug',
  'unwrap',
  'outwit',
]);
const IRREGULAR_GERUNDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    be: 'being',
    see: 'seeing',
    flee: 'fleeing',
    agree: 'agreeing',
    die: 'dying',
    lie: 'lying',
    tie: 'tying',
    vie: 'vying',
    panic: 'panicking',
    picnic: 'picnicking',
    mimic: 'mimicking',
    traffic: 'trafficking',
    singe: 'singeing',
    dye: 'dyeing',
    quit: 'quitting',
  }),
);

/** Verbs whose plain form already ends in -ing, so "bring" is not taken for an -ing form. */
export const VERBS_IN_ING = new Set([
  'bring',
  'sing',
  'ring',
  'sting',
  'swing',
  'fling',
  'cling',
  'string',
  'wring',
  'spring',
  'ding',
  'ping',
  'wing',
  'zing',
]);

/** One vowel between consonants at the end of a one-syllable word: "run", "chat", "plan". */
const isShortClosed = (w: string) => /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(w.replace(/^qu/, 'q'));

/** "refactor" → "refactoring", "code" → "coding", "run" → "running", "lie" → "lying". */
export function gerundOf(verb: string): string {
  const w = verb.toLowerCase();
  const irregular = IRREGULAR_GERUNDS.get(w);
  if (irregular) return irregular;
  if (w.endsWith('ing') && w.length > 4 && !VERBS_IN_ING.has(w)) return verb;
  if (/ie$/.test(w)) return `${verb.slice(0, -2)}ying`;
  if (/(?:ee|ye|oe)$/.test(w)) return `${verb}ing`;
  if (/(?:[^aeiou]|u)e$/.test(w)) return `${verb.slice(0, -1)}ing`;
  if (isShortClosed(w) || DOUBLING_VERBS.has(w)) return `${verb}${verb.slice(-1)}ing`;
  return `${verb}ing`;
}

/** "refactor" → "refactors", "fix" → "fixes", "carry" → "carries", "have" → "has". */
export function thirdPersonOf(verb: string): string {
  const w = verb.toLowerCase();
  if (w === 'have') return 'has';
  if (w === 'be') return 'is';
  if (/[^aeiou]y$/.test(w)) return `${verb.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh|o)$/.test(w)) return `${verb}es`;
  return `${verb}s`;
}

// Letters whose spoken name starts with a vowel sound: "an SEO consultant", "an HR manager".
const VOWEL_SOUND_LETTERS = new Set(['A', 'E', 'F', 'H', 'I', 'L', 'M', 'N', 'O', 'R', 'S', 'X']);

/** "a" or "an" for the phrase that follows it, by sound rather than by spelling where it is easy to tell. */
export function articleFor(phrase: string): 'a' | 'an' {
  const first = phrase.trim().split(/\s+/)[0] ?? '';
  if (/^[A-Z]{2,5}s?$/.test(first)) return VOWEL_SOUND_LETTERS.has(first[0] ?? '') ? 'an' : 'a';
  const w = first.toLowerCase();
  if (/^(?:hour|honest|honou?r|heir)/.test(w)) return 'an';
  if (/^(?:uni|use|usu|uti|ure|eu|ewe|one|once|ubiq|uku|uran)/.test(w)) return 'a';
  return /^[aeiou]/.test(w) ? 'an' : 'a';
}

/** The phrase with "a" or "an" in front. */
export const withArticle = (phrase: string) => `${articleFor(phrase)} ${phrase}`;
