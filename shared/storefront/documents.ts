/**
 * Every GraphQL document the project sends to a Storefront API. Plain strings with no tooling, so the
 * browser can import the one it needs; `tests/storefront-contract.test.ts` validates each of them
 * against Shopify's real 2025-07 schema.
 */

const PRODUCT_FIELDS = /* GraphQL */ `
  fragment ProductFields on Product {
    id
    title
    description
    handle
    priceRange { minVariantPrice { amount currencyCode } }
    images(first: 5) { edges { node { url altText } } }
    variants(first: 10) {
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
  }
`;

const CART_FIELDS = /* GraphQL */ `
  fragment CartFields on Cart {
    id
    checkoutUrl
    totalQuantity
    cost { totalAmount { amount currencyCode } }
    lines(first: 100) {
      edges {
        node {
          id
          quantity
          merchandise {
            ... on ProductVariant {
              id
              title
              price { amount currencyCode }
              product { title handle }
            }
          }
        }
      }
    }
  }
`;

// Shopify's default order is by id, oldest first; `reverse: true` lists the newest first.
export const PRODUCTS_QUERY = /* GraphQL */ `
  query Products($first: Int!, $after: String, $reverse: Boolean = false) {
    products(first: $first, after: $after, reverse: $reverse) {
      edges { node { ...ProductFields } }
      pageInfo { hasNextPage endCursor }
    }
  }
  ${PRODUCT_FIELDS}
`;

export const PRODUCT_BY_HANDLE_QUERY = /* GraphQL */ `
  query ProductByHandle($handle: String!) {
    product(handle: $handle) { ...ProductFields }
  }
  ${PRODUCT_FIELDS}
`;

export const CART_CREATE_MUTATION = /* GraphQL */ `
  mutation CartCreate($input: CartInput!) {
    cartCreate(input: $input) {
      cart { ...CartFields }
      userErrors { field message }
    }
  }
  ${CART_FIELDS}
`;

export const CART_QUERY = /* GraphQL */ `
  query Cart($id: ID!) {
    cart(id: $id) { ...CartFields }
  }
  ${CART_FIELDS}
`;

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

/** Name → document, for the contract test and for logs. */
export const STOREFRONT_DOCUMENTS = {
  Products: PRODUCTS_QUERY,
  ProductByHandle: PRODUCT_BY_HANDLE_QUERY,
  CartCreate: CART_CREATE_MUTATION,
  Cart: CART_QUERY,
  ProductAvailability: PRODUCT_AVAILABILITY_QUERY,
} as const;
