import { z } from 'zod';

/**
 * The shapes the Storefront API answers with, validated at the boundary, and the flat
 * domain types the rest of the product uses (connections unwrapped into arrays).
 */

export const MoneySchema = z.object({ amount: z.string(), currencyCode: z.string() });
export type Money = z.infer<typeof MoneySchema>;

function connection<T extends z.ZodType>(node: T): z.ZodType<z.output<T>[]> {
  const nodeSchema: z.ZodType = node;
  return z.object({ edges: z.array(z.object({ node: nodeSchema })) }).transform((c) => c.edges.map((e) => e.node as z.output<T>));
}

export const SelectedOptionSchema = z.object({ name: z.string(), value: z.string() });
export type SelectedOption = z.infer<typeof SelectedOptionSchema>;

export const ProductImageSchema = z.object({ url: z.string(), altText: z.string().nullable() });
export type ProductImage = z.infer<typeof ProductImageSchema>;

export const ProductVariantSchema = z.object({
  id: z.string(),
  title: z.string(),
  price: MoneySchema,
  availableForSale: z.boolean(),
  selectedOptions: z.array(SelectedOptionSchema),
});
export type ProductVariant = z.infer<typeof ProductVariantSchema>;

export const ProductOptionSchema = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof ProductOptionSchema>;

export const ProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  handle: z.string(),
  priceRange: z.object({ minVariantPrice: MoneySchema }),
  images: connection(ProductImageSchema),
  variants: connection(ProductVariantSchema),
  options: z.array(ProductOptionSchema),
});
export type Product = z.output<typeof ProductSchema>;

export const PageInfoSchema = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() });

export const ProductsDataSchema = z.object({
  products: z.object({
    edges: z.array(z.object({ node: ProductSchema })),
    pageInfo: PageInfoSchema,
  }),
});

export const ProductByHandleDataSchema = z.object({ product: ProductSchema.nullable() });

export const CartLineSchema = z.object({
  id: z.string(),
  quantity: z.number().int(),
  merchandise: z.object({
    id: z.string(),
    title: z.string(),
    price: MoneySchema,
    product: z.object({ title: z.string(), handle: z.string() }),
  }),
});
export type CartLine = z.infer<typeof CartLineSchema>;

export const RemoteCartSchema = z.object({
  id: z.string(),
  checkoutUrl: z.string().url(),
  totalQuantity: z.number().int(),
  cost: z.object({ totalAmount: MoneySchema }),
  lines: connection(CartLineSchema),
});
export type RemoteCart = z.output<typeof RemoteCartSchema>;

export const CartQueryDataSchema = z.object({ cart: RemoteCartSchema.nullable() });

/** What a caller passes to cartCreate: a variant id and a positive whole quantity. */
export const CartLineInputSchema = z.object({
  merchandiseId: z.string().min(1),
  quantity: z.number().int().positive(),
});
export type CartLineInput = z.infer<typeof CartLineInputSchema>;
