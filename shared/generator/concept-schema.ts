import { z } from 'zod';
import { CONCEPT_LIMITS, MAX_PRODUCT_COUNT } from '../limits/index.ts';
import type { Concept } from './types.ts';
import type { ErrorKind } from '../common/index.ts';

/**
 * Product concepts as zod schemas, in two strengths:
 * - the wire schema, handed to OpenAI as a structured-output format: every field required, and only
 *   JSON Schema keywords strict mode accepts (types, item counts; no string lengths);
 * - the validation schema, applied to anything that claims to be concepts (model output, API bodies),
 *   with the bounds the designs and the shop need and messages that name the field.
 */

export { CONCEPT_LIMITS };

// Control characters never belong in a title, quote or tag; runs of whitespace become one space.
const cleanLine = (s: string) =>
  s
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
// Descriptions may keep line breaks, but nothing else invisible.
const cleanText = (s: string) =>
  s
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\n]+/gu, ' ')
    .replace(/[^\S\n]+/g, ' ')
    .trim();

function boundedText(field: string, min: number, max: number, clean: (s: string) => string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is missing` : `${field} must be text`) })
    .transform(clean)
    .pipe(
      z
        .string()
        .min(min, min === 1 ? `${field} must not be empty` : `${field} must be at least ${min} characters`)
        .max(max, `${field} must be at most ${max} characters`),
    );
}

const roundToCents = (n: number) => Math.round(n * 100) / 100;

export const ConceptSchema = z.object(
  {
    name: boundedText('name', 1, CONCEPT_LIMITS.name, cleanLine),
    description: boundedText('description', 1, CONCEPT_LIMITS.description, cleanText),
    price: z
      .number({ error: (issue) => (issue.input === undefined ? 'price is missing' : 'price must be a number') })
      .positive('price must be more than 0')
      .max(CONCEPT_LIMITS.priceMax, `price must be at most ${CONCEPT_LIMITS.priceMax}`)
      .transform(roundToCents)
      .pipe(z.number().positive('price must be at least 0.01')),
    category: boundedText('category', 1, CONCEPT_LIMITS.category, cleanLine),
    quote_primary: boundedText('quote_primary', CONCEPT_LIMITS.quoteMin, CONCEPT_LIMITS.quoteMax, cleanLine),
    keywords: z
      .array(boundedText('each keyword', 1, CONCEPT_LIMITS.keyword, cleanLine), {
        error: (issue) => (issue.input === undefined ? 'keywords is missing' : 'keywords must be a list of text'),
      })
      .min(1, 'keywords must have at least 1 entry')
      .max(CONCEPT_LIMITS.keywordsMax, `keywords must have at most ${CONCEPT_LIMITS.keywordsMax} entries`),
  },
  { error: 'each product must be an object' },
);

export const ConceptsAnswerSchema = z.object(
  {
    products: z
      .array(ConceptSchema, { error: 'products must be a list' })
      .min(1, 'products must have at least 1 entry')
      .max(MAX_PRODUCT_COUNT, `products must have at most ${MAX_PRODUCT_COUNT} entries`),
  },
  { error: 'the answer must be an object with a products list' },
);

// The validated type is exactly the pipeline's Concept; a drift in either breaks the build here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const conceptTypesAgree: Same<z.infer<typeof ConceptSchema>, Concept> = true;
void conceptTypesAgree;

/** The concept shape as a structured-output format: all fields required, bounds stated in words. */
export const ConceptWireSchema = z.object({
  name: z.string().describe(`Product name, at most ${CONCEPT_LIMITS.name} characters`),
  description: z.string().describe(`Product description for the shop, at most ${CONCEPT_LIMITS.description} characters`),
  price: z.number().describe('Price in US dollars, between 19.99 and 34.99, ending in .99'),
  category: z.string().describe(`Short category, at most ${CONCEPT_LIMITS.category} characters`),
  quote_primary: z
    .string()
    .describe(`The funny quote printed on the shirt, ${CONCEPT_LIMITS.quoteMin} to ${CONCEPT_LIMITS.quoteMax} characters`),
  keywords: z.array(z.string()).describe(`1 to ${CONCEPT_LIMITS.keywordsMax} short search keywords`),
});

/**
 * `{products: [...]}` asking for exactly `count` items. The count goes into the JSON Schema only (as
 * metadata), not into parsing, so a wrong count reaches our own check and its plain message.
 */
export function conceptsWireAnswer(count: number) {
  return z.object({ products: z.array(ConceptWireSchema).meta({ minItems: count, maxItems: count }) });
}

function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`;
  return out;
}

/** A ZodError as one readable line: the first few problems, each with the field it concerns. */
export function describeIssues(error: z.ZodError, max = 3): string {
  const lines = error.issues.slice(0, max).map((issue) => {
    const last = issue.path.at(-1);
    // Messages already name their field, so the path only has to say which product it was.
    const named = typeof last === 'string' && issue.message.startsWith(last);
    const where = issuePath(named ? issue.path.slice(0, -1) : issue.path);
    return where ? `${where}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length - lines.length;
  return lines.join('; ') + (more > 0 ? ` (and ${more} more)` : '');
}

export class ConceptValidationError extends Error {
  readonly kind: ErrorKind = 'upstream';
  override name = 'ConceptValidationError';
}

/** Validates anything that claims to be a concepts answer; throws a ConceptValidationError naming the fields. */
export function parseConceptsAnswer(value: unknown): Concept[] {
  const result = ConceptsAnswerSchema.safeParse(value);
  if (!result.success) throw new ConceptValidationError(describeIssues(result.error));
  return result.data.products;
}
