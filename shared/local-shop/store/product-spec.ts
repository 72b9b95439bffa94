import { z } from 'zod';
import { STORE_NAME } from '../../common/index.ts';
import { SIZES } from '../../limits/index.ts';
import { formatDecimal, parseCents } from '../money.ts';
import type { ErrorKind } from '../../common/index.ts';

/**
 * The inputs that create products, validated at the store's boundary: `NewProductInput` is what the
 * publisher sends (one price, Size variants), `ProductSpec` the full shape (options, per-variant price
 * and availability) that the seed catalogue and fixtures use. Both end up as a ProductSpec.
 */

// The sizes a product gets when none are given: the same sizes the generator publishes.
export const DEFAULT_SIZES = SIZES;
export const MAX_VARIANTS = 100;
const MAX_PRICE_CENTS = 100_000_00;

const text = (max: number) => z.string().trim().min(1).max(max);

const priceCents = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const cents = parseCents(value);
  if (cents === null || cents > MAX_PRICE_CENTS) {
    ctx.addIssue({
      code: 'custom',
      message: `must be an amount from 0 to ${MAX_PRICE_CENTS / 100} with at most 2 decimals, got ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  }
  return cents;
});

const imageInput = z.object({
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'must be the image bytes (a Uint8Array or Buffer)' }),
  altText: z.string().trim().max(512).optional(),
});

const handle = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase letters, digits and single hyphens')
  .max(100);

const uniqueStrings = (items: string[]) => new Set(items).size === items.length;

export const NewProductInputSchema = z.object({
  title: text(255),
  description: z.string().max(20_000).default(''),
  price: priceCents,
  productType: z.string().trim().max(255).default(''),
  tags: z.array(text(255)).max(250).default([]),
  vendor: text(255).optional(),
  handle: handle.optional(),
  sizes: z.array(text(255)).min(1).max(MAX_VARIANTS).refine(uniqueStrings, 'must not repeat a size').optional(),
  image: imageInput.optional(),
});
export type NewProductInput = z.input<typeof NewProductInputSchema>;

const variantSpec = z.object({
  /** One value per product option, in option order. */
  optionValues: z.array(text(255)),
  price: priceCents,
  availableForSale: z.boolean().default(true),
  sku: z.string().trim().max(255).optional(),
  /** Index into `images` of this variant's picture. */
  imageIndex: z.number().int().nonnegative().optional(),
  /** Units in stock; absent: inventory not tracked. */
  quantityAvailable: z.number().int().nonnegative().max(1_000_000).optional(),
});

export const ProductSpecSchema = z
  .object({
    title: text(255),
    description: z.string().max(20_000).default(''),
    productType: z.string().trim().max(255).default(''),
    vendor: text(255).default(STORE_NAME),
    tags: z.array(text(255)).max(250).default([]),
    handle: handle.optional(),
    seoTitle: z.string().trim().max(70).optional(),
    seoDescription: z.string().trim().max(320).optional(),
    options: z
      .array(z.object({ name: text(255), values: z.array(text(255)).min(1).refine(uniqueStrings, 'must not repeat a value') }))
      .max(3),
    variants: z.array(variantSpec).min(1).max(MAX_VARIANTS),
    images: z.array(imageInput).max(20).default([]),
  })
  .superRefine((spec, ctx) => {
    const seen = new Set<string>();
    spec.variants.forEach((variant, index) => {
      const path = ['variants', index, 'optionValues'];
      if (variant.optionValues.length !== spec.options.length) {
        ctx.addIssue({ code: 'custom', path, message: `must have one value for each of the ${spec.options.length} options` });
        return;
      }
      variant.optionValues.forEach((value, i) => {
        if (!spec.options[i]!.values.includes(value)) {
          ctx.addIssue({ code: 'custom', path, message: `${JSON.stringify(value)} is not a value of option ${spec.options[i]!.name}` });
        }
      });
      const key = JSON.stringify(variant.optionValues);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path, message: 'repeats another variant’s options' });
      seen.add(key);
      if (variant.imageIndex !== undefined && variant.imageIndex >= spec.images.length) {
        ctx.addIssue({ code: 'custom', path: ['variants', index, 'imageIndex'], message: 'points past the product’s images' });
      }
    });
    if (spec.options.length === 0 && spec.variants.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['variants'], message: 'a product without options has exactly one variant' });
    }
  });
export type ProductSpecInput = z.input<typeof ProductSpecSchema>;
export type ProductSpec = z.output<typeof ProductSpecSchema>;

export class InvalidProductError extends Error {
  readonly kind: ErrorKind = 'internal';
  override name = 'InvalidProductError';
}

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'input'} ${issue.message}`)
    .join('; ');
}

export function parseProductSpec(input: unknown): ProductSpec {
  const parsed = ProductSpecSchema.safeParse(input);
  if (!parsed.success) throw new InvalidProductError(`Invalid product: ${describe(parsed.error)}`);
  return parsed.data;
}

/** The publisher's simple input → a full spec input (parsed once, by the store): one Size option, the same price on every size. */
export function specFromNewProduct(input: unknown): ProductSpecInput {
  const parsed = NewProductInputSchema.safeParse(input);
  if (!parsed.success) throw new InvalidProductError(`Invalid product: ${describe(parsed.error)}`);
  const p = parsed.data;
  const sizes = p.sizes ?? [...DEFAULT_SIZES];
  return {
    title: p.title,
    description: p.description,
    productType: p.productType,
    vendor: p.vendor,
    tags: p.tags,
    handle: p.handle,
    options: [{ name: 'Size', values: sizes }],
    variants: sizes.map((size) => ({ optionValues: [size], price: formatDecimal(p.price), availableForSale: true })),
    images: p.image ? [p.image] : [],
  };
}
