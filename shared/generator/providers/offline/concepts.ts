import { ConceptSchema, CONCEPT_LIMITS } from '../../concept-schema.ts';
import type { Concept, ConceptProvider, ConceptRequest } from '../../types.ts';
import { checkProductCount } from '../../../limits/index.ts';
import { readGuidelines, type GuidelineHints, type Tone } from './guidelines.ts';
import {
  ABOUT_LINES,
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
import { nounOf, type Slot } from './slots.ts';
import { bindingsOf, needsOf, render, slotsOf } from './template.ts';
import { MAX_SLOTS, fallbackSlots, readTheme } from './theme.ts';
import { STOPWORDS, escapeRegExp, mentions } from './words.ts';
import type { ErrorKind } from '../../../common/index.ts';

/**
 * The offline concept generator (the default without OPENAI_API_KEY): on-theme names and quotes from
 * a phrase bank, shaped by the brand guidelines, distinct within a run, and the same for the same
 * seed and request. The theme is read into typed phrases (theme.ts) and each template only gets the
 * kind of phrase it was written for; nothing of the raw theme is copied, only its plain words.
 */

export interface OfflineConceptOptions {
  /** Same seed and request, same concepts; without one every run differs. */
  seed?: number;
}

interface Candidate {
  text: string;
  template: number;
  tone: Tone;
  /** The theme's phrases it uses; none for the brand's own jokes. */
  slots: Slot[];
  /** Its template's opening and closing words: a name and a quote sharing them are the same joke told twice. */
  families: string[];
  category: CategoryKey | undefined;
}

const TONE_WEIGHTS: Record<Tone, number> = { dry: 0.5, playful: 0.25, uplifting: 0.25 };

const isBanned = (text: string, hints: GuidelineHints) => hints.avoid.some((term) => mentions(text, term));

/** Every rendering of every allowed template, minus banned words, overlong texts and repeats, shuffled. */
function candidates(
  templates: ReadonlyArray<Template & { category?: CategoryKey }>,
  style: 'name' | 'quote',
  slots: readonly Slot[],
  allowed: ReadonlySet<Tone>,
  hints: GuidelineHints,
  bounds: { min: number; max: number },
  random: Random,
): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  templates.forEach((template, index) => {
    if (!allowed.has(template.tone)) return;
    const renderings: Array<[string | undefined, Slot[]]> =
      needsOf(template.text).length === 0
        ? [[template.text, []]]
        : bindingsOf(template.text, slots)
            .filter((binding) => !template.when || template.when(binding))
            .map((binding) => [render(template.text, binding, style), slotsOf(binding)]);
    for (const [text, used] of renderings) {
      if (text === undefined) continue;
      const key = text.toLowerCase();
      if (seen.has(key) || text.length < bounds.min || text.length > bounds.max || isBanned(text, hints)) continue;
      seen.add(key);
      out.push({
        text,
        template: index,
        tone: template.tone,
        slots: used,
        families: familiesOf(template.text),
        category: template.category,
      });
    }
  });
  return random.shuffle(out);
}

interface Want {
  tone: Tone;
  /** Whether the guidelines asked for the tone, rather than the run drawing it. */
  toneAsked: boolean;
  topical: boolean;
  topic: Slot;
  /** Prefer a line that says the topic as the theme wrote it ("dentists", not "a dentist"). */
  verbatim?: boolean;
}

const bare = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** "Per My Last Email: {topic}" and "Per my last email, {topic} {is} still the priority." share "per my last". */
function familiesOf(template: string): string[] {
  const words = bare(template.replace(/\{[^}]*\}/g, ' '))
    .split(' ')
    .filter(Boolean);
  if (words.length < 2) return [];
  return [...new Set([words.slice(0, 3).join(' '), words.slice(-3).join(' ')])];
}

/** Takes the best remaining candidate, relaxing the wish step by step; undefined when the pool is empty. */
/** What a run has used so far, across names and quotes. */
interface RunMemory {
  /** Lines already printed, so none is printed twice. */
  said: Set<string>;
  families: Set<string>;
}

