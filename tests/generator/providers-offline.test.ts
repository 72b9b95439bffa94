import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import { ConceptsAnswerSchema } from '../../shared/generator/index.ts';
import { MAX_GUIDELINES_CHARS } from '../../shared/limits/index.ts';
import { createOfflineConceptProvider, generateOfflineConcepts } from '../../shared/generator/providers/offline/concepts.ts';
import { QUOTES, type QuoteTemplate } from '../../shared/generator/providers/offline/phrase-bank.ts';
import type { Concept, ConceptRequest } from '../../shared/generator/browser.ts';

const request = (theme: string, productCount = 6, guidelines?: string): ConceptRequest => ({
  productCount,
  theme,
  brand: BRAND,
  ...(guidelines === undefined ? {} : { guidelines }),
});

const run = (theme: string, seed: number, productCount = 20, guidelines?: string) =>
  generateOfflineConcepts(request(theme, productCount, guidelines), seed);

const THEMES = [
  'cats who refactor legacy code',
  'AI quotes for entrepreneurs and small business owners',
  'dentists',
  'spreadsheets and the accountants who love them',
  'remote work',
];

const textOf = (c: Concept) => [c.name, c.description, c.category, c.quote_primary, ...c.keywords].join(' \n ');

function templateRegex(template: QuoteTemplate): RegExp {
  const escaped = template.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\\\{[A-Za-z']+\\\}/g, '.*')}$`, 'i');
}

const toneOfQuote = (quote: string) => QUOTES.filter((t) => templateRegex(t).test(quote)).map((t) => t.tone);

describe('offline concepts', () => {
  it('is deterministic for a seed, and different seeds give different runs', () => {
    for (const theme of THEMES) {
      expect(run(theme, 1234)).toEqual(run(theme, 1234));
      const names = (seed: number) => run(theme, seed, 6).map((c) => c.name);
      expect(names(1)).not.toEqual(names(2));
    }
  });

  it('the provider honours its seed option, and varies from run to run without one', async () => {
    const seeded = createOfflineConceptProvider({ seed: 99 });
    const first = await seeded.generateConcepts(request('dentists', 6));
    expect(await createOfflineConceptProvider({ seed: 99 }).generateConcepts(request('dentists', 6))).toEqual(first);

    const unseeded = createOfflineConceptProvider();
    const runs = await Promise.all(Array.from({ length: 4 }, () => unseeded.generateConcepts(request('dentists', 6))));
    const distinctRuns = new Set(runs.map((r) => JSON.stringify(r)));
    expect(distinctRuns.size).toBeGreaterThan(1);
  });

  it('never repeats a name or a quote within a run of 20', () => {
    for (const theme of THEMES) {
      for (const seed of [1, 2, 3, 4, 5]) {
        const concepts = run(theme, seed, 20);
        expect(concepts).toHaveLength(20);
        expect(new Set(concepts.map((c) => c.name.toLowerCase())).size).toBe(20);
        expect(new Set(concepts.map((c) => c.quote_primary.toLowerCase())).size).toBe(20);
      }
    }
  });

  it('prices are x.99 between 19.99 and 34.99; quotes are 3–200 characters; everything passes the schema', () => {
    for (const theme of THEMES) {
      const concepts = run(theme, 7, 20);
      for (const c of concepts) {
        expect(c.price).toBeGreaterThanOrEqual(19.99);
        expect(c.price).toBeLessThanOrEqual(34.99);
        expect(Math.round(c.price * 100) % 100).toBe(99);
        expect(c.quote_primary.length).toBeGreaterThanOrEqual(3);
        expect(c.quote_primary.length).toBeLessThanOrEqual(200);
        expect(c.keywords.length).toBeGreaterThanOrEqual(1);
        expect(c.category.length).toBeGreaterThan(0);
      }
      expect(ConceptsAnswerSchema.parse({ products: concepts }).products).toEqual(concepts);
      expect(new Set(concepts.map((c) => c.price)).size).toBeGreaterThan(3);
      expect(new Set(concepts.map((c) => c.category)).size).toBeGreaterThan(2);
    }
  });

  it('stays on theme: the theme’s words are in the name or quote of every product, and in its keywords', () => {
    const cases: Array<[string, RegExp]> = [
      ['cats who refactor legacy code', /\b(cats?|refactor|legacy|code)\b/i],
      ['AI quotes for entrepreneurs and small business owners', /\b(entrepreneurs?|small business|owners?)\b/i],
      ['dentists', /\bdentists?\b/i],
    ];
    for (const [theme, words] of cases) {
      for (const seed of [10, 20, 30]) {
        const concepts = run(theme, seed, 12);
        for (const c of concepts) {
          expect(`${c.name} | ${c.quote_primary}`).toMatch(words);
          expect(c.keywords.join(' ')).toMatch(words);
        }
      }
    }
  });

  it('avoids every word the guidelines ban, everywhere', () => {
    const guidelines = 'Avoid coffee, meetings and spreadsheets. Never use the word "hallucination".';
    for (const seed of [1, 2, 3]) {
      const concepts = run('AI quotes for entrepreneurs and small business owners', seed, 20, guidelines);
      expect(concepts).toHaveLength(20);
      for (const c of concepts) expect(textOf(c)).not.toMatch(/coffee|meeting|spreadsheet|hallucinat/i);
    }
    // The same run without the guidelines does use those words, so the test can tell the difference.
    const unguided = run('AI quotes for entrepreneurs and small business owners', 1, 20).map(textOf).join(' ');
    expect(unguided).toMatch(/coffee|meeting|spreadsheet|hallucinat/i);
  });

  it('reads guidelines to their last allowed character: a ban at the end still counts', () => {
    const ban = ' Avoid coffee, meetings and spreadsheets. Never use the word "hallucination".';
    const guidelines = `${'Keep the jokes kind and about work. '.repeat(60).slice(0, MAX_GUIDELINES_CHARS - ban.length)}${ban}`;
    expect(guidelines).toHaveLength(MAX_GUIDELINES_CHARS);
    const concepts = run('AI quotes for entrepreneurs and small business owners', 1, 20, guidelines);
    for (const c of concepts) expect(textOf(c)).not.toMatch(/coffee|meeting|spreadsheet|hallucinat/i);
  });

  it('drops a banned word from the topics even when the theme contains it', () => {
    const concepts = run('Excel wizards', 4, 10, 'No puns about Excel.');
    for (const c of concepts) expect(textOf(c)).not.toMatch(/excel/i);
    expect(concepts.some((c) => /wizards/i.test(`${c.name} ${c.quote_primary}`))).toBe(true);
  });

  it('a tone in the guidelines picks the phrase bank; a ruled-out tone is never used', () => {
    const wholesome = run('dentists', 5, 8, 'Keep it wholesome and motivational.');
    for (const c of wholesome) expect(toneOfQuote(c.quote_primary)).toContain('uplifting');

    for (const seed of [1, 2, 3]) {
      const noPuns = run('dentists', seed, 20, 'No puns, nothing silly.');
      for (const c of noPuns) expect(toneOfQuote(c.quote_primary)).not.toContain('playful');
    }
    // Without guidelines a run of 20 mixes tones.
    const mixed = new Set(run('dentists', 1, 20).flatMap((c) => toneOfQuote(c.quote_primary)));
    expect(mixed.size).toBeGreaterThan(1);
  });

  it('an audience in the guidelines joins the theme’s topics', () => {
    const concepts = run('spreadsheets', 3, 10, 'Audience: dentists and hygienists.');
    const mentioning = concepts.filter((c) => /dentists|hygienists/i.test(`${c.name} ${c.quote_primary} ${c.description}`));
    expect(mentioning.length).toBeGreaterThanOrEqual(3);
    const without = run('spreadsheets', 3, 10);
    expect(without.some((c) => /dentists|hygienists/i.test(textOf(c)))).toBe(false);
  });

  it('keywords named in the guidelines join every product’s keywords', () => {
    const concepts = run('remote work', 8, 10, 'Keywords: gift for boss, office party.');
    for (const c of concepts) {
      expect(c.keywords).toContain('gift for boss');
      expect(c.keywords).toContain('office party');
      expect(c.keywords.length).toBeLessThanOrEqual(10);
    }
  });

  it('hostile themes still give valid concepts, and none of their markup, quotes or marks comes through', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '&amp; & && "quoted" \'single\' `tick`',
      '🤖🔥💼 emoji only 🙃',
      '☕️ & ❤️ coffee ✌🏽 lovers 👩‍💻',
      '\u202Eevil RTL\u200F mark \u200Bzero width',
      '</text><image href=x onerror=alert(1)>',
      'x'.repeat(500),
      Array.from({ length: 60 }, (_, i) => `word${i}`)
        .join(' ')
        .slice(0, 500),
      '',
      '   ',
    ];
    for (const theme of hostile) {
      const concepts = run(theme, 11, 20);
      expect(ConceptsAnswerSchema.safeParse({ products: concepts }).success).toBe(true);
      expect(new Set(concepts.map((c) => c.name)).size).toBe(20);
      for (const c of concepts) {
        const text = textOf(c);
        expect(text).not.toMatch(/[<>"`]/);
        expect(text).not.toMatch(/[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/);
        expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
        // Nor the variation selectors and skin tones an emoji leaves behind when it is cut out.
        expect(text).not.toMatch(/[\uFE00-\uFE0F]|\p{Emoji_Modifier}/u);
        // Plain words of the theme may survive ("onerror" is just a word then), never its syntax.
        expect(text).not.toMatch(/onerror\s*=|href\s*=|&amp;|alert\(/i);
      }
    }
  });

  it('any theme and any guidelines give valid, distinct concepts (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.option(fc.string({ unit: 'binary', maxLength: 300 }), { nil: undefined }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (theme, guidelines, count, seed) => {
          const concepts = generateOfflineConcepts(request(theme, count, guidelines), seed);
          expect(concepts).toHaveLength(count);
          expect(ConceptsAnswerSchema.safeParse({ products: concepts }).success).toBe(true);
          expect(new Set(concepts.map((c) => c.name.toLowerCase())).size).toBe(count);
          expect(new Set(concepts.map((c) => c.quote_primary.toLowerCase())).size).toBe(count);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses a product count outside 1–20 with a message naming it', async () => {
    const provider = createOfflineConceptProvider({ seed: 1 });
    await expect(provider.generateConcepts(request('dentists', 0))).rejects.toThrow(
      'productCount must be a whole number from 1 to 20 (got 0)',
    );
    await expect(provider.generateConcepts(request('dentists', 21))).rejects.toThrow('(got 21)');
    await expect(provider.generateConcepts(request('dentists', 2.5))).rejects.toThrow('(got 2.5)');
  });
});
