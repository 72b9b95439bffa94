/** Raw Storefront API shapes, as Shopify answers them, for scripted servers. */

export function rawProduct(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `gid://shopify/Product/${n}`,
    title: `Shirt ${n}`,
    description: `Description ${n}`,
    handle: `shirt-${n}`,
    priceRange: { minVariantPrice: { amount: '24.99', currencyCode: 'USD' } },
    images: { edges: [{ node: { url: `https://cdn.example/shirt-${n}.png`, altText: null } }] },
    variants: {
      edges: ['S', 'M'].map((size, i) => ({
        node: {
          id: `gid://shopify/ProductVariant/${n * 10 + i}`,
          title: size,
          price: { amount: '24.99', currencyCode: 'USD' },
          availableForSale: true,
          selectedOptions: [{ name: 'Size', value: size }],
        },
      })),
    },
    options: [{ name: 'Size', values: ['S', 'M'] }],
    // A product with no SEO fields of its own.
    seo: { title: null, description: null },
    ...overrides,
  };
}

export function productsPage(from: number, count: number, hasNextPage: boolean) {
  const nodes = Array.from({ length: count }, (_, i) => rawProduct(from + i));
  return {
    data: {
      products: {
        edges: nodes.map((node) => ({ node })),
        pageInfo: { hasNextPage, endCursor: hasNextPage ? `cursor-${from + count - 1}` : null },
      },
    },
  };
}

export function rawCart(checkoutUrl: string | null) {
  return {
    id: 'gid://shopify/Cart/c1-abc',
    checkoutUrl,
    totalQuantity: 2,
    cost: { totalAmount: { amount: '49.98', currencyCode: 'USD' } },
    lines: {
      edges: [
        {
          node: {
            id: 'gid://shopify/CartLine/1',
            quantity: 2,
            merchandise: {
              id: 'gid://shopify/ProductVariant/10',
              title: 'S',
              price: { amount: '24.99', currencyCode: 'USD' },
              product: { title: 'Shirt 1', handle: 'shirt-1' },
            },
          },
        },
      ],
    },
  };
}
