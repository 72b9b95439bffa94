import { LocalShopStore } from '../../shared/local-shop/index.ts';
import { HOSTILE_TEXTS } from '../support/hostile-text.ts';
import { plainPng } from '../support/local-shop.ts';

/**
 * A catalogue of products whose every text is hostile (titles, descriptions, option names and
 * values, image alt text), written into a data directory before the store starts, so the build
 * renders them into real pages.
 */

export interface HostileProduct {
  handle: string;
  title: string;
  description: string;
  optionName: string;
  optionValues: string[];
  altText: string;
}

export const HOSTILE_PRODUCTS: readonly HostileProduct[] = [
  {
    handle: 'hostile-markup',
    title: '<script>window.__pwned=1</script> <img src=x onerror=alert(1)> Tee',
    // `</script>` in the description must not end the page's JSON-LD.
    description: `</script><script>window.__pwned=5</script> ${HOSTILE_TEXTS.join(' | ')}`,
    optionName: 'Size',
    optionValues: ['<b>S</b>', '"><svg onload=window.__pwned=4>', '\u202Eevil\u202C 🤖'],
    altText: '"><img src=x onerror=alert(2)>',
  },
  {
    handle: 'hostile-quotes',
    title: 'Tom & Jerry\'s "quote" &amp; &lt;b&gt; 🤖 \u202Eevil\u202C',
    description: '</text><script>window.__pwned=3</script> & \'single\' "double" `back` \u2066isolate\u2069',
    optionName: '</text><script>window.__pwned=3</script>',
    optionValues: ['{{constructor.constructor("window.__pwned=7")()}}', 'javascript:window.__pwned=6'],
    altText: 'Tom & Jerry\'s "alt"',
  },
];

export async function seedHostileCatalogue(dataDir: string): Promise<void> {
  const store = LocalShopStore.open(dataDir);
  try {
    for (const [index, product] of HOSTILE_PRODUCTS.entries()) {
      await store.insertProduct({
        title: product.title,
        description: product.description,
        handle: product.handle,
        options: [{ name: product.optionName, values: product.optionValues }],
        variants: product.optionValues.map((value, i) => ({ optionValues: [value], price: `${19 + index}.${i}9` })),
        images: [{ bytes: await plainPng(240, 240, index ? '#c84916' : '#fe972e'), altText: product.altText }],
      });
    }
  } finally {
    store.close();
  }
}
