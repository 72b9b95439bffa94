import { z } from 'zod';
import { ConceptSchema, CONCEPT_LIMITS, describeIssues } from '../../../../shared/generator/index.ts';
import { GENERATOR_MESSAGES } from '../../../../shared/generator/browser.ts';
import {
  DEFAULT_THEME,
  isProductCount,
  MAX_GUIDELINES_CHARS,
  MAX_THEME_CHARS,
  productCountMessage,
  textLength,
} from '../../../../shared/limits/index.ts';
import { designFileFromUrl } from './design-urls.ts';
import { ApiError } from '../../../server/http/api-error.ts';

/**
 * The generator API's request bodies (the original backend functions' names and shapes), validated
 * with messages that name the field. The count is enforced here, not only hinted at by the page.
 */

/** At most `max` characters as a person counts them (code points: an emoji is one), as the CLI counts. */
const atMost = (field: string, max: number) =>
  [(value: string) => textLength(value) <= max, `${field} must be at most ${max} characters`] as const;

const text = (field: string, max: number, min = 1) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is missing` : `${field} must be text`) })
    .trim()
    .min(min, min === 1 ? `${field} must not be empty` : `${field} must be at least ${min} characters`)
    .refine(...atMost(field, max));

// Brand guidelines are optional free text; an empty box is the same as none.
const guidelines = z
  .string({ error: 'guidelines must be text' })
  .trim()
  .refine(...atMost('guidelines', MAX_GUIDELINES_CHARS))
  .nullish()
  .transform((value) => value || undefined);

/** The one product-count rule and its one message (shared/limits), as the CLI and the providers say it, naming `field` as sent. */
const productCount = (field?: string) => z.custom<number>(isProductCount, { error: (issue) => productCountMessage(issue.input, field) });

const hexColors = z
  .array(z.string().regex(/^#[0-9a-f]{6}$/i, 'each color must be a hex color like #fe972e'), {
    error: (issue) => (issue.input === undefined ? 'colors is missing' : 'colors must be a list of hex colors'),
  })
  .min(1, 'colors must have at least 1 entry')
  .max(8, 'colors must have at most 8 entries');

export const BrandSchema = z.object(
  {
    name: text('name', 80),
    voice: text('voice', 500),
    audience: text('audience', 500),
    colors: hexColors,
    fonts: z.array(text('each font', 60), { error: 'fonts must be a list of font names' }).max(6, 'fonts must have at most 6 entries'),
  },
  { error: (issue) => (issue.input === undefined ? 'brand is missing' : 'brand must be an object') },
);

export const ConceptsRequestSchema = z.object(
  {
    productCount: productCount(),
    theme: text('theme', MAX_THEME_CHARS),
    brand: BrandSchema,
    guidelines,
  },
  { error: 'The body must be a JSON object' },
);

export const DesignRequestSchema = z.object(
  {
    productName: text('productName', CONCEPT_LIMITS.name),
    quote: text('quote', CONCEPT_LIMITS.quoteMax, CONCEPT_LIMITS.quoteMin),
    category: text('category', CONCEPT_LIMITS.category),
    colors: hexColors,
  },
  { error: 'The body must be a JSON object' },
);

const imageUrl = z
  .string({
    error: (issue) => (issue.input === undefined || issue.input === null ? GENERATOR_MESSAGES.noDesignImage : 'imageUrl must be text'),
  })
  .min(1, GENERATOR_MESSAGES.noDesignImage)
  .refine((url) => designFileFromUrl(url) !== undefined, 'imageUrl must be a design made by this server (/api/designs/…)');

/** The print file that goes to the shop with the product: one of this server's `…-print.png` designs. */
const printUrl = z
  .string({ error: 'printUrl must be text' })
  .refine(
    (url) => designFileFromUrl(url)?.endsWith('-print.png') === true,
    'printUrl must be a print file made by this server (/api/designs/…-print.png)',
  )
  .optional();

export const PublishRequestSchema = z.object(
  {
    product: ConceptSchema.omit({ quote_primary: true }).extend({ imageUrl, printUrl }),
  },
  { error: 'The body must be a JSON object' },
);

/** POST /api/generator-runs: a new run, as the settings card sends it (an empty theme runs with the default). */
export const StartRunSchema = z.object(
  {
    count: productCount('count'),
    theme: z
      .string({ error: 'theme must be text' })
      .trim()
      .refine(...atMost('theme', MAX_THEME_CHARS))
      .optional()
      .transform((value) => value || DEFAULT_THEME),
    guidelines,
  },
  { error: 'The body must be a JSON object' },
);

/** The card's Edit: any of these fields, with the limits of generation, each failure naming its field. */
export const EditProductSchema = ConceptSchema.pick({ name: true, quote_primary: true, description: true, price: true, category: true })
  .partial()
  .strict()
  .refine((edit) => Object.keys(edit).length > 0, 'Change at least one of name, quote_primary, description, price, category');

/** Publish All Ready (no indices) or one card's Publish (its index). */
export const PublishRunSchema = z.object(
  {
    indices: z
      .array(z.number().int('each index must be a whole number').min(0, 'each index must be 0 or more'), {
        error: 'indices must be a list of product numbers',
      })
      .max(100, 'indices must have at most 100 entries')
      .optional(),
  },
  { error: 'The body must be a JSON object' },
);

/** Actions without a body still send `{}`. */
export const EmptySchema = z.object({}, { error: 'The body must be a JSON object' });

/** The body as the schema's output, or a 400 that says which fields are wrong. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new ApiError('bad-request', describeIssues(result.error));
  return result.data;
}
