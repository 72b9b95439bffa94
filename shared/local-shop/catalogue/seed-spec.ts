import { formatDecimal, parseCents } from '../money.ts';
import { DEFAULT_SIZES, type ProductSpecInput } from '../store/product-spec.ts';
import type { SeedProduct } from './seed-products.ts';

/** A seed product as a store ProductSpec: Size S–2XL (2XL costs 2.00 more), an optional Color, sold-out variants, its photo. */

const XXL_SURCHARGE_CENTS = 200;

export function photoColor(product: SeedProduct) {
  return product.colors?.[0] ?? product.shirt ?? 'Black';
}

export function seedSpec(product: SeedProduct, index: number, photo: Uint8Array | undefined): ProductSpecInput {
  const base = parseCents(product.price);
  if (base === null) throw new Error(`Seed price is not an amount: ${product.price}`);
  const colors = product.colors ?? [];
  const options = [{ name: 'Size', values: [...DEFAULT_SIZES] }, ...(colors.length ? [{ name: 'Color', values: [...colors] }] : [])];
  const combos = DEFAULT_SIZES.flatMap((size) => (colors.length ? colors.map((color) => [size, color]) : [[size]]));
  return {
    title: product.title,
    description: product.description,
    productType: 'T-Shirt',
    tags: product.tags,
    options,
    variants: combos.map((values, position) => {
      const title = values.join(' / ');
      const available = !product.allSoldOut && !(product.soldOut ?? []).includes(title);
      return {
        optionValues: values,
        price: formatDecimal(values[0] === '2XL' ? base + XXL_SURCHARGE_CENTS : base),
        availableForSale: available,
        // A believable stock level per variant, the same on every seed; sold out means none left.
        quantityAvailable: available ? 6 + ((index * 7 + position * 5) % 37) : 0,
        sku: `NT-${String(index + 1).padStart(3, '0')}-${values.join('-').toUpperCase()}`,
      };
    }),
    images: photo ? [{ bytes: photo, altText: `${photoColor(product)} t-shirt printed with “${product.quote}”` }] : [],
  };
}
