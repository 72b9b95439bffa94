import { describe, expect, it } from 'vitest';
import { type BuiltPrices, liveDiffers, showLivePrice } from '../../site/features/product/live-check.ts';
import { $liveProduct } from '../../site/features/product/live-product-store.ts';
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

describe("showLivePrice: the product page's plain price line follows the re-read", () => {
  it('shows the fresh minimum price once the store has one, keeps the built one otherwise, and stops when told', () => {
    $liveProduct.set(null);
    const price = { textContent: 'USD $24.99' } as HTMLElement;
    const stop = showLivePrice(price);
    expect(price.textContent).toBe('USD $24.99');
    $liveProduct.set({ state: 'gone' });
    expect(price.textContent).toBe('USD $24.99');
    $liveProduct.set(live({ minPrice: usd('19.5') }));
    expect(price.textContent).toBe('USD $19.50');
    stop();
    $liveProduct.set(live({ minPrice: usd('30') }));
    expect(price.textContent).toBe('USD $19.50');
  });

  it('leaves the line untouched when the fresh price is the one it shows', () => {
    $liveProduct.set(null);
    const writes: string[] = [];
    let shown = 'USD $24.99';
    const price = {
      get textContent() {
        return shown;
      },
      set textContent(text: string) {
        writes.push(text);
        shown = text;
      },
    } as HTMLElement;
    const stop = showLivePrice(price);
    $liveProduct.set(live());
    expect(writes).toEqual([]);
    $liveProduct.set(live({ minPrice: usd('19.5') }));
    expect(writes).toEqual(['USD $19.50']);
    stop();
    $liveProduct.set(null);
  });

  it('shows a price the store already holds (the island re-read first)', () => {
    $liveProduct.set(live({ minPrice: usd('21') }));
    const price = { textContent: 'USD $24.99' } as HTMLElement;
    showLivePrice(price)();
    expect(price.textContent).toBe('USD $21.00');
    $liveProduct.set(null);
  });
});
