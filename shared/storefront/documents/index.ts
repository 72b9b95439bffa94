/**
 * Every GraphQL document the project sends to a Storefront API, here and in `cart.ts` beside this
 * module. Plain strings with no tooling, so the browser can import the one it needs;
 * `tests/storefront/contract.test.ts` validates each of them against Shopify's real 2025-07 schema.
 * The cart's documents have a module of their own because a bundle keeps a module's used exports
 * together: here, the checkout's mutation would ride along with the product page's and the search
 * page's own scripts, though only the cart drawer, loaded on first open, sends it.
 */
import { CART_CREATE_MUTATION, CART_QUERY } from './cart.ts';

export { CART_CREATE_MUTATION, CART_QUERY } from './cart.ts';

/**
 * A product as a page shows it (ProductFields: its photos and every variant) or as a card shows it
 * (CardFields: the first of each): the same fields, only how many images and variants differ.
 */
function productFragment(name: string, images: number, variants: number): string {
  return /* GraphQL */ `
  fragment ${name} on Product {
    id
    title
    description
    handle
    priceRange { minVariantPrice { amount currencyCode } }
    images(first: ${images}) { edges { node { url altText } } }
    variants(first: ${variants}) {
      edges {
        node {
          id
          title
          price { amount currencyCode }
          availableForSale
          selectedOptions { name value }
        }
      }
    }
    options { name values }
    seo { title description }
  }
`;
}

const PRODUCT_FIELDS = /* @__PURE__ */ productFragment('ProductFields', 5, 10);

/**
 * A query followed by the fragment it spreads. A call the bundler may drop: a browser bundle that
 * never sends the query then carries neither (a template literal around the fragment would stay).
 */
const withFragment = (query: string, fragment: string): string => query + fragment;

// Shopify's default order is by id, oldest first; `reverse: true` lists the newest first.
export const PRODUCTS_QUERY = /* @__PURE__ */ withFragment(
  /* GraphQL */ `
  query Products($first: Int!, $after: String, $reverse: Boolean = false) {
    products(first: $first, after: $after, reverse: $reverse) {
      edges { node { ...ProductFields } }
      pageInfo { hasNextPage endCursor }
    }
  }
`,
  PRODUCT_FIELDS,
);

export const PRODUCT_BY_HANDLE_QUERY = /* @__PURE__ */ withFragment(
  /* GraphQL */ `
  query ProductByHandle($handle: String!) {
    product(handle: $handle) { ...ProductFields }
  }
`,
  PRODUCT_FIELDS,
);

/** The product page re-reads price and availability in the browser after load (pages are static). */
export const PRODUCT_AVAILABILITY_QUERY = /* GraphQL */ `
  query ProductAvailability($handle: String!) {
    product(handle: $handle) {
      id
      priceRange { minVariantPrice { amount currencyCode } }
      variants(first: 10) {
        edges { node { id availableForSale price { amount currencyCode } } }
      }
    }
  }
`;

/** A product as a card shows it: enough for the grid, search results and recommendations. */
const CARD_FIELDS = /* @__PURE__ */ productFragment('CardFields', 1, 1);

/** The header's search box: a few products and collections as the shopper types (live, from the browser). */
export const PREDICTIVE_SEARCH_QUERY = /* GraphQL */ `
  query PredictiveSearch($query: String!, $limit: Int!) {
    predictiveSearch(query: $query, limit: $limit, types: [PRODUCT, COLLECTION]) {
      products {
        id
        handle
        title
        priceRange { minVariantPrice { amount currencyCode } }
        images(first: 1) { edges { node { url altText } } }
      }
      collections { id handle title }
    }
  }
`;

