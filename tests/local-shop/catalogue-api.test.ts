import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidContentError, SEED_DISCOUNT_CODE } from '../../shared/local-shop/index.ts';
import { storefrontSchema } from '../../shared/local-shop/graphql/schema.ts';
import { postGraphql, queryShop, startSeededTestShop, type TestShop } from '../support/local-shop.ts';
import { shapeProblems } from '../support/storefront-shape.ts';

/** Collections, sorting, filters, search, recommendations, menus, pages and policies on the seeded embedded shop. */

let shop: TestShop;

interface ProductNode {
  id: string;
  handle: string;
  title: string;
  productType: string;
  vendor: string;
  createdAt: string;
  updatedAt: string;
  availableForSale: boolean;
  tags: string[];
  priceRange: { minVariantPrice: { amount: string } };
}

const PRODUCT_FIELDS =
  'id handle title productType vendor createdAt updatedAt availableForSale tags priceRange { minVariantPrice { amount } }';

/** Asks, checks the answer against Shopify's schema for that document, and returns the data. */
async function ask<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const data = await queryShop<T>(shop.graphqlUrl, query, variables);
  expect(shapeProblems(query, data, variables)).toEqual([]);
  return data;
}

const price = (p: ProductNode) => Number(p.priceRange.minVariantPrice.amount);

beforeAll(async () => {
  shop = await startSeededTestShop();
});

afterAll(async () => {
  await shop?.stop();
});

