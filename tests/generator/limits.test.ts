import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { parseCount } from '../../cli/commands/generate-options.ts';
import { BRAND } from '../../shared/common/index.ts';
import { kindOf } from '../../shared/common/index.ts';
import { createOfflineConceptProvider } from '../../shared/generator/providers/offline/concepts.ts';
import { checkProductCount, DEFAULT_PRODUCT_COUNT, productCountMessage } from '../../shared/limits/index.ts';
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
