import { describe, expect, it } from 'vitest';
import type { Product } from '../../shared/storefront/browser.ts';
import { cartItemFor } from '../../site/features/cart/cart-item.ts';
import { readLiveProduct } from '../../site/features/product/live-product.ts';
import { withLiveData } from '../../site/features/product/merge-live.ts';
import { optionsLine } from '../../site/features/cart/options-line.ts';

const built: Product = {
  id: 'gid://shopify/Product/1',
  title: 'Ctrl + Alt + Delegate',
  description: 'Twenty years of doing it all yourself.',
  handle: 'ctrl-alt-delegate',
  priceRange: { minVariantPrice: { amount: '24.99', currencyCode: 'USD' } },
  images: [{ url: 'https://cdn.example/c.png', altText: 'A black shirt' }],
  seo: { title: null, description: null },
  variants: [
    {
      id: 'v1',
      title: 'S / Black',
      price: { amount: '24.99', currencyCode: 'USD' },
      availableForSale: true,
      selectedOptions: [
        { name: 'Size', value: 'S' },
        { name: 'Color', value: 'Black' },
      ],
    },
    {
      id: 'v2',
      title: 'M / Black',
      price: { amount: '24.99', currencyCode: 'USD' },
      availableForSale: true,
      selectedOptions: [
        { name: 'Size', value: 'M' },
        { name: 'Color', value: 'Black' },
      ],
    },
  ],
  options: [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Color', values: ['Black'] },
  ],
};

function answer(variants: unknown[], min = '19.99') {
  return {
    product: {
      id: built.id,
      priceRange: { minVariantPrice: { amount: min, currencyCode: 'USD' } },
      variants: { edges: variants.map((node) => ({ node })) },
    },
  };
}

describe('the product page re-read', () => {
  it('reads fresh prices and availability', () => {
    const live = readLiveProduct(answer([{ id: 'v1', availableForSale: false, price: { amount: '19.99', currencyCode: 'USD' } }]));
    expect(live).toEqual({
      state: 'found',
      minPrice: { amount: '19.99', currencyCode: 'USD' },
      variants: [{ id: 'v1', availableForSale: false, price: { amount: '19.99', currencyCode: 'USD' } }],
    });
  });

  it('knows a deleted product', () => {
    expect(readLiveProduct({ product: null })).toEqual({ state: 'gone' });
  });

  it('rejects answers of an unexpected shape rather than guessing', () => {
    expect(readLiveProduct({})).toBeNull();
    expect(readLiveProduct(answer([{ id: 'v1', availableForSale: 'yes', price: { amount: '1', currencyCode: 'USD' } }]))).toBeNull();
    expect(readLiveProduct({ product: { priceRange: null } })).toBeNull();
  });

  it('lays fresh data over the built product and drops variants the shop no longer has', () => {
    const live = readLiveProduct(answer([{ id: 'v2', availableForSale: false, price: { amount: '21.00', currencyCode: 'USD' } }]));
    const merged = withLiveData(built, live);
    expect(merged.priceRange.minVariantPrice.amount).toBe('19.99');
    expect(merged.variants).toEqual([{ ...built.variants[1], availableForSale: false, price: { amount: '21.00', currencyCode: 'USD' } }]);
    expect(withLiveData(built, null)).toBe(built);
    expect(withLiveData(built, { state: 'gone' })).toBe(built);
  });
});

describe('cart lines from the pages', () => {
  it('a card or product page adds the variant with quantity 1 and the first image', () => {
    expect(cartItemFor(built, built.variants[1]!)).toEqual({
      product: {
        id: built.id,
        handle: 'ctrl-alt-delegate',
        title: 'Ctrl + Alt + Delegate',
        image: { url: 'https://cdn.example/c.png', altText: 'A black shirt' },
      },
      variantId: 'v2',
      variantTitle: 'M / Black',
      price: { amount: '24.99', currencyCode: 'USD' },
      quantity: 1,
      selectedOptions: [
        { name: 'Size', value: 'M' },
        { name: 'Color', value: 'Black' },
      ],
    });
  });

  it('the drawer joins option values with a bullet and hides the no-options placeholder', () => {
    expect(
      optionsLine([
        { name: 'Size', value: 'M' },
        { name: 'Color', value: 'Black' },
      ]),
    ).toBe('M • Black');
    expect(optionsLine([{ name: 'Title', value: 'Default Title' }])).toBe('');
  });
});