describe('collections', () => {
  it('a fresh store has the generator’s two categories and the other seed collections, each with products', async () => {
    const data = await ask<{
      collections: { nodes: { handle: string; title: string; seo: { title: string }; products: { nodes: unknown[] } }[] };
    }>(
      '{ collections(first: 20) { nodes { handle title description seo { title description } onlineStoreUrl products(first: 50) { nodes { handle } } } } }',
    );
    const titles = data.collections.nodes.map((c) => c.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Office Humor', 'AI Humor', 'Founders & Small Business', 'Vintage Models', 'Home page']),
    );
    for (const collection of data.collections.nodes) {
      expect(collection.products.nodes.length).toBeGreaterThan(0);
      expect(collection.seo.title).toBe(collection.title);
    }
  });

  it('lists a collection’s products in its own order by default, and by price, title or creation when asked', async () => {
    const query = `query ($handle: String!, $sortKey: ProductCollectionSortKeys, $reverse: Boolean) {
      collection(handle: $handle) { title products(first: 50, sortKey: $sortKey, reverse: $reverse) { nodes { ${PRODUCT_FIELDS} } } } }`;
    type Answer = { collection: { title: string; products: { nodes: ProductNode[] } } };
    const manual = await ask<Answer>(query, { handle: 'office-humor' });
    expect(manual.collection.products.nodes[0]!.title).toBe('Per My Last Prompt');
    const byPrice = await ask<Answer>(query, { handle: 'office-humor', sortKey: 'PRICE' });
    const prices = byPrice.collection.products.nodes.map(price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const byPriceDown = await ask<Answer>(query, { handle: 'office-humor', sortKey: 'PRICE', reverse: true });
    expect(byPriceDown.collection.products.nodes.map((p) => p.id)).toEqual(byPrice.collection.products.nodes.map((p) => p.id).reverse());
    const byTitle = await ask<Answer>(query, { handle: 'ai-humor', sortKey: 'TITLE' });
    const titles = byTitle.collection.products.nodes.map((p) => p.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(new Set(titles)).toEqual(
      new Set((await ask<Answer>(query, { handle: 'ai-humor' })).collection.products.nodes.map((p) => p.title)),
    );
    expect(await ask(`{ collection(handle: "no-such-collection") { id } }`)).toEqual({ collection: null });
  });

  it('filters by option, availability and price, and each filter value’s count is what applying it returns', async () => {
    const query = `query ($filters: [ProductFilter!]) { collection(handle: "ai-humor") { products(first: 50, filters: $filters) {
      nodes { handle availableForSale variants(first: 20) { nodes { price { amount } selectedOptions { name value } } } }
      filters { id label type values { id label count input } } } } }`;
    type Node = {
      handle: string;
      availableForSale: boolean;
      variants: { nodes: { price: { amount: string }; selectedOptions: { name: string; value: string }[] }[] };
    };
    type Answer = {
      collection: {
        products: { nodes: Node[]; filters: { id: string; type: string; values: { label: string; count: number; input: string }[] }[] };
      };
    };
    const all = await ask<Answer>(query);
    const groups = all.collection.products.filters;
    expect(groups.map((g) => g.id)).toEqual(
      expect.arrayContaining(['filter.v.availability', 'filter.v.price', 'filter.v.option.size', 'filter.v.option.color']),
    );
    for (const group of groups.filter((g) => g.type === 'LIST')) {
      for (const value of group.values) {
        const narrowed = await ask<Answer>(query, { filters: [JSON.parse(value.input)] });
        expect(narrowed.collection.products.nodes.length, `${group.id} ${value.label}`).toBe(value.count);
      }
    }
    const black = await ask<Answer>(query, { filters: [{ variantOption: { name: 'Color', value: 'Black' } }] });
    expect(black.collection.products.nodes.length).toBeGreaterThan(0);
    for (const node of black.collection.products.nodes) {
      expect(node.variants.nodes.some((v) => v.selectedOptions.some((o) => o.name === 'Color' && o.value === 'Black'))).toBe(true);
    }
    const soldOut = await ask<Answer>(query, { filters: [{ available: false }] });
    expect(soldOut.collection.products.nodes.every((n) => !n.availableForSale)).toBe(true);
    const cheapest = Math.min(...all.collection.products.nodes.flatMap((n) => n.variants.nodes.map((v) => Number(v.price.amount))));
    const cheap = await ask<Answer>(query, { filters: [{ price: { min: 0, max: cheapest } }] });
    expect(cheap.collection.products.nodes.length).toBeGreaterThan(0);
    expect(cheap.collection.products.nodes.length).toBeLessThan(all.collection.products.nodes.length);
    for (const node of cheap.collection.products.nodes)
      expect(node.variants.nodes.some((v) => Number(v.price.amount) <= cheapest)).toBe(true);
    const refused = await postGraphql(shop.graphqlUrl, {
      query,
      variables: { filters: [{ productMetafield: { namespace: 'custom', key: 'fabric', value: 'cotton' } }] },
    });
    expect(refused.json.errors?.[0]?.message).toMatch(/^Filter 'productMetafield' .* is not implemented by the embedded shop$/);
  });

  it('puts a product published into a category in that category’s collection, creating the collection for a new category', async () => {
    await shop.store.createProduct({
      title: 'Synergy Bot 3000',
      description: 'Meetings, automated.',
      price: '25.00',
      productType: 'Office Humor',
    });
    const office = await ask<{ collection: { products: { nodes: { title: string }[] } } }>(
      '{ collection(handle: "office-humor") { products(first: 50) { nodes { title } } } }',
    );
    expect(office.collection.products.nodes.map((p) => p.title)).toContain('Synergy Bot 3000');

    const created = shop.store.content.ensureTypeCollection('Cat Humor');
    expect(created).toMatchObject({ handle: 'cat-humor', title: 'Cat Humor', productTypeRule: 'Cat Humor' });
    expect(shop.store.content.ensureTypeCollection('cat humor')!.id).toBe(created!.id);
    await shop.store.createProduct({
      title: 'Purrompt Engineer',
      description: 'Cats who prompt.',
      price: '24.00',
      productType: 'Cat Humor',
    });
    const cats = await ask<{ collection: { products: { nodes: { title: string }[] } } }>(
      '{ collection(handle: "cat-humor") { products(first: 5) { nodes { title } } } }',
    );
    expect(cats.collection.products.nodes.map((p) => p.title)).toEqual(['Purrompt Engineer']);
  });

  it('a cursor whose product left the collection since still leads on from where it stood, in either direction and any order', async () => {
    const all = await ask<{ products: { nodes: { handle: string }[] } }>('{ products(first: 8) { nodes { handle } } }');
    const handles = all.products.nodes.map((p) => p.handle);
    expect(handles).toHaveLength(8);
    const query = `query ($sortKey: ProductCollectionSortKeys, $first: Int, $last: Int, $after: String, $before: String) {
      collection(handle: "shrinking") { products(first: $first, last: $last, after: $after, before: $before, sortKey: $sortKey) {
        nodes { handle } pageInfo { startCursor endCursor } } } }`;
    type Answer = { collection: { products: { nodes: { handle: string }[]; pageInfo: { startCursor: string; endCursor: string } } } };
    const read = async (variables: Record<string, unknown>) => (await ask<Answer>(query, variables)).collection.products;
    // The collection holds the eight products but `gone`, which left it since the last page was read.
    const shrinking = (gone?: string) =>
      shop.store.content.saveCollection({
        handle: 'shrinking',
        title: 'Shrinking',
        description: '',
        productHandles: handles.filter((h) => h !== gone),
      });
    for (const sortKey of ['COLLECTION_DEFAULT', 'PRICE', 'TITLE']) {
      shrinking();
      const order = (await read({ sortKey, first: 8 })).nodes.map((p) => p.handle);
      const firstPage = await read({ sortKey, first: 3 });
      expect(firstPage.nodes.map((p) => p.handle)).toEqual(order.slice(0, 3));
      const lastPage = await read({ sortKey, last: 3 });
      expect(lastPage.nodes.map((p) => p.handle)).toEqual(order.slice(5));
      // The product a cursor names leaves the collection between two pages.
      shrinking(order[2]);
      const next = await read({ sortKey, first: 3, after: firstPage.pageInfo.endCursor });
      expect(
        next.nodes.map((p) => p.handle),
        sortKey,
      ).toEqual(order.slice(3, 6));
      shrinking(order[5]);
      const previous = await read({ sortKey, last: 3, before: lastPage.pageInfo.startCursor });
      expect(
        previous.nodes.map((p) => p.handle),
        sortKey,
      ).toEqual(order.slice(2, 5));
    }
    shop.store.content.deleteCollection('shrinking');
    // A cursor of Shopify's shape naming no item of the list, and carrying no place in it, is refused.
    const foreign = Buffer.from(JSON.stringify({ last_id: 999_999, last_value: '999999' })).toString('base64');
    const refused = await postGraphql(shop.graphqlUrl, {
      query: `{ collection(handle: "office-humor") { products(first: 2, after: "${foreign}") { nodes { handle } } } }`,
    });
    expect(refused.json.errors?.[0]?.message).toBe("Invalid cursor for Field 'products': it points at no item of this list");
  });

  it('refuses bad content with a message naming the field, and writes nothing', async () => {
    expect(() => shop.store.content.saveCollection({ title: '', handle: 'Bad Handle' })).toThrow(InvalidContentError);
    expect(() => shop.store.content.saveCollection({ title: 'Ghosts', productHandles: ['no-such-product'] })).toThrow(
      'Invalid collection: productHandles has "no-such-product", which is no product of this shop',
    );
    expect(shop.store.content.collectionByHandle('ghosts')).toBeNull();
    expect(() => shop.store.content.saveMenu({ handle: 'x', title: 'X', items: [{ title: 'A page', type: 'PAGE' }] })).toThrow(
      'Invalid menu: items.0.handle is required for a PAGE item',
    );
  });
});

describe('products(query:, sortKey:)', () => {
  const sortKeys = () =>
    (storefrontSchema().getType('ProductSortKeys') as import('graphql').GraphQLEnumType).getValues().map((v) => v.name);

  it('answers every ProductSortKeys value with the whole catalogue in that order', async () => {
    const keys = sortKeys();
    expect(keys).toEqual(
      expect.arrayContaining(['BEST_SELLING', 'CREATED_AT', 'ID', 'PRICE', 'PRODUCT_TYPE', 'RELEVANCE', 'TITLE', 'UPDATED_AT', 'VENDOR']),
    );
    const orders: Record<string, (a: ProductNode, b: ProductNode) => number> = {
      PRICE: (a, b) => price(a) - price(b),
      TITLE: (a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }),
      CREATED_AT: (a, b) => a.createdAt.localeCompare(b.createdAt),
      UPDATED_AT: (a, b) => a.updatedAt.localeCompare(b.updatedAt),
      PRODUCT_TYPE: (a, b) => a.productType.localeCompare(b.productType, 'en', { sensitivity: 'base' }),
      VENDOR: (a, b) => a.vendor.localeCompare(b.vendor, 'en', { sensitivity: 'base' }),
    };
    const count = shop.store.productCount();
    for (const sortKey of keys) {
      const data = await ask<{ products: { nodes: ProductNode[] } }>(
        `query ($sortKey: ProductSortKeys) { products(first: 250, sortKey: $sortKey) { nodes { ${PRODUCT_FIELDS} } } }`,
        { sortKey },
      );
      const nodes = data.products.nodes;
      expect(nodes, sortKey).toHaveLength(count);
      const compare = orders[sortKey];
      if (compare)
        for (let i = 1; i < nodes.length; i++) expect(compare(nodes[i - 1]!, nodes[i]!), `${sortKey} at ${i}`).toBeLessThanOrEqual(0);
    }
  });

  it('pages through a sorted list with cursors, both ways, without losing or repeating a product', async () => {
    const all = await ask<{ products: { nodes: { id: string }[] } }>('{ products(first: 250, sortKey: PRICE) { nodes { id } } }');
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: { products: { nodes: { id: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } } = await ask(
        'query ($after: String) { products(first: 4, after: $after, sortKey: PRICE) { nodes { id } pageInfo { hasNextPage endCursor } } }',
        { after },
      );
      seen.push(...page.products.nodes.map((n) => n.id));
      if (!page.products.pageInfo.hasNextPage) break;
      after = page.products.pageInfo.endCursor;
    }
    expect(seen).toEqual(all.products.nodes.map((n) => n.id));
    const last = await ask<{ products: { nodes: { id: string }[] } }>('{ products(last: 3, sortKey: PRICE) { nodes { id } } }');
    expect(last.products.nodes.map((n) => n.id)).toEqual(seen.slice(-3));
  });

  it('reads Shopify’s search syntax: fields, OR, negation, comparisons and prefixes', async () => {
    const titles = async (query: string) =>
      (
        await ask<{ products: { nodes: ProductNode[] } }>(
          `query ($q: String) { products(first: 250, query: $q) { nodes { ${PRODUCT_FIELDS} } } }`,
          { q: query },
        )
      ).products.nodes;
    const retro = await titles('tag:retro');
    expect(retro.map((p) => p.title).sort()).toEqual(['Back in My Day We Called It a Macro', "I Survived Dial-Up. I'll Survive AI."]);
    const either = await titles('tag:retro OR tag:coffee');
    expect(either).toHaveLength(3);
    const notRetro = await titles('-tag:retro');
    expect(notRetro).toHaveLength(shop.store.productCount() - 2);
    const cheap = await titles('variants.price:<24');
    expect(cheap.length).toBeGreaterThan(0);
    for (const p of cheap) expect(price(p)).toBeLessThan(24);
    expect((await titles('title:chat*')).map((p) => p.title)).toEqual(['My Co-Founder Is a Chatbot']);
    expect((await titles('available_for_sale:false')).every((p) => !p.availableForSale)).toBe(true);
    expect(await titles('zebra')).toEqual([]);
  });
});

describe('search, predictive search and recommendations', () => {
  it('searches products and pages, with totalCount, tracking parameters and product filters', async () => {
    const data = await ask<{
      search: {
        totalCount: number;
        nodes: { __typename: string; title: string; trackingParameters: string | null }[];
        productFilters: { id: string }[];
      };
    }>(`{ search(query: "robot", first: 10) { totalCount nodes { __typename ... on Product { title trackingParameters }
      ... on Page { title trackingParameters } ... on Article { title trackingParameters } } productFilters { id label values { label count } } } }`);
    expect(data.search.nodes[0]).toMatchObject({ __typename: 'Product', title: "I'm Not a Robot (I Checked the Box)" });
    expect(data.search.nodes[0]!.trackingParameters).toBe('_pos=1&_psq=robot&_ss=e&_v=1.0');
    expect(data.search.totalCount).toBe(data.search.nodes.length);
    expect(data.search.productFilters.map((f) => f.id)).toContain('filter.v.availability');

    const hidden = await ask<{ search: { nodes: { availableForSale: boolean }[] } }>(
      '{ search(query: "survive", first: 10, types: PRODUCT, unavailableProducts: HIDE) { nodes { ... on Product { availableForSale } } } }',
    );
    expect(hidden.search.nodes).toEqual([]);
    const shown = await ask<{ search: { nodes: { availableForSale: boolean }[] } }>(
      '{ search(query: "survive", first: 10, types: PRODUCT) { nodes { ... on Product { availableForSale } } } }',
    );
    expect(shown.search.nodes).toEqual([{ availableForSale: false }]);
    const empty = await postGraphql(shop.graphqlUrl, { query: '{ search(query: " ", first: 5) { totalCount } }' });
    expect(empty.json.errors?.[0]?.message).toBe("Argument 'query' on Field 'search' must not be empty");
  });

  it('sorted by price either way, sold-out products come after the rest (unavailableProducts: LAST, the default)', async () => {
    for (const reverse of [false, true]) {
      const data = await ask<{ search: { nodes: { availableForSale: boolean; priceRange: { minVariantPrice: { amount: string } } }[] } }>(
        `{ search(query: "AI", first: 50, types: PRODUCT, sortKey: PRICE, reverse: ${reverse}) { nodes { ... on Product { availableForSale priceRange { minVariantPrice { amount } } } } } }`,
      );
      const nodes = data.search.nodes;
      const firstSoldOut = nodes.findIndex((node) => !node.availableForSale);
      expect(firstSoldOut, `reverse: ${reverse}`).toBeGreaterThan(1);
      expect(
        nodes.slice(firstSoldOut).every((node) => !node.availableForSale),
        `reverse: ${reverse}`,
      ).toBe(true);
      const prices = nodes.slice(0, firstSoldOut).map((node) => Number(node.priceRange.minVariantPrice.amount));
      const sorted = [...prices].sort((x, y) => (reverse ? y - x : x - y));
      expect(prices, `reverse: ${reverse}`).toEqual(sorted);
      expect(new Set(prices).size, 'the seed has different prices among these').toBeGreaterThan(1);
    }
  });

  it('a word of only punctuation or symbols among others is left out: "Ctrl + Alt" finds what "Ctrl Alt" finds', async () => {
    const titles = async (words: string) =>
      (
        await ask<{ search: { nodes: { title: string }[] } }>(
          'query ($q: String!) { search(query: $q, first: 20, types: PRODUCT) { nodes { ... on Product { title } } } }',
          { q: words },
        )
      ).search.nodes.map((node) => node.title);
    expect(await titles('Ctrl + Alt + Delegate')).toEqual(['Ctrl + Alt + Delegate']);
    expect(await titles('Ctrl & Alt')).toEqual(await titles('Ctrl Alt'));
  });

  it.each(['&', '()', '?', '🤖', '"&"'])(
    'words of only punctuation or symbols (%s) find nothing, in search and as the shopper types',
    async (words) => {
      const data = await ask<{ search: { totalCount: number }; predictiveSearch: Record<string, unknown[]> }>(
        `query ($q: String!) { search(query: $q, first: 5) { totalCount } predictiveSearch(query: $q) { products { id } collections { id } pages { id } queries { text } } }`,
        { q: words },
      );
      expect(data.search.totalCount).toBe(0);
      expect(data.predictiveSearch).toEqual({ products: [], collections: [], pages: [], queries: [] });
    },
  );

  it('predicts products, collections, pages and query suggestions as a shopper types', async () => {
    const data = await ask<{
      predictiveSearch: {
        products: { title: string }[];
        collections: { title: string }[];
        queries: { text: string; styledText: string }[];
      };
    }>(`{ predictiveSearch(query: "offic", limit: 10, limitScope: EACH) { products { title trackingParameters } collections { title handle }
      pages { title } articles { title } queries { text styledText trackingParameters } } }`);
    expect(data.predictiveSearch.products.map((p) => p.title)).toContain('Out of Office (My AI Is Handling It)');
    expect(data.predictiveSearch.collections.map((c) => c.title)).toEqual(['Office Humor']);
    expect(data.predictiveSearch.queries).toContainEqual({
      text: 'office',
      styledText: 'offic<mark>e</mark>',
      trackingParameters: expect.any(String),
    });
    const capped = await ask<{ predictiveSearch: { products: unknown[]; collections: unknown[]; queries: unknown[] } }>(
      '{ predictiveSearch(query: "a", limit: 3) { products { id } collections { id } queries { text } } }',
    );
    const total =
      capped.predictiveSearch.products.length + capped.predictiveSearch.collections.length + capped.predictiveSearch.queries.length;
    expect(total).toBeLessThanOrEqual(3);
  });

  it('recommends related products for sale, never the product itself; none complementary; null for an unknown product', async () => {
    const data = await ask<{ productRecommendations: { handle: string; availableForSale: boolean; trackingParameters: string }[] }>(
      '{ productRecommendations(productHandle: "per-my-last-prompt") { handle availableForSale trackingParameters } }',
    );
    expect(data.productRecommendations.length).toBeGreaterThan(2);
    expect(data.productRecommendations.length).toBeLessThanOrEqual(10);
    for (const p of data.productRecommendations) {
      expect(p.handle).not.toBe('per-my-last-prompt');
      expect(p.availableForSale).toBe(true);
      expect(p.trackingParameters).toMatch(/^pr_prod_strat=/);
    }
    expect(await ask('{ productRecommendations(productHandle: "per-my-last-prompt", intent: COMPLEMENTARY) { id } }')).toEqual({
      productRecommendations: [],
    });
    expect(await ask('{ productRecommendations(productHandle: "no-such-shirt") { id } }')).toEqual({ productRecommendations: null });
  });
});

describe('content: menus, pages, policies, SEO', () => {
  it('serves the main and footer menus with nested items, URLs on the primary domain and their resources', async () => {
    const data = await ask<{
      shop: { primaryDomain: { url: string } };
      main: {
        itemsCount: number;
        items: { title: string; type: string; url: string; items: { title: string; url: string; resource: { handle: string } | null }[] }[];
      };
      footer: { items: { title: string; url: string; resourceId: string | null }[] };
    }>(`{ shop { primaryDomain { url host sslEnabled } }
      main: menu(handle: "main-menu") { id handle title itemsCount items { id title type url tags resourceId items { title url type
        resource { __typename ... on Collection { handle } } } } }
      footer: menu(handle: "footer") { title items { title url type resourceId resource { __typename ... on ShopPolicy { handle title } ... on Page { handle } } } } }`);
    const domain = data.shop.primaryDomain.url;
    expect(data.main.items.map((i) => i.title)).toEqual(['Home', 'Shop', 'About', 'FAQ']);
    expect(data.main.itemsCount).toBe(8);
    const shopItem = data.main.items[1]!;
    expect(shopItem.items).toContainEqual({
      title: 'Office Humor',
      url: `${domain}/collections/office-humor`,
      type: 'COLLECTION',
      resource: { __typename: 'Collection', handle: 'office-humor' },
    });
    expect(data.footer.items.map((i) => i.url)).toEqual(
      expect.arrayContaining([`${domain}/policies/refund-policy`, `${domain}/pages/about`, `${domain}/search`]),
    );
    expect(await ask('{ menu(handle: "nope") { id } }')).toEqual({ menu: null });
  });

  it('serves the four policies, pages and a product’s SEO; writes through the store show at once', async () => {
    const data = await ask<{ shop: Record<string, { handle: string; title: string; body: string; url: string }> }>(
      '{ shop { name brand { slogan shortDescription colors { primary { background foreground } } } privacyPolicy { id handle title body url } refundPolicy { handle title body url } shippingPolicy { handle title body url } termsOfService { handle title body url } subscriptionPolicy { id } } }',
    );
    for (const key of ['privacyPolicy', 'refundPolicy', 'shippingPolicy', 'termsOfService']) {
      expect(data.shop[key]!.body).toMatch(/^<p>/);
      expect(data.shop[key]!.url).toMatch(new RegExp(`/policies/${data.shop[key]!.handle}$`));
    }
    shop.store.content.savePolicy({ handle: 'shipping-policy', body: 'Free shipping <b>everywhere</b>.\n\nReally.' });
    const updated = await ask<{ shop: { shippingPolicy: { body: string; title: string } } }>('{ shop { shippingPolicy { title body } } }');
    expect(updated.shop.shippingPolicy).toEqual({
      title: 'Shipping Policy',
      body: '<p>Free shipping &lt;b&gt;everywhere&lt;/b&gt;.</p><p>Really.</p>',
    });

    const pages = await ask<{
      pages: { nodes: { handle: string }[] };
      page: { title: string; body: string; bodySummary: string; seo: { title: string } };
    }>(
      '{ pages(first: 10) { nodes { handle title } } page(handle: "about") { title body bodySummary seo { title description } onlineStoreUrl } }',
    );
    expect(pages.pages.nodes.map((p) => p.handle)).toEqual(['about', 'faq']);
    expect(pages.page.title).toBe('About Neural Threads');
    expect(pages.page.bodySummary.length).toBeLessThanOrEqual(151);
    const faq = await ask<{ page: { body: string } }>('{ page(handle: "faq") { body } }');
    expect(faq.page.body).toContain(SEED_DISCOUNT_CODE);

    const product = await ask<{ product: { title: string; description: string; seo: { title: string; description: string } } }>(
      '{ product(handle: "per-my-last-prompt") { title description seo { title description } } }',
    );
    expect(product.product.seo.title).toBe('Per My Last Prompt');
    // An empty SEO description is filled from the description, cut at a word boundary within 160 characters.
    const { description } = product.product;
    const filled = product.product.seo.description;
    expect(description.length).toBeGreaterThan(160);
    expect(filled.length).toBeLessThanOrEqual(160);
    expect(filled.endsWith('…')).toBe(true);
    const kept = filled.slice(0, -1);
    expect(description.startsWith(kept)).toBe(true);
    expect(description[kept.length]).toMatch(/[\s.,;:!?-]/);
  });

  it('finds collections and pages by node id', async () => {
    const data = await ask<{ collection: { id: string }; page: { id: string } }>(
      '{ collection(handle: "ai-humor") { id } page(handle: "about") { id } }',
    );
    const nodes = await ask<{ nodes: ({ __typename: string; handle: string } | null)[] }>(
      'query ($ids: [ID!]!) { nodes(ids: $ids) { __typename ... on Collection { handle } ... on Page { handle } } }',
      { ids: [data.collection.id, data.page.id] },
    );
    expect(nodes.nodes).toEqual([
      { __typename: 'Collection', handle: 'ai-humor' },
      { __typename: 'Page', handle: 'about' },
    ]);
  });
});

describe('images', () => {
  it('crops to the exact box with crop=center and Image.url(transform:) builds that URL', async () => {
    const data = await ask<{ product: { featuredImage: { url: string; cropped: string } } }>(
      '{ product(handle: "per-my-last-prompt") { featuredImage { url cropped: url(transform: {maxWidth: 400, maxHeight: 500, crop: CENTER}) } } }',
    );
    const cropped = new URL(data.product.featuredImage.cropped);
    expect(Object.fromEntries(cropped.searchParams)).toEqual({ width: '400', height: '500', crop: 'center' });
    const response = await fetch(cropped, { headers: { accept: 'image/png' } });
    expect(response.status).toBe(200);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([400, 500]);
    const plain = await fetch(`${data.product.featuredImage.url}?width=400&height=500`, { headers: { accept: 'image/png' } });
    const fitted = await sharp(Buffer.from(await plain.arrayBuffer())).metadata();
    expect([fitted.width, fitted.height]).toEqual([400, 400]);
  });
});

describe('sitemap', () => {
  it('lists products (with their image), collections, pages, blogs and articles, 250 a page from page 1', async () => {
    const query = `query ($type: SitemapType!, $page: Int!) { sitemap(type: $type) { pagesCount { count precision }
      resources(page: $page) { hasNextPage items { handle updatedAt ... on SitemapResource { title image { alt filepath updatedAt } } } } } }`;
    type Answer = {
      sitemap: {
        pagesCount: { count: number };
        resources: { hasNextPage: boolean; items: { handle: string; image: { filepath: string } | null }[] };
      };
    };
    const products = await ask<Answer>(query, { type: 'PRODUCT', page: 1 });
    expect(products.sitemap.pagesCount.count).toBe(1);
    expect(products.sitemap.resources.items).toHaveLength(shop.store.productCount());
    expect(products.sitemap.resources.hasNextPage).toBe(false);
    expect(products.sitemap.resources.items.find((i) => i.handle === 'per-my-last-prompt')?.image?.filepath).toMatch(
      /\/cdn\/shop\/files\//,
    );
    const pages = await ask<Answer>(query, { type: 'PAGE', page: 1 });
    expect(pages.sitemap.resources.items.map((i) => i.handle)).toEqual(['about', 'faq']);
    const articles = await ask<Answer>(query, { type: 'ARTICLE', page: 1 });
    expect(articles.sitemap.resources.items.map((i) => i.handle)).toEqual(['news/meet-the-generator']);
    expect((await ask<Answer>(query, { type: 'PRODUCT', page: 2 })).sitemap.resources.items).toEqual([]);
  });
});
