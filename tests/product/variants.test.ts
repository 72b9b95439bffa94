import { describe, expect, it } from 'vitest';
import { numericId, findVariant, initialVariant, selectionOf, showsOptions, valueState } from '../../shared/product/index.ts';

const variant = (id: number, size: string, color: string, availableForSale = true) => ({
  id: `gid://shopify/ProductVariant/${id}`,
  availableForSale,
  selectedOptions: [
    { name: 'Size', value: size },
    { name: 'Color', value: color },
  ],
});

// Black in S and M (M sold out), White only in M: White/S does not exist.
const product = {
  options: [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Color', values: ['Black', 'White'] },
  ],
  variants: [variant(1, 'S', 'Black'), variant(2, 'M', 'Black', false), variant(3, 'M', 'White')],
};

describe('variant selection', () => {
  it('finds the variant whose options all match', () => {
    expect(findVariant(product, { Size: 'M', Color: 'White' })?.id).toBe('gid://shopify/ProductVariant/3');
    expect(findVariant(product, { Size: 'S', Color: 'White' })).toBeUndefined();
  });

  it('marks values as available, sold out or missing given the other choices', () => {
    const selection = selectionOf(product.variants[0]!);
    expect(valueState(product, selection, 'Size', 'S')).toBe('available');
    expect(valueState(product, selection, 'Size', 'M')).toBe('sold-out');
    expect(valueState(product, selection, 'Color', 'White')).toBe('missing');
    expect(valueState(product, { Size: 'M', Color: 'Black' }, 'Color', 'White')).toBe('available');
  });

  it('starts from the variant in the URL, else the first', () => {
    expect(initialVariant(product, '3')?.id).toBe('gid://shopify/ProductVariant/3');
    expect(initialVariant(product, '999')?.id).toBe('gid://shopify/ProductVariant/1');
    expect(initialVariant(product, null)?.id).toBe('gid://shopify/ProductVariant/1');
    expect(initialVariant({ options: [], variants: [] }, '1')).toBeUndefined();
  });

  it('shows options only when the first option has more than one value', () => {
    expect(showsOptions(product)).toBe(true);
    expect(showsOptions({ options: [{ name: 'Title', values: ['Default Title'] }], variants: [] })).toBe(false);
    expect(showsOptions({ options: [], variants: [] })).toBe(false);
  });

  it('reads numeric ids from GIDs', () => {
    expect(numericId('gid://shopify/ProductVariant/42')).toBe('42');
    expect(numericId('gid://shopify/ProductVariant/42?x=1')).toBe('42');
    expect(numericId('plain')).toBe('plain');
  });
});
