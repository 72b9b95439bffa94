import { postGraphql } from '../support/local-shop.ts';
import { harness } from './harness.ts';

/** The embedded shop's catalogue as the Storefront API gives it, for journeys that need ids. */

export interface ShopVariant {
  id: string;
  title: string;
  availableForSale: boolean;
  quantityAvailable: number | null;
  price: { amount: string; currencyCode: string };
  selectedOptions: { name: string; value: string }[];
}

export interface ShopProduct {
  id: string;
  handle: string;
  title: string;
  images: { edges: { node: { url: string } }[] };
  variants: { edges: { node: ShopVariant }[] };
}

const CATALOGUE = /* GraphQL */ `
  {
    products(first: 250) {
      edges {
        node {
          id
          handle
          title
          images(first: 1) { edges { node { url } } }
          variants(first: 10) { edges { node { id title availableForSale quantityAvailable price { amount currencyCode } selectedOptions { name value } } } }
        }
      }
    }
  }
`;

let cached: Promise<ShopProduct[]> | undefined;

export function shopProducts(): Promise<ShopProduct[]> {
  cached ??= postGraphql(harness.store.graphqlUrl, { query: CATALOGUE })
    .then(({ json }) => json as { data: { products: { edges: { node: ShopProduct }[] } } })
    .then((body) => body.data.products.edges.map((edge) => edge.node));
  return cached;
}

export function variantsOf(product: ShopProduct): ShopVariant[] {
  return product.variants.edges.map((edge) => edge.node);
}

/** A product with several option values of which one combination is sold out, and that variant. */
export async function productWithSoldOutVariant(): Promise<{ product: ShopProduct; soldOut: ShopVariant; available: ShopVariant }> {
  for (const product of await shopProducts()) {
    const variants = variantsOf(product);
    const soldOut = variants.find((v) => !v.availableForSale);
    const available = variants.filter((v) => v.availableForSale);
    if (soldOut && available.length > 1 && soldOut.selectedOptions.length > 1) return { product, soldOut, available: available.at(-1)! };
  }
  throw new Error('the seed catalogue has no product with one sold-out variant among several options');
}

export async function soldOutProduct(): Promise<ShopProduct> {
  const product = (await shopProducts()).find((p) => variantsOf(p).length > 0 && variantsOf(p).every((v) => !v.availableForSale));
  if (!product) throw new Error('the seed catalogue has no sold-out product');
  return product;
}

export async function productWithoutImage(): Promise<ShopProduct> {
  const product = (await shopProducts()).find((p) => p.images.edges.length === 0);
  if (!product) throw new Error('the seed catalogue has no product without an image');
  return product;
}

/** A product whose first variant can be bought, with two option groups to choose from. */
export async function productWithOptions(): Promise<ShopProduct> {
  const product = (await shopProducts()).find((p) => {
    const variants = variantsOf(p);
    return variants[0]?.availableForSale && (variants[0]?.selectedOptions.length ?? 0) > 1 && variants.every((v) => v.availableForSale);
  });
  if (!product) throw new Error('the seed catalogue has no fully available product with two options');
  return product;
}

export function numericId(gid: string): string {
  return gid.split('/').at(-1)!;
}
