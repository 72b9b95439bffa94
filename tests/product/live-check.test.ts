import { describe, expect, it } from 'vitest';
import { type BuiltPrices, liveDiffers } from '../../site/features/product/live-check.ts';
import type { LiveProduct } from '../../site/features/product/live-product.ts';

const usd = (amount: string) => ({ amount, currencyCode: 'USD' });

const built: BuiltPrices = {
  minPrice: usd('24.99'),
  variants: [
    { id: 'gid://shopify/ProductVariant/1', availableForSale: true, price: usd('24.99') },
    { id: 'gid://shopify/ProductVariant/2', availableForSale: false, price: usd('29.99') },
  ],
};

const live = (changes: Partial<Extract<LiveProduct, { state: 'found' }>> = {}): LiveProduct => ({
  state: 'found',
  minPrice: built.minPrice,
  variants: built.variants.map((variant) => ({ ...variant })),
  ...changes,
});

describe('liveDiffers: whether the fresh price and availability would redraw the product page', () => {
  it('is false when the shop answers what the build had, in any order', () => {
    expect(liveDiffers(built, live())).toBe(false);
    expect(liveDiffers(built, live({ variants: [...built.variants].reverse() }))).toBe(false);
  });

  it('is true when the product is gone', () => {
    expect(liveDiffers(built, { state: 'gone' })).toBe(true);
  });

  it('is true when the minimum price changed, in amount or currency', () => {
    expect(liveDiffers(built, live({ minPrice: usd('19.99') }))).toBe(true);
    expect(liveDiffers(built, live({ minPrice: { amount: '24.99', currencyCode: 'EUR' } }))).toBe(true);
  });

  it("is true when a variant's availability or price changed", () => {
    const [first, second] = built.variants;
    expect(liveDiffers(built, live({ variants: [{ ...first!, availableForSale: false }, second!] }))).toBe(true);
    expect(liveDiffers(built, live({ variants: [first!, { ...second!, availableForSale: true }] }))).toBe(true);
    expect(liveDiffers(built, live({ variants: [{ ...first!, price: usd('25.00') }, second!] }))).toBe(true);
  });

  it('is true when variants were removed, added or replaced', () => {
    const [first, second] = built.variants;
    expect(liveDiffers(built, live({ variants: [first!] }))).toBe(true);
    expect(liveDiffers(built, live({ variants: [] }))).toBe(true);
    expect(liveDiffers(built, live({ variants: [first!, second!, { ...first!, id: 'gid://shopify/ProductVariant/3' }] }))).toBe(true);
    expect(liveDiffers(built, live({ variants: [first!, { ...second!, id: 'gid://shopify/ProductVariant/3' }] }))).toBe(true);
  });
});
