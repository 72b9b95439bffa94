import fc from 'fast-check';
import { zodResponseFormat } from 'openai/helpers/zod';
import { describe, expect, it } from 'vitest';
import { ConceptValidationError, conceptsWireAnswer, parseConceptsAnswer } from '../../shared/generator/index.ts';
import type { Concept } from '../../shared/generator/browser.ts';

const good: Concept = {
  name: 'Chief Prompt Officer',
  description: 'A tee for people who prompt.',
  price: 24.99,
  category: 'AI Humor',
  quote_primary: 'Per my last prompt.',
  keywords: ['ai', 'prompts'],
};

const messageFor = (patch: Record<string, unknown>): string => {
  try {
    parseConceptsAnswer({ products: [{ ...good, ...patch }] });
  } catch (error) {
    expect(error).toBeInstanceOf(ConceptValidationError);
    return (error as Error).message;
  }
  throw new Error('expected a validation error');
};

describe('concept schema', () => {
  it('accepts a good concept, rounds the price to cents and tidies whitespace', () => {
    const [c] = parseConceptsAnswer({
      products: [{ ...good, price: 19.999, name: '  Chief\tPrompt  Officer ', quote_primary: 'Per my\nlast prompt.' }],
    });
    expect(c).toEqual({ ...good, price: 20, quote_primary: 'Per my last prompt.' });
  });

  it.each([
    [{ name: 'x'.repeat(81) }, 'products[0]: name must be at most 80 characters'],
    [{ name: '   ' }, 'products[0]: name must not be empty'],
    [{ description: 'x'.repeat(601) }, 'products[0]: description must be at most 600 characters'],
    [{ price: 0 }, 'products[0]: price must be more than 0'],
    [{ price: '24.99' }, 'products[0]: price must be a number'],
    [{ price: 0.001 }, 'products[0]: price must be at least 0.01'],
    [{ category: 'x'.repeat(41) }, 'products[0]: category must be at most 40 characters'],
    [{ quote_primary: 'ab' }, 'products[0]: quote_primary must be at least 3 characters'],
    [{ quote_primary: 'x'.repeat(201) }, 'products[0]: quote_primary must be at most 200 characters'],
    [{ keywords: [] }, 'products[0]: keywords must have at least 1 entry'],
    [{ keywords: Array.from({ length: 11 }, (_, i) => `k${i}`) }, 'products[0]: keywords must have at most 10 entries'],
    [{ keywords: ['ok', 'x'.repeat(41)] }, 'products[0].keywords[1]: each keyword must be at most 40 characters'],
    [{ keywords: undefined }, 'products[0]: keywords is missing'],
  ])('%j is refused with a message naming the field', (patch, message) => {
    expect(messageFor(patch)).toBe(message);
  });

  it('reports at most three problems, and how many more there were', () => {
    expect(() => parseConceptsAnswer({ products: [{}] })).toThrow(
      'products[0]: name is missing; products[0]: description is missing; products[0]: price is missing (and 3 more)',
    );
    expect(() => parseConceptsAnswer('nope')).toThrow('the answer must be an object with a products list');
    expect(() => parseConceptsAnswer({ products: [] })).toThrow('products must have at least 1 entry');
  });

  it('never crashes on arbitrary input: it either returns concepts or throws a validation error', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        try {
          parseConceptsAnswer(value);
        } catch (error) {
          expect(error).toBeInstanceOf(ConceptValidationError);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the structured-output format requires every field, fixes the count, and uses only keywords strict mode accepts', () => {
    const format = zodResponseFormat(conceptsWireAnswer(4), 'product_concepts');
    const schema = format.json_schema.schema as {
      properties: { products: { minItems: number; maxItems: number; items: { required: string[]; additionalProperties: boolean } } };
    };
    expect(format.json_schema.strict).toBe(true);
    expect(schema.properties.products.minItems).toBe(4);
    expect(schema.properties.products.maxItems).toBe(4);
    expect(schema.properties.products.items.required.sort()).toEqual([
      'category',
      'description',
      'keywords',
      'name',
      'price',
      'quote_primary',
    ]);
    expect(schema.properties.products.items.additionalProperties).toBe(false);
    expect(JSON.stringify(schema)).not.toMatch(/minLength|maxLength|"default"/);
  });
});