/** The /search page's results (live, from the browser), a page at a time. */
export const SEARCH_QUERY = /* GraphQL */ `
  query Search($query: String!, $first: Int!, $after: String, $sortKey: SearchSortKeys = RELEVANCE, $reverse: Boolean = false) {
    search(query: $query, first: $first, after: $after, types: [PRODUCT], sortKey: $sortKey, reverse: $reverse) {
      totalCount
      edges { node { ... on Product { ...CardFields } } }
      pageInfo { hasNextPage endCursor }
    }
  }
  ${CARD_FIELDS}
`;

/** Every collection with its SEO, for the collection pages, the home page's links and the sitemap. */
export const COLLECTIONS_QUERY = /* GraphQL */ `
  query Collections($first: Int!, $after: String) {
    collections(first: $first, after: $after) {
      edges {
        node {
          id
          handle
          title
          description
          seo { title description }
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

/**
 * One cursor page of a collection's product ids in one order: a build already holds every product
 * from the catalogue walk, so the collection's pages need only which products, in which order.
 */
export const COLLECTION_PRODUCT_IDS_QUERY = /* GraphQL */ `
  query CollectionProductIds($handle: String!, $first: Int!, $after: String, $sortKey: ProductCollectionSortKeys!, $reverse: Boolean!) {
    collection(handle: $handle) {
      id
      products(first: $first, after: $after, sortKey: $sortKey, reverse: $reverse) {
        edges { node { id } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
`;

/**
 * "You may also like" for `count` products in one request (aliases r0, r1, …; variables p0, p1, …):
 * a build asks for every product page's recommendations, so one request per product would be
 * thousands of round trips. Only the ids: the build takes the products themselves from its catalogue.
 */
export function productRecommendationsBatch(count: number): string {
  const indexes = Array.from({ length: count }, (_, i) => i);
  const variables = indexes.map((i) => `$p${i}: ID!`).join(', ');
  const fields = indexes.map((i) => `    r${i}: productRecommendations(productId: $p${i}, intent: RELATED) { id }`).join('\n');
  return `query ProductRecommendations(${variables}) {\n${fields}\n  }`;
}

/** A navigation menu (the header's and the footer's), two levels deep. */
export const MENU_QUERY = /* GraphQL */ `
  query Menu($handle: String!) {
    menu(handle: $handle) {
      id
      items {
        title
        url
        type
        items { title url type }
      }
    }
  }
`;

/** The shop's four policies; a policy the shop has not written is null. */
export const SHOP_POLICIES_QUERY = /* GraphQL */ `
  query ShopPolicies {
    shop {
      privacyPolicy { ...PolicyFields }
      refundPolicy { ...PolicyFields }
      shippingPolicy { ...PolicyFields }
      termsOfService { ...PolicyFields }
    }
  }
  fragment PolicyFields on ShopPolicy { id handle title body }
`;

/** The shop's content pages (About, FAQ, …), with their SEO. */
export const PAGES_QUERY = /* GraphQL */ `
  query Pages($first: Int!, $after: String) {
    pages(first: $first, after: $after) {
      edges {
        node {
          id
          handle
          title
          body
          bodySummary
          seo { title description }
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

/**
 * Name → document, for the contract test and for logs. The calls here and above are marked pure so a
 * browser bundle, which imports this module for a few documents, drops what it does not use.
 */
export const STOREFRONT_DOCUMENTS = {
  Products: PRODUCTS_QUERY,
  ProductByHandle: PRODUCT_BY_HANDLE_QUERY,
  CartCreate: CART_CREATE_MUTATION,
  Cart: CART_QUERY,
  ProductAvailability: PRODUCT_AVAILABILITY_QUERY,
  PredictiveSearch: PREDICTIVE_SEARCH_QUERY,
  Search: SEARCH_QUERY,
  Collections: COLLECTIONS_QUERY,
  CollectionProductIds: COLLECTION_PRODUCT_IDS_QUERY,
  ProductRecommendations: /* @__PURE__ */ productRecommendationsBatch(2),
  Menu: MENU_QUERY,
  ShopPolicies: SHOP_POLICIES_QUERY,
  Pages: PAGES_QUERY,
} as const;
