import type { CartItem } from '../../../shared/cart/index.ts';
import type { Product, ProductImage, ProductVariant } from '../../../shared/storefront/browser.ts';

/** The cart line a product page or card adds: the variant, quantity 1, and enough of the product to draw it. */
export function cartItemFor(
  product: Pick<Product, 'id' | 'handle' | 'title'> & { images: readonly Pick<ProductImage, 'url' | 'altText'>[] },
  variant: Pick<ProductVariant, 'id' | 'title' | 'price' | 'selectedOptions'>,
): CartItem {
  const image = product.images[0];
  return {
    product: {
      id: product.id,
      handle: product.handle,
      title: product.title,
      image: image ? { url: image.url, altText: image.altText } : null,
    },
    variantId: variant.id,
    variantTitle: variant.title,
    price: variant.price,
    quantity: 1,
    selectedOptions: variant.selectedOptions.map(({ name, value }) => ({ name, value })),
  };
}
