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

/** A page's search-engine title and description as the shop's staff set them; null where they did not. */
export const SeoSchema = z.object({ title: z.string().nullable(), description: z.string().nullable() });
export type Seo = z.infer<typeof SeoSchema>;

export const ProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  handle: z.string(),
  priceRange: z.object({ minVariantPrice: MoneySchema }),
  images: connection(ProductImageSchema),
  variants: connection(ProductVariantSchema),
  options: z.array(ProductOptionSchema),
  seo: SeoSchema,
});
export type Product = z.output<typeof ProductSchema>;

const PageInfoSchema = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() });

/** One cursor page of a connection, unwrapped: its nodes, and whether and where the next page starts. */
export interface CursorPage<T> {
  nodes: T[];
  hasNextPage: boolean;
  endCursor: string | null;
}

function cursorPage<T extends z.ZodType>(node: T): z.ZodType<CursorPage<z.output<T>>> {
  const nodeSchema: z.ZodType = node;
  return z
    .object({ edges: z.array(z.object({ node: nodeSchema })), pageInfo: PageInfoSchema })
    .transform(({ edges, pageInfo }) => ({ nodes: edges.map((e) => e.node as z.output<T>), ...pageInfo }));
}

export const ProductsDataSchema = z.object({ products: cursorPage(ProductSchema) });

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

/**
 * A cart mutation's warning (API version 2024-10 on): a change the shop made itself, such as a sold-out
 * line kept at quantity 0 (`MERCHANDISE_OUT_OF_STOCK`) or a quantity lowered to the stock
 * (`MERCHANDISE_NOT_ENOUGH_STOCK`); `target` is the cart line's id.
 */
export const CartWarningSchema = z.object({ code: z.string(), message: z.string(), target: z.string() });
export type CartWarning = z.infer<typeof CartWarningSchema>;

/** What cartCreate answers: the cart, with the warnings of its making. */
export type CreatedCart = RemoteCart & { warnings: CartWarning[] };

export const CartQueryDataSchema = z.object({ cart: RemoteCartSchema.nullable() });

/** What a caller passes to cartCreate: a variant id and a positive whole quantity. */
export const CartLineInputSchema = z.object({
  merchandiseId: z.string().min(1),
  quantity: z.number().int().positive(),
});
export type CartLineInput = z.infer<typeof CartLineInputSchema>;

export const CollectionSchema = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  description: z.string(),
  seo: SeoSchema,
});
export type Collection = z.infer<typeof CollectionSchema>;

export const CollectionsDataSchema = z.object({ collections: cursorPage(CollectionSchema) });

const IdSchema = z.object({ id: z.string() });

export const CollectionProductIdsDataSchema = z.object({
  collection: z.object({ id: z.string(), products: cursorPage(IdSchema) }).nullable(),
});

/** A related product as "You may also like" shows it: a build takes it from its catalogue by id. */
export type Recommendation = Pick<Product, 'id' | 'handle' | 'title' | 'priceRange' | 'images'>;
/** Each alias (r0, r1, …) with the ids of the products recommended, or null for a product the shop does not know. */
export const RecommendationIdsDataSchema = z.record(z.string(), z.array(IdSchema).nullable());

const MenuLeafSchema = z.object({ title: z.string(), url: z.string().nullable(), type: z.string() });
export const MenuItemSchema = MenuLeafSchema.extend({ items: z.array(MenuLeafSchema) });
export type MenuItem = z.infer<typeof MenuItemSchema>;
export const MenuDataSchema = z.object({ menu: z.object({ id: z.string(), items: z.array(MenuItemSchema) }).nullable() });

export const PolicySchema = z.object({ id: z.string(), handle: z.string(), title: z.string(), body: z.string() });
export type Policy = z.infer<typeof PolicySchema>;
export const ShopPoliciesDataSchema = z.object({
  shop: z.object({
    privacyPolicy: PolicySchema.nullable(),
    refundPolicy: PolicySchema.nullable(),
    shippingPolicy: PolicySchema.nullable(),
    termsOfService: PolicySchema.nullable(),
  }),
});

export const ContentPageSchema = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  body: z.string(),
  bodySummary: z.string(),
  seo: SeoSchema.nullable(),
});
export type ContentPage = z.infer<typeof ContentPageSchema>;
export const PagesDataSchema = z.object({ pages: cursorPage(ContentPageSchema) });