function take(pool: Candidate[], usedTemplates: Set<number>, memory: RunMemory, want: Want): Candidate | undefined {
  const fresh = (c: Candidate) => !usedTemplates.has(c.template) && !c.families.some((f) => memory.families.has(f));
  const tone = (c: Candidate) => c.tone === want.tone;
  const topical = (c: Candidate) => c.slots.length > 0 === want.topical;
  const sameTopic = (c: Candidate) => c.slots.includes(want.topic);
  const asWritten = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(nounOf(want.topic))}(?![\\p{L}\\p{N}])`, 'iu');
  // A tone the guidelines asked for outranks everything else; a tone drawn at random gives way to the topic.
  const preferences: Array<(c: Candidate) => boolean> = [
    ...(want.verbatim && want.topical
      ? [(c: Candidate) => (!want.toneAsked || tone(c)) && sameTopic(c) && fresh(c) && asWritten.test(c.text)]
      : []),
    (c) => tone(c) && topical(c) && (!want.topical || sameTopic(c)) && fresh(c),
    (c) => tone(c) && topical(c) && fresh(c),
    ...(want.toneAsked ? [] : [(c: Candidate) => topical(c) && fresh(c)]),
    (c) => tone(c) && fresh(c),
    (c) => tone(c) && topical(c),
    (c) => tone(c),
    (c) => topical(c) && fresh(c),
    (c) => fresh(c),
    () => true,
  ];
  for (const accept of preferences) {
    const index = pool.findIndex((c) => accept(c) && !memory.said.has(bare(c.text)));
    if (index !== -1) {
      const [chosen] = pool.splice(index, 1);
      usedTemplates.add(chosen!.template);
      memory.said.add(bare(chosen!.text));
      for (const f of chosen!.families) memory.families.add(f);
      return chosen;
    }
  }
  // Saying a line twice (once as a name, once as a quote) beats running out of ideas.
  return memory.said.size > 0 ? take(pool, usedTemplates, { said: new Set(), families: memory.families }, want) : undefined;
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

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

const keywordWords = (slot: Slot) => slot.words.filter((w) => !STOPWORDS.has(w) && !/^\d+$/.test(w));

function keywordsFor(hints: GuidelineHints, slots: readonly Slot[], category: CategoryKey): string[] {
  const fromSlots = slots.flatMap((s) => (s.words.length > 1 ? [nounOf(s).toLowerCase(), ...keywordWords(s)] : keywordWords(s)));
  return unique([...hints.keywords, ...fromSlots, ...CATEGORIES[category].keywords, ...BRAND_KEYWORDS])
    .filter((k) => k.length <= CONCEPT_LIMITS.keyword && !isBanned(k, hints))
    .slice(0, CONCEPT_LIMITS.keywordsMax);
}

function describe(tone: Tone, slots: readonly Slot[], theme: readonly Slot[], hints: GuidelineHints, random: Random): string {
  // The wearer is the theme's people even when this product's lines are about something else.
  const people = slots.find((s) => s.kind === 'people') ?? theme.find((s) => s.kind === 'people');
  const who = people?.kind === 'people' ? people.plural : random.pick(WEARERS);
  const thing = slots.find((s) => s.kind !== 'people');
  const fill = (line: string) => {
    const withWho = line.replace('{who}', who);
    return thing && withWho.includes('{') ? (render(withWho, { about: thing }, 'quote') ?? '') : withWho;
  };
  const usable = (lines: readonly string[]) => lines.map(fill).filter((line) => line !== '' && !isBanned(line, hints));
  const parts = [usable(OPENERS[tone]), thing ? usable(ABOUT_LINES) : [], usable(FABRIC_LINES), usable(CLOSERS)]
    .filter((options) => options.length > 0)
    .map((options) => random.pick(options));
  const text = parts.join(' ');
  return text || 'A soft cotton tee with a bold, funny print.';
}

export class OfflineConceptsExhausted extends Error {
  readonly kind: ErrorKind = 'unprocessable';
  override name = 'OfflineConceptsExhausted';
}

export function generateOfflineConcepts(request: ConceptRequest, seed: number): Concept[] {
  const count = checkProductCount(request.productCount);
  const hints = readGuidelines(request.guidelines);
  const random = seededRandom(hashParts(seed, request.theme, request.guidelines ?? '', count));

  const fromTheme = readTheme(request.theme, hints.avoid);
  const topics = [...fromTheme, ...hints.audience.filter((a) => !fromTheme.some((t) => t.key === a.key))].slice(0, MAX_SLOTS);
  if (topics.length === 0) topics.push(...fallbackSlots(hints.avoid));

  const excluded = new Set(hints.excludedTones);
  const allowed = new Set<Tone>((['dry', 'playful', 'uplifting'] as const).filter((t) => !excluded.has(t)));
  if (allowed.size === 0) allowed.add('dry');

  const names = candidates(NAMES, 'name', topics, allowed, hints, { min: 1, max: CONCEPT_LIMITS.name }, random);
  const quotes = candidates(
    QUOTES,
    'quote',
    topics,
    allowed,
    hints,
    { min: CONCEPT_LIMITS.quoteMin, max: CONCEPT_LIMITS.quoteMax },
    random,
  );
  const usedNameTemplates = new Set<number>();
  const usedQuoteTemplates = new Set<number>();
  // Names and quotes of a run never say the same line, and rather not the same joke twice.
  const memory: RunMemory = { said: new Set(), families: new Set() };
  // Start the topic rotation anywhere, so small runs do not always lead with the theme's first words.
  const offset = random.int(Math.max(1, topics.length));

  const toneAsked = hints.tone !== undefined && allowed.has(hints.tone);
  const concepts: Concept[] = [];
  for (let i = 0; i < count; i++) {
    const tone = pickTone(hints, allowed, random);
    const topic = topics[(i + offset) % topics.length];
    // The first product says its topic the way the theme did, so a run of one or two is plainly on theme.
    // Each product carries its topic in the name, the quote, or both.
    const side = random.pick(['name', 'quote', 'both'] as const);
    const name = topic
      ? take(names, usedNameTemplates, memory, { tone, toneAsked, topical: side !== 'quote', topic, verbatim: i === 0 })
      : names.shift();
    // If the name could not carry the topic, the quote must.
    const quoteTopical = side !== 'name' || name?.slots.length === 0;
    const quote = topic
      ? take(quotes, usedQuoteTemplates, memory, { tone, toneAsked, topical: quoteTopical, topic, verbatim: i === 0 })
      : quotes.shift();
    if (!name || !quote) {
      throw new OfflineConceptsExhausted(
        `The offline generator ran out of distinct ideas after ${concepts.length} products for this theme and these guidelines; ask for fewer products or relax the words to avoid`,
      );
    }
    const category = quote.category ?? 'ai';
    const used = unique([...(name?.slots ?? []), ...quote.slots]);
    concepts.push(
      ConceptSchema.parse({
        name: name.text,
        description: describe(quote.tone, used, topics, hints, random),
        price: random.pick(PRICES),
        category: CATEGORIES[category].name,
        quote_primary: quote.text,
        keywords: keywordsFor(hints, used.length ? used : topics.slice(0, 1), category),
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
