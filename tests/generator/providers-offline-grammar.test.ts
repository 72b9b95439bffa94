import { describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import { generateOfflineConcepts } from '../../shared/generator/providers/offline/concepts.ts';
import { articleFor, gerundOf, pluralOf, singularOf, thirdPersonOf } from '../../shared/generator/providers/offline/inflect.ts';
import { NAMES, QUOTES, type Template } from '../../shared/generator/providers/offline/phrase-bank.ts';
import type { Slot } from '../../shared/generator/providers/offline/slots.ts';
import { bindingsOf, needsOf, render } from '../../shared/generator/providers/offline/template.ts';
import { readTheme } from '../../shared/generator/providers/offline/theme.ts';
import type { Concept } from '../../shared/generator/browser.ts';

const run = (theme: string, seed: number, productCount = 20): Concept[] =>
  generateOfflineConcepts({ productCount, theme, brand: BRAND }, seed);

/** A slot as the test reads it: its kind and its main form. */
function brief(slot: Slot): string {
  switch (slot.kind) {
    case 'people':
      return `people:${slot.plural}/${slot.singular}`;
    case 'subject':
      return `subject:${slot.text}${slot.plural ? ' (plural)' : ''}`;
    case 'activity':
      return `activity:${slot.doing}${slot.base ? `/${slot.base}/${slot.third}` : ''}`;
    case 'occasion':
      return `occasion:${slot.context}`;
  }
}

const THEMES = [
  'AI quotes for entrepreneurs and small business owners',
  'cats who refactor legacy code',
  'dentists',
  'real estate agents',
  'coffee',
  'remote work',
  'accountants during tax season',
  'spreadsheets and the accountants who love them',
  'work from home',
  'people who still use fax machines',
  'lawyers who bill by the hour',
  'an SEO consultant',
  'a dog that does taxes',
  'the IT department',
  'I love my job',
  'Monday mornings',
  'nurses on night shift',
  'bakers who sell sourdough',
];

const ODD_THEMES = [
  '<script>alert(1)</script>',
  '</text><image href=x onerror=alert(1)>',
  'x'.repeat(500),
  'the the the',
  'work work work',
  'coffee coffee',
  'an an a a',
  'who who who',
  'and and or',
  'during during',
  'AI AI AI',
  'Cats Who Refactor Legacy Code',
  'who refactor',
  'people who love them',
  'chief officers',
  'prompts',
  'hour',
  'umbrella insurance for owls',
  '🤖 robots & ☕️ coffee',
  // Words that are also names on every JavaScript object.
  'constructor prototype __proto__ toString hasOwnProperty valueOf',
  'who constructor the toString',
  '',
];

const lines = (concepts: readonly Concept[]) => concepts.flatMap((c) => [c.name, c.quote_primary]);

function templateRegex(template: Template): RegExp {
  const escaped = template.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\\\{[A-Za-z']+\\\}/g, '.*')}$`, 'i');
}

/** The bank templates a line could have come from. */
const sourcesOf = (line: string) => [...NAMES, ...QUOTES].filter((t) => templateRegex(t).test(line));

/** Words after "a" or "an" that take the other article; acronyms are read letter by letter and skipped. */
function articleErrors(text: string): string[] {
  const errors: string[] = [];
  for (const [, article, word] of text.matchAll(/(?<![\p{L}'])(a|an) ([\p{L}]+)/giu)) {
    if (/^[A-Z]{2,5}$/.test(word!)) continue;
    const first = word!.charAt(0).toLowerCase();
    if (article!.toLowerCase() === 'a' && 'aeio'.includes(first)) errors.push(`a ${word}`);
    if (article!.toLowerCase() === 'an' && !'aeiouh'.includes(first)) errors.push(`an ${word}`);
  }
  return errors;
}

describe('offline concepts: reading the theme', () => {
  it('sorts a theme into people, subjects, activities and occasions', () => {
    const read = (theme: string) => readTheme(theme).map(brief);
    expect(read('cats who refactor legacy code')).toEqual([
      'people:cats/cat',
      'activity:refactoring legacy code/refactor legacy code/refactors legacy code',
      'subject:legacy code',
    ]);
    expect(read('AI quotes for entrepreneurs and small business owners')).toEqual([
      'people:entrepreneurs/entrepreneur',
      'people:small business owners/small business owner',
    ]);
    expect(read('accountants during tax season')).toEqual(['people:accountants/accountant', 'occasion:during tax season']);
    expect(read('coffee')).toEqual(['subject:coffee']);
    expect(read('remote work')).toEqual(['subject:remote work']);
    expect(read('real estate agents')).toEqual(['people:real estate agents/real estate agent']);
    expect(read('dentist')).toEqual(['people:dentists/dentist']);
    expect(read('refactoring legacy code')).toEqual(['activity:refactoring legacy code', 'subject:legacy code']);
    expect(read('work from home')).toEqual(['activity:working from home/work from home/works from home']);
    expect(read('entrepreneurs working from home')).toEqual(['people:entrepreneurs/entrepreneur', 'activity:working from home']);
    // An activity that leans on a pronoun ("love them") means nothing alone, so only the nouns are kept.
    expect(read('spreadsheets and the accountants who love them')).toEqual([
      'people:accountants/accountant',
      'subject:spreadsheets (plural)',
    ]);
    // "people" says nothing once there is something they do.
    expect(read('people who still use fax machines')).toEqual([
      'activity:using fax machines/use fax machines/still uses fax machines',
      'subject:fax machines (plural)',
    ]);
    // -ing nouns and nouns that happen to be verbs stay nouns.
    expect(read('marketing managers')).toEqual(['people:marketing managers/marketing manager']);
    expect(read('code review')).toEqual(['subject:code review']);
    expect(read('printers')).toEqual(['subject:printers (plural)']);
    expect(read('coding bootcamps')).toEqual(['subject:coding bootcamps (plural)']);
    // A verb after one doer, after "I", or after a phrase between the people and what they do.
    expect(read('a dog that does taxes')).toEqual([
      'people:dogs/dog',
      'activity:doing taxes/do taxes/does taxes',
      'subject:taxes (plural)',
    ]);
    expect(read('people over 40 learning AI')).toEqual(['activity:learning AI']);
    expect(read('I love my job')).toEqual(['subject:job']);
    expect(read('we using AI')).toEqual(['activity:using AI']);
    expect(read('AI replacing my job')).toEqual(['subject:job']);
    // Times are occasions without a preposition too; "the" stays with one particular thing.
    expect(read('Monday mornings')).toEqual(['occasion:on Monday mornings']);
    expect(read('tax season')).toEqual(['occasion:during tax season']);
    expect(read('the IT department')).toEqual(['subject:the IT department']);
    expect(read('CEOs')).toEqual(['people:CEOs/CEO']);
  });

  it('keeps names and acronyms as typed, and drops banned words without dropping the head noun', () => {
    expect(readTheme('HR managers in Ohio').map(brief)).toEqual(['people:HR managers/HR manager', 'occasion:in Ohio']);
    expect(readTheme('Excel wizards').map(brief)).toEqual(['people:Excel wizards/Excel wizard']);
    expect(readTheme('Excel wizards', ['excel']).map(brief)).toEqual(['people:wizards/wizard']);
    // The activity holds a banned word and goes; its object keeps its head noun.
    expect(readTheme('cats who refactor legacy code', ['legacy']).map(brief)).toEqual(['people:cats/cat', 'subject:code']);
    expect(readTheme('cats who refactor legacy code', ['code']).map(brief)).toEqual(['people:cats/cat']);
  });

  it('inflects words by the usual rules and the common irregulars', () => {
    const gerunds = {
      refactor: 'refactoring',
      code: 'coding',
      run: 'running',
      lie: 'lying',
      see: 'seeing',
      panic: 'panicking',
      begin: 'beginning',
      visit: 'visiting',
      fix: 'fixing',
      play: 'playing',
      use: 'using',
      be: 'being',
      quit: 'quitting',
      sell: 'selling',
      bring: 'bringing',
      using: 'using',
    };
    for (const [verb, gerund] of Object.entries(gerunds)) expect(gerundOf(verb)).toBe(gerund);
    const thirds = { refactor: 'refactors', fix: 'fixes', carry: 'carries', have: 'has', go: 'goes', watch: 'watches', play: 'plays' };
    for (const [verb, third] of Object.entries(thirds)) expect(thirdPersonOf(verb)).toBe(third);
    const singulars = {
      dentists: 'dentist',
      bosses: 'boss',
      secretaries: 'secretary',
      people: 'person',
      women: 'woman',
      coaches: 'coach',
      techies: 'techie',
      nurses: 'nurse',
      wives: 'wife',
      staff: 'staff member',
      business: 'business',
    };
    for (const [many, one] of Object.entries(singulars)) expect(singularOf(many)).toBe(one);
    const plurals = {
      dentist: 'dentists',
      boss: 'bosses',
      secretary: 'secretaries',
      person: 'people',
      attorney: 'attorneys',
      coach: 'coaches',
    };
    for (const [one, many] of Object.entries(plurals)) expect(pluralOf(one)).toBe(many);
    const articles = {
      accountant: 'an',
      dentist: 'a',
      hour: 'an',
      user: 'a',
      SEO: 'an',
      CPA: 'a',
      HR: 'an',
      owl: 'an',
      'uber driver': 'an',
      university: 'a',
    };
    for (const [word, article] of Object.entries(articles)) expect(articleFor(word)).toBe(article);
  });
});

describe('offline concepts: templates', () => {
  it('every template names only gaps the renderer knows, and slot-free ones fit a name or a quote as written', () => {
    for (const t of [...NAMES, ...QUOTES]) expect(() => needsOf(t.text)).not.toThrow();
    for (const t of NAMES) if (needsOf(t.text).length === 0) expect(t.text.length).toBeLessThanOrEqual(80);
    expect(() => needsOf('Hello {nobody}')).toThrow(/nobody/);
  });

  it('a gap only takes its kind of phrase, verbs agree with the noun, and a slot the template already says is left out', () => {
    const slots = readTheme('cats who refactor legacy code, coffee, accountants during tax season');
    // In any order: which slots fit is the point here, not how the theme ranks them.
    const filled = (text: string) =>
      bindingsOf(text, slots)
        .map((b) => render(text, b, 'quote'))
        .sort();
    expect(filled('{people} who prompt.')).toEqual(['Accountants who prompt.', 'Cats who prompt.']);
    expect(filled('Will {do} for tea.')).toEqual(['Will refactor legacy code for tea.']);
    expect(filled('I like {doing}.')).toEqual(['I like refactoring legacy code.']);
    expect(filled("{subject} {isn't} broken.")).toEqual(["Coffee isn't broken.", "Legacy code isn't broken."]);
    expect(filled('Me {context}.')).toEqual(['Me during tax season.']);
    expect(filled("Trust me, I'm {aPerson}.")).toEqual(["Trust me, I'm a cat.", "Trust me, I'm an accountant."]);
    expect(filled('{topic} {is} fine.')).toEqual([
      'Accountants are fine.',
      'Cats are fine.',
      'Coffee is fine.',
      'Legacy code is fine.',
      'Tax season is fine.',
    ]);
    expect(filled('Coffee first, {subject} second.')).toEqual(['Coffee first, legacy code second.']);
    // {thing} is anything but people, {about} anything at all.
    expect(filled('A system for {thing}.')).toEqual([
      'A system for coffee.',
      'A system for legacy code.',
      'A system for refactoring legacy code.',
      'A system for tax season.',
    ]);
    expect(filled('About {about}.')).toHaveLength(6);
    expect(bindingsOf('{people} {context}', slots).length).toBe(2);
    expect(
      render('Chief {subjectMod} Officer', { subject: readTheme('spreadsheets')[0] as Extract<Slot, { kind: 'subject' }> }, 'name'),
    ).toBe('Chief Spreadsheet Officer');
  });
});

describe('offline concepts: grammar of the output', () => {
  const runs = [...THEMES, ...ODD_THEMES].flatMap((theme) => [1, 2, 3].map((seed) => ({ theme, seed, concepts: run(theme, seed) })));

  it('no gap or brace is ever left in a name, quote or description', () => {
    for (const { concepts } of runs) {
      for (const c of concepts) expect(`${c.name} ${c.quote_primary} ${c.description}`).not.toMatch(/[{}]/);
    }
  });

  it('no word is doubled ("the the"), and "a" and "an" agree with the next word', () => {
    for (const { theme, concepts } of runs) {
      for (const c of concepts) {
        const text = `${c.name} | ${c.quote_primary} | ${c.description}`;
        expect(text, theme).not.toMatch(/(?<![\p{L}\p{N}])([\p{L}\p{N}']+)\s+\1(?![\p{L}\p{N}])/iu);
        expect(articleErrors(text), `${theme}: ${text}`).toEqual([]);
      }
    }
  });

  it('a verb phrase from the theme appears in its plain form only in templates written for a verb', () => {
    const verbs: Array<[string, RegExp]> = [
      ['cats who refactor legacy code', /\brefactor legacy code\b/i],
      ['work from home', /\bwork from home\b/i],
      ['people who still use fax machines', /\buse fax machines\b/i],
      ['lawyers who bill by the hour', /\bbill by the hour\b/i],
    ];
    for (const [theme, plain] of verbs) {
      let seen = 0;
      for (const seed of [1, 2, 3, 4, 5]) {
        for (const line of lines(run(theme, seed))) {
          if (!plain.test(line)) continue;
          seen++;
          const sources = sourcesOf(line);
          expect(sources.length, line).toBeGreaterThan(0);
          expect(
            sources.every((t) => /\{do\}/.test(t.text)),
            `${line} ← ${sources.map((t) => t.text).join(' / ')}`,
          ).toBe(true);
        }
      }
      // Verb templates are used at all, so the check above checked something.
      expect(seen, theme).toBeGreaterThan(0);
    }
  });

  it('the slips of the old phrase bank are gone', () => {
    const all = runs.flatMap(({ concepts }) => lines(concepts)).join('\n');
    for (const slip of [
      /experienced in dentists/i,
      /your entrepreneurs prompts/i,
      /about refactor legacy code/i,
      /expert in refactor/i,
      /built on refactor/i,
      /refactor legacy code, still/i,
      /\bcats is\b/i,
      /\ba accountant/i,
    ])
      expect(all).not.toMatch(slip);
  });

  it('stays on theme: nearly every product names the theme in its name or quote', () => {
    const cases: Array<[string, RegExp]> = [
      ['accountants during tax season', /accountants?|tax season/i],
      ['coffee', /coffee/i],
      ['remote work', /remote work/i],
      ['real estate agents', /real estate agents?/i],
      ['work from home', /work(?:ing|s)? from home/i],
      ['people who still use fax machines', /fax machines?/i],
      ['spreadsheets and the accountants who love them', /spreadsheets?|accountants?/i],
      ['cats who refactor legacy code', /cats?\b|refactor|legacy code/i],
    ];
    for (const [theme, words] of cases) {
      for (const seed of [1, 2, 3]) {
        const concepts = run(theme, seed, 20);
        const onTheme = concepts.filter((c) => words.test(`${c.name} | ${c.quote_primary}`)).length;
        expect(onTheme / concepts.length, theme).toBeGreaterThanOrEqual(0.95);
      }
    }
  });

  it('the first product of a run says its topic the way the theme wrote it', () => {
    for (const theme of ['dentists', 'coffee', 'real estate agents', 'remote work']) {
      for (let seed = 1; seed <= 20; seed++) {
        const [first] = run(theme, seed, 1);
        expect(`${first!.name} | ${first!.quote_primary}`, `${theme} #${seed}`).toMatch(new RegExp(`\\b${theme}\\b`, 'i'));
      }
    }
  });

  it('quotes are short enough to print big: most under 70 characters, none over 100', () => {
    const quotes = runs.filter(({ theme }) => THEMES.includes(theme)).flatMap(({ concepts }) => concepts.map((c) => c.quote_primary));
    const short = quotes.filter((q) => q.length <= 70).length;
    expect(short / quotes.length).toBeGreaterThanOrEqual(0.85);
    for (const q of quotes) expect(q.length, q).toBeLessThanOrEqual(100);
  });
});
