import { z } from 'zod';
import { parseCents } from '../money.ts';
import { POLICY_HANDLES } from './content-records.ts';
import type { ErrorKind } from '../../common/index.ts';

/**
 * The inputs that write the shop's content (collections, menus, pages, policies, blog articles,
 * discount codes), validated at the store's boundary. Bodies are plain text: blank lines separate
 * paragraphs, and the shop serves them as HTML, so nothing a writer types can inject markup.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const handle = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase letters, digits and single hyphens')
  .max(100);
const body = z.string().max(100_000);

export const CollectionInputSchema = z.object({
  title: text(255),
  handle: handle.optional(),
  description: z.string().max(20_000).default(''),
  seoTitle: z.string().trim().max(70).optional(),
  seoDescription: z.string().trim().max(320).optional(),
  /** Products of this type belong to the collection (the generator's categories). */
  productType: z.string().trim().max(255).optional(),
  /** Products placed by hand, by handle, in this order (before the ones the type brings). */
  productHandles: z.array(handle).max(1000).optional(),
});
export type CollectionInput = z.input<typeof CollectionInputSchema>;

const MENU_ITEM_TYPES = [
  'FRONTPAGE',
  'COLLECTION',
  'COLLECTIONS',
  'CATALOG',
  'PRODUCT',
  'PAGE',
  'BLOG',
  'SHOP_POLICY',
  'SEARCH',
  'HTTP',
] as const;
const NEEDS_HANDLE = new Set(['COLLECTION', 'PRODUCT', 'PAGE', 'BLOG', 'SHOP_POLICY']);

interface MenuItemInput {
  title: string;
  type: (typeof MENU_ITEM_TYPES)[number];
  handle?: string | undefined;
  url?: string | undefined;
  items?: MenuItemInput[] | undefined;
}

const menuItem: z.ZodType<MenuItemInput> = z.lazy(() =>
  z
    .object({
      title: text(255),
      type: z.enum(MENU_ITEM_TYPES),
      handle: handle.optional(),
      url: z
        .string()
        .url()
        .refine((u) => /^https?:/i.test(u), 'must be an http(s) URL')
        .optional(),
      items: z.array(menuItem).max(50).optional(),
    })
    .superRefine((item, ctx) => {
      if (NEEDS_HANDLE.has(item.type) && !item.handle)
        ctx.addIssue({ code: 'custom', path: ['handle'], message: `is required for a ${item.type} item` });
      if (item.type === 'HTTP' && !item.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'is required for an HTTP item' });
    }),
);

export const MenuInputSchema = z.object({
  handle,
  title: text(255),
  items: z.array(menuItem).max(50),
});
export type MenuInput = z.input<typeof MenuInputSchema>;

export const PageInputSchema = z.object({
  title: text(255),
  handle: handle.optional(),
  body,
  seoTitle: z.string().trim().max(70).optional(),
  seoDescription: z.string().trim().max(320).optional(),
});
export type PageInput = z.input<typeof PageInputSchema>;

export const PolicyInputSchema = z.object({
  handle: z.enum(POLICY_HANDLES),
  title: text(255).optional(),
  body: body.refine((b) => b.trim().length > 0, 'must not be empty'),
});
export type PolicyInput = z.input<typeof PolicyInputSchema>;

export const ArticleInputSchema = z.object({
  blogHandle: handle,
  blogTitle: text(255).optional(),
  title: text(255),
  handle: handle.optional(),
  author: text(255),
  body,
  excerpt: z.string().trim().max(1000).optional(),
  tags: z.array(text(255)).max(250).default([]),
  publishedAt: z.string().datetime().optional(),
});
export type ArticleInput = z.input<typeof ArticleInputSchema>;

const amount = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const cents = parseCents(value);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: `must be an amount with at most 2 decimals, got ${JSON.stringify(value)}` });
    return z.NEVER;
  }
  return cents;
});

export const DiscountCodeInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,64}$/, 'must be 3 to 64 letters, digits, hyphens or underscores'),
    percentOff: z.number().int().min(1).max(100).optional(),
    amountOff: amount.optional(),
    minimumSubtotal: amount.optional(),
  })
  .superRefine((input, ctx) => {
    if ((input.percentOff === undefined) === (input.amountOff === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'give exactly one of percentOff and amountOff' });
    }
    if (input.amountOff === 0) ctx.addIssue({ code: 'custom', path: ['amountOff'], message: 'must be more than 0' });
  });
export type DiscountCodeInput = z.input<typeof DiscountCodeInputSchema>;

export class InvalidContentError extends Error {
  readonly kind: ErrorKind = 'internal';
  override name = 'InvalidContentError';
}

export function parseContent<T extends z.ZodType>(schema: T, input: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const reasons = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'input'} ${issue.message}`)
    .join('; ');
  throw new InvalidContentError(`Invalid ${what}: ${reasons}`);
}
