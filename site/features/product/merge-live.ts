import type { Product } from '../../../shared/storefront/browser.ts';
import type { LiveProduct } from './live-product.ts';

/**
 * The build-time product with the browser's fresh price and availability laid over it. Variants
 * the shop no longer has are dropped; variants it added since the build are not known here and
 * are left out (their options would need the full product).
 */
export function withLiveData<P extends Pick<Product, 'priceRange' | 'variants'>>(product: P, live: LiveProduct | null): P {
  if (live?.state !== 'found') return product;
  const fresh = new Map(live.variants.map((variant) => [variant.id, variant]));
  const variants = product.variants.flatMap((variant) => {
    const update = fresh.get(variant.id);
    return update ? [{ ...variant, availableForSale: update.availableForSale, price: update.price }] : [];
  });
  return { ...product, priceRange: { minVariantPrice: live.minPrice }, variants };
}
