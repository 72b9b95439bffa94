import { ConceptSchema, CONCEPT_LIMITS } from '../../concept-schema.ts';
import type { Concept, ConceptProvider, ConceptRequest } from '../../types.ts';
import { checkProductCount } from '../product-count.ts';
import { readGuidelines, type GuidelineHints, type Tone } from './guidelines.ts';
import {
  BRAND_KEYWORDS,
  CATEGORIES,
  CLOSERS,
  FABRIC_LINES,
  NAMES,
  OPENERS,
  PRICES,
  QUOTES,
  WEARERS,
  type CategoryKey,
  type Template,
} from './phrase-bank.ts';
import { hashParts, seededRandom, type Random } from './random.ts';
import { MAX_TOPICS, fallbackTopics, topicsOf, type Topic } from './topics.ts';
import { mentions, sentenceCase, titleCase } from './words.ts';

/**
 * The offline concept generator (the default without OPENAI_API_KEY): on-theme names and quotes from
 * a phrase bank, shaped by the brand guidelines, distinct within a run, and the same for the same
 * seed and request. It never copies the raw theme: only plain words taken from it (see words.ts).
 */

export interface OfflineConceptOptions {
  /** Same seed and request, same concepts; without one every run differs. */
  seed?: number;
}

interface Candidate {
  text: string;
  template: number;
  tone: Tone;
  topic: Topic | undefined;
  category: CategoryKey | undefined;
}

const TONE_WEIGHTS: Record<Tone, number> = { dry: 0.5, playful: 0.25, uplifting: 0.25 };

function fits(template: Template, topic: Topic): boolean {
  switch (template.fits) {
    case undefined:
      return true;
    case 'people':
      return topic.kind === 'people';
    case 'plural':
      return topic.kind !== 'thing';
    case 'singular':
      return topic.kind === 'thing';
    case 'thing':
      return topic.kind !== 'people';
  }
}

function render(text: string, topic: Topic): string {
  return text
    .replaceAll('{topic}', topic.phrase)
    .replaceAll('{Topic}', sentenceCase(topic.phrase))
    .replaceAll('{Title}', titleCase(topic.phrase));
}

const isBanned = (text: string, hints: GuidelineHints) => hints.avoid.some((term) => mentions(text, term));

/** Every rendering of every allowed template, minus banned words, overlong texts and repeats, shuffled. */
function candidates(
  templates: ReadonlyArray<Template & { category?: CategoryKey }>,
  topics: readonly Topic[],
  allowed: ReadonlySet<Tone>,
  hints: GuidelineHints,
  bounds: { min: number; max: number },
  random: Random,
): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  templates.forEach((template, index) => {
    if (!allowed.has(template.tone)) return;
    const topical = template.text.includes('{');
    const renderings: Array<[string, Topic | undefined]> = topical
      ? topics.filter((t) => fits(template, t)).map((t) => [render(template.text, t), t])
      : [[template.text, undefined]];
    for (const [text, topic] of renderings) {
      const key = text.toLowerCase();
      if (seen.has(key) || text.length < bounds.min || text.length > bounds.max || isBanned(text, hints)) continue;
      seen.add(key);
      out.push({ text, template: index, tone: template.tone, topic, category: template.category });
    }
  });
  return random.shuffle(out);
}

interface Want {
  tone: Tone;
  topical: boolean;
  topic: Topic;
}

/** Takes the best remaining candidate, relaxing the wish step by step; undefined when the pool is empty. */
function take(pool: Candidate[], usedTemplates: Set<number>, want: Want): Candidate | undefined {
  const fresh = (c: Candidate) => !usedTemplates.has(c.template);
  const tone = (c: Candidate) => c.tone === want.tone;
  const topical = (c: Candidate) => (c.topic !== undefined) === want.topical;
  const sameTopic = (c: Candidate) => c.topic === want.topic;
  // The tone the guidelines asked for outranks everything else; then the topic; then variety of templates.
  const preferences: Array<(c: Candidate) => boolean> = [
    (c) => tone(c) && topical(c) && (!want.topical || sameTopic(c)) && fresh(c),
    (c) => tone(c) && topical(c) && fresh(c),
    (c) => tone(c) && fresh(c),
    (c) => tone(c) && topical(c),
    (c) => tone(c),
    (c) => topical(c) && fresh(c),
    (c) => fresh(c),
    () => true,
  ];
  for (const accept of preferences) {
    const index = pool.findIndex(accept);
    if (index !== -1) {
      const [chosen] = pool.splice(index, 1);
      usedTemplates.add(chosen!.template);
      return chosen;
    }
  }
  return undefined;
}

