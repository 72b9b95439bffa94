import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { parseCount, parseGuidelines, parseOut, parseTheme } from '../../cli/commands/generate-options.ts';
import { BRAND } from '../../shared/common/index.ts';
import { kindOf } from '../../shared/common/index.ts';
import { createOfflineConceptProvider } from '../../shared/generator/providers/offline/concepts.ts';
import { normalizeUntrusted } from '../../shared/generator/providers/offline/words.ts';
import { quoteUntrusted } from '../../shared/generator/providers/openai/concept-prompt.ts';
import {
  checkProductCount,
  DEFAULT_PRODUCT_COUNT,
  excerpt,
  MAX_GUIDELINES_CHARS,
  MAX_QUOTED_CHARS,
  MAX_THEME_CHARS,
  productCountMessage,
  textLength,
} from '../../shared/limits/index.ts';
import { ConceptsRequestSchema, parseBody, StartRunSchema } from '../../site/features/generator/server/request-schemas.ts';

/** The product count is one rule with one message, whether it comes from a flag, a request body or a provider call. */

const body = (productCount: unknown) => ({ productCount, theme: 'cats', brand: BRAND });

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('the product-count rule', () => {
  it.each([
    [0, 'productCount must be a whole number from 1 to 20 (got 0)'],
    [21, 'productCount must be a whole number from 1 to 20 (got 21)'],
    [2.5, 'productCount must be a whole number from 1 to 20 (got 2.5)'],
    ['six', 'productCount must be a whole number from 1 to 20 (got "six")'],
  ])('%j gets the same message from the API, the CLI and the providers', async (count, message) => {
    expect(productCountMessage(count)).toBe(message);
    expect(messageOf(() => parseBody(ConceptsRequestSchema, body(count)))).toBe(message);
    // The runs API's body calls the field `count`: the same rule and message, under that name.
    expect(messageOf(() => parseBody(StartRunSchema, { count }))).toBe(message.replace(/^productCount/, 'count'));
    expect(messageOf(() => checkProductCount(count))).toBe(message);
    const cli = messageOf(() => parseCount(String(count)));
    expect(cli).toBe(message);
    expect(() => parseCount(String(count))).toThrow(InvalidArgumentError);
    const provider = createOfflineConceptProvider({ seed: 1 });
    const refused = await provider
      .generateConcepts({ productCount: count as number, theme: 'cats', brand: BRAND })
      .catch((e: unknown) => e);
    expect((refused as Error).message).toBe(message);
    expect(kindOf(refused)).toBe('unprocessable');
  });

  it('accepts 1 to 20 everywhere', () => {
    for (const count of [1, DEFAULT_PRODUCT_COUNT, 20]) {
      expect(parseBody(ConceptsRequestSchema, body(count)).productCount).toBe(count);
      expect(parseBody(StartRunSchema, { count }).count).toBe(count);
      expect(checkProductCount(count)).toBe(count);
      expect(parseCount(` ${count} `)).toBe(count);
    }
  });
});

describe('text limits', () => {
  it('count characters as a person does: code points, so an emoji is one', () => {
    expect(textLength('')).toBe(0);
    expect(textLength('cats')).toBe(4);
    expect(textLength('😀'.repeat(300))).toBe(300);
    expect(textLength('日本語𠮷')).toBe(4);
    expect(parseTheme('😀'.repeat(MAX_THEME_CHARS))).toBe('😀'.repeat(MAX_THEME_CHARS));
    expect(parseGuidelines(` ${'🎨'.repeat(MAX_GUIDELINES_CHARS)} `)).toBe('🎨'.repeat(MAX_GUIDELINES_CHARS));
    expect(messageOf(() => parseTheme('😀'.repeat(MAX_THEME_CHARS + 1)))).toBe('must be at most 500 characters (got 501).');
    expect(messageOf(() => parseGuidelines('🎨'.repeat(MAX_GUIDELINES_CHARS + 1)))).toBe('must be at most 2000 characters (got 2001).');
  });

  it('the API and the prompts count the same way as the CLI: a theme of emoji within the limit goes whole into the prompt', () => {
    const emoji = '😀'.repeat(300);
    expect(parseBody(ConceptsRequestSchema, { ...body(1), theme: emoji }).theme).toBe(emoji);
    expect(parseBody(StartRunSchema, { count: 1, theme: emoji, guidelines: '🎨'.repeat(MAX_GUIDELINES_CHARS) }).theme).toBe(emoji);
    expect(messageOf(() => parseBody(ConceptsRequestSchema, { ...body(1), theme: '😀'.repeat(MAX_THEME_CHARS + 1) }))).toBe(
      'theme must be at most 500 characters',
    );
    expect(messageOf(() => parseBody(StartRunSchema, { count: 1, guidelines: '🎨'.repeat(MAX_GUIDELINES_CHARS + 1) }))).toBe(
      'guidelines must be at most 2000 characters',
    );
    expect(quoteUntrusted(emoji, MAX_THEME_CHARS)).toBe(JSON.stringify(emoji));
    expect(quoteUntrusted('😀'.repeat(MAX_THEME_CHARS + 1), MAX_THEME_CHARS)).toBe(JSON.stringify(`${'😀'.repeat(MAX_THEME_CHARS)}…`));
    expect(normalizeUntrusted('🎨'.repeat(MAX_GUIDELINES_CHARS))).toBe('🎨'.repeat(MAX_GUIDELINES_CHARS));
  });

  it('a refused value is quoted by its first characters, never cut inside one', () => {
    const short = 'a'.repeat(MAX_QUOTED_CHARS);
    expect(excerpt(short)).toBe(short);
    expect(excerpt(`${short}b`)).toBe(`${short}…`);
    expect(excerpt('😀'.repeat(MAX_QUOTED_CHARS + 1))).toBe(`${'😀'.repeat(MAX_QUOTED_CHARS)}…`);
    expect(excerpt('😀'.repeat(MAX_QUOTED_CHARS))).toBe('😀'.repeat(MAX_QUOTED_CHARS));
    // The count rule's message too, wherever the count comes from.
    expect(productCountMessage('x'.repeat(10_000))).toBe(`productCount must be a whole number from 1 to 20 (got "${'x'.repeat(40)}…")`);
    expect(productCountMessage(Array.from({ length: 1000 }, () => 1))).toBe(
      `productCount must be a whole number from 1 to 20 (got ${'[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1'}…)`,
    );
  });

  it('--out may be any folder name but not nothing', () => {
    expect(parseOut(' designs ')).toBe(' designs ');
    for (const blank of ['', '   ', '\t']) expect(messageOf(() => parseOut(blank))).toBe('must not be empty.');
    expect(() => parseOut('')).toThrow(InvalidArgumentError);
  });
});
