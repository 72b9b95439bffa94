import { describe, expect, it } from 'vitest';
import { metaDescription } from '../../shared/common/index.ts';
import type { Product } from '../../shared/storefront/browser.ts';
import {
  breadcrumbJsonLd,
  canonicalUrl,
  itemListJsonLd,
  jsonLdText,
  pageTitle,
  productJsonLd,
  robotsTxt,
  seoTitleAndDescription,
  sitemapXml,
} from '../../site/features/seo/seo.ts';

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 'gid://shopify/Product/7',
    title: 'Per My Last Prompt',
    description: 'For anyone who has asked the AI the same thing three times.',
    handle: 'per-my-last-prompt',
    priceRange: { minVariantPrice: { amount: '26.99', currencyCode: 'USD' } },
    images: [{ url: 'https://cdn.example/p.png', altText: null }],
    variants: [
      {
        id: 'gid://shopify/ProductVariant/71',
        title: 'S',
        price: { amount: '26.99', currencyCode: 'USD' },
        availableForSale: true,
        selectedOptions: [{ name: 'Size', value: 'S' }],
      },
      {
        id: 'gid://shopify/ProductVariant/72',
        title: 'M',
        price: { amount: '28.99', currencyCode: 'USD' },
        availableForSale: false,
        selectedOptions: [{ name: 'Size', value: 'M' }],
      },
    ],
    options: [{ name: 'Size', values: ['S', 'M'] }],
    seo: { title: null, description: null },
    ...overrides,
  };
}

describe('Product JSON-LD', () => {
  it('names the product and offers each variant with price, currency and availability', () => {
    const data = productJsonLd(product(), 'https://shop.example/product/per-my-last-prompt');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Per My Last Prompt',
      image: ['https://cdn.example/p.png'],
      brand: { '@type': 'Brand', name: 'Neural Threads' },
    });
    expect(data.offers).toEqual([
      expect.objectContaining({
        '@type': 'Offer',
        price: '26.99',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.example/product/per-my-last-prompt?variant=71',
      }),
      expect.objectContaining({ '@type': 'Offer', price: '28.99', priceCurrency: 'USD', availability: 'https://schema.org/OutOfStock' }),
    ]);
  });

  it('leaves out image and description when the product has none', () => {
    const data = productJsonLd(product({ images: [], description: '' }), 'https://shop.example/product/x');
    expect(data).not.toHaveProperty('image');
    expect(data).not.toHaveProperty('description');
  });

  it('cannot be broken out of its script tag', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });

  it('is ASCII, every other character a \\u escape that reads back the same', () => {
    const name = 'Café “Prompt” 😀 \u2028';
    const text = jsonLdText({ name });
    expect(text).toMatch(/^[\x20-\x7e]+$/);
    expect(text).toContain('\\u201c');
    expect(JSON.parse(text)).toEqual({ name });
  });
});

describe('page metadata', () => {
  it('canonical URLs are absolute, without query, hash or trailing slash', () => {
    expect(canonicalUrl('https://shop.example', '/product/a/?variant=1#x')).toBe('https://shop.example/product/a');
    expect(canonicalUrl('https://shop.example/', '/')).toBe('https://shop.example/');
  });

  it('descriptions are one line of at most 160 characters, cut at a word', () => {
    expect(metaDescription('  Short\n text. ')).toBe('Short text.');
    const long = metaDescription('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('word…')).toBe(true);
  });

  it("the shop's SEO title and description win; empty ones fall back to the page's title and its description cut to 160 characters", () => {
    const { title, description } = product();
    expect(
      seoTitleAndDescription({ title: 'Per My Last Prompt T-Shirt', description: 'A shirt for prompt engineers.' }, title, description),
    ).toEqual({
      title: 'Per My Last Prompt T-Shirt',
      description: 'A shirt for prompt engineers.',
    });
    const long = 'An office classic. '.repeat(20);
    for (const seo of [{ title: null, description: null }, { title: '', description: '  ' }, null]) {
      expect(seoTitleAndDescription(seo, title, long)).toEqual({ title, description: metaDescription(long) });
    }
    expect(metaDescription(long).length).toBeLessThanOrEqual(160);
    // Each field falls back on its own.
    expect(seoTitleAndDescription({ title: 'Custom', description: null }, title, description)).toEqual({ title: 'Custom', description });
    expect(seoTitleAndDescription({ title: null, description: 'Custom.' }, title, description)).toEqual({ title, description: 'Custom.' });
  });

  it('titles carry the store name', () => {
    expect(pageTitle('Per My Last Prompt')).toBe('Per My Last Prompt | Neural Threads');
    expect(pageTitle()).toContain('Neural Threads');
  });
});

describe('sitemap and robots', () => {
  it('lists the home page and every product, escaped', () => {
    const xml = sitemapXml('https://shop.example', { productHandles: ['a', 'b&c'] });
    expect(xml).toContain('<loc>https://shop.example/</loc>');
    expect(xml).toContain('<loc>https://shop.example/product/a</loc>');
    expect(xml).toContain('<loc>https://shop.example/product/b%26c</loc>');
    expect(xml.match(/<url>/g)).toHaveLength(3);
  });

  it('lists collections, content pages and policies beside the products', () => {
    const xml = sitemapXml('https://shop.example', {
      productHandles: ['a'],
      paths: ['/collections/office-humor', '/pages/about', '/policies/refund-policy'],
    });
    for (const path of ['/collections/office-humor', '/pages/about', '/policies/refund-policy', '/product/a'])
      expect(xml).toContain(`<loc>https://shop.example${path}</loc>`);
    expect(xml.match(/<url>/g)).toHaveLength(5);
  });

  it('ItemList and BreadcrumbList JSON-LD name absolute URLs in order', () => {
    const list = itemListJsonLd(
      'https://shop.example',
      'Office Humor',
      [
        { handle: 'a', title: 'A' },
        { handle: 'b', title: 'B' },
      ],
      25,
    );
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 25, name: 'A', url: 'https://shop.example/product/a' },
      { '@type': 'ListItem', position: 26, name: 'B', url: 'https://shop.example/product/b' },
    ]);
    const crumbs = breadcrumbJsonLd('https://shop.example', [
      { name: 'Home', path: '/' },
      { name: 'Office Humor', path: '/collections/office-humor' },
    ]);
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
      { '@type': 'ListItem', position: 2, name: 'Office Humor', item: 'https://shop.example/collections/office-humor' },
    ]);
  });

  it('robots.txt allows the shop, keeps the generator out, and points at the sitemap', () => {
    const robots = robotsTxt('https://shop.example');
    expect(robots).toContain('Allow: /');
    expect(robots).toContain('Disallow: /generator');
    expect(robots).toContain('Sitemap: https://shop.example/sitemap.xml');
  });
});