function pickTone(hints: GuidelineHints, allowed: ReadonlySet<Tone>, random: Random): Tone {
  if (hints.tone && allowed.has(hints.tone)) return hints.tone;
  const tones = [...allowed];
  const total = tones.reduce((sum, t) => sum + TONE_WEIGHTS[t], 0);
  let roll = random.next() * total;
  for (const t of tones) {
    roll -= TONE_WEIGHTS[t];
    if (roll < 0) return t;
  }
  return tones[0] ?? 'dry';
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

function keywordsFor(hints: GuidelineHints, topics: readonly Topic[], category: CategoryKey): string[] {
  const fromTopics = topics.flatMap((t) => (t.words.length > 1 ? [t.phrase.toLowerCase(), ...t.words] : t.words));
  return unique([...hints.keywords, ...fromTopics, ...CATEGORIES[category].keywords, ...BRAND_KEYWORDS])
    .filter((k) => k.length <= CONCEPT_LIMITS.keyword && !isBanned(k, hints))
    .slice(0, CONCEPT_LIMITS.keywordsMax);
}

function describe(tone: Tone, topic: Topic | undefined, hints: GuidelineHints, random: Random): string {
  const who = topic?.kind === 'people' ? topic.phrase : random.pick(WEARERS);
  const usable = (lines: readonly string[]) => lines.filter((line) => !isBanned(line.replace('{who}', who), hints));
  const parts = [usable(OPENERS[tone]), usable(FABRIC_LINES), usable(CLOSERS)]
    .filter((options) => options.length > 0)
    .map((options) => random.pick(options).replace('{who}', who));
  const text = parts.join(' ');
  return text || 'A soft cotton tee with a bold, funny print.';
}

export class OfflineConceptsExhausted extends Error {
  override name = 'OfflineConceptsExhausted';
}

export function generateOfflineConcepts(request: ConceptRequest, seed: number): Concept[] {
  const count = checkProductCount(request.productCount);
  const hints = readGuidelines(request.guidelines);
  const random = seededRandom(hashParts(seed, request.theme, request.guidelines ?? '', count));

  const fromTheme = topicsOf(request.theme, hints.avoid);
  const topics = [...fromTheme, ...hints.audience.filter((a) => !fromTheme.some((t) => t.phrase === a.phrase))].slice(0, MAX_TOPICS);
  if (topics.length === 0) topics.push(...fallbackTopics(hints.avoid));

  const excluded = new Set(hints.excludedTones);
  const allowed = new Set<Tone>((['dry', 'playful', 'uplifting'] as const).filter((t) => !excluded.has(t)));
  if (allowed.size === 0) allowed.add('dry');

  const names = candidates(NAMES, topics, allowed, hints, { min: 1, max: CONCEPT_LIMITS.name }, random);
  const quotes = candidates(QUOTES, topics, allowed, hints, { min: CONCEPT_LIMITS.quoteMin, max: CONCEPT_LIMITS.quoteMax }, random);
  const usedNameTemplates = new Set<number>();
  const usedQuoteTemplates = new Set<number>();
  // Start the topic rotation anywhere, so small runs do not always lead with the theme's first words.
  const offset = random.int(Math.max(1, topics.length));

  const concepts: Concept[] = [];
  for (let i = 0; i < count; i++) {
    const tone = pickTone(hints, allowed, random);
    const topic = topics[(i + offset) % topics.length];
    // Each product carries its topic in the name, the quote, or both.
    const side = random.pick(['name', 'quote', 'both'] as const);
    const name = topic ? take(names, usedNameTemplates, { tone, topical: side !== 'quote', topic }) : names.shift();
    // If the name could not carry the topic, the quote must.
    const quoteTopical = side !== 'name' || name?.topic === undefined;
    const quote = topic ? take(quotes, usedQuoteTemplates, { tone, topical: quoteTopical, topic }) : quotes.shift();
    if (!name || !quote) {
      throw new OfflineConceptsExhausted(
        `The offline generator ran out of distinct ideas after ${concepts.length} products for this theme and these guidelines; ask for fewer products or relax the words to avoid`,
      );
    }
    const category = quote.category ?? 'ai';
    const used = unique([name.topic, quote.topic].filter((t): t is Topic => t !== undefined).map((t) => t.phrase));
    const usedTopics = topics.filter((t) => used.includes(t.phrase));
    concepts.push(
      ConceptSchema.parse({
        name: name.text,
        description: describe(quote.tone, quote.topic ?? name.topic, hints, random),
        price: random.pick(PRICES),
        category: CATEGORIES[category].name,
        quote_primary: quote.text,
        keywords: keywordsFor(hints, usedTopics.length ? usedTopics : topics.slice(0, 1), category),
      }),
    );
  }
  return concepts;
}

export function createOfflineConceptProvider(options: OfflineConceptOptions = {}): ConceptProvider {
  return {
    async generateConcepts(request, signal) {
      signal?.throwIfAborted();
      const seed = options.seed ?? Math.floor(Math.random() * 2 ** 32);
      return generateOfflineConcepts(request, seed);
    },
  };
}
