/**
 * Storefront API 2025-07 documents written for these tests in the style of the popular open-source
 * storefronts (a Hydrogen storefront, a Next.js storefront, an Astro storefront): the same fields,
 * fragments, page sizes and variables they send, so the embedded shop is tried on what real
 * storefronts ask. Each is validated against Shopify's schema by the shop itself.
 */

const HYDROGEN_VARIANT = /* GraphQL */ `
  fragment ProductVariant on ProductVariant {
    availableForSale
    compareAtPrice { amount currencyCode }
    id
    image { __typename id url altText width height }
    price { amount currencyCode }
    product { title handle }
    selectedOptions { name value }
    sku
    title
    unitPrice { amount currencyCode }
  }
`;

/** A Hydrogen product page: variant fields, encoded availability, adjacent variants, SEO. */
export const HYDROGEN_PRODUCT = /* GraphQL */ `
  query Product($country: CountryCode, $handle: String!, $language: LanguageCode, $selectedOptions: [SelectedOptionInput!]!)
  @inContext(country: $country, language: $language) {
    product(handle: $handle) {
      id
      title
      vendor
      handle
      descriptionHtml
      description
      encodedVariantExistence
      encodedVariantAvailability
      options {
        name
        optionValues {
          name
          firstSelectableVariant { ...ProductVariant }
          swatch { color image { previewImage { url } } }
        }
      }
      selectedOrFirstAvailableVariant(selectedOptions: $selectedOptions, ignoreUnknownOptions: true, caseInsensitiveMatch: true) {
        ...ProductVariant
      }
      adjacentVariants(selectedOptions: $selectedOptions) { ...ProductVariant }
      seo { description title }
    }
  }
  ${HYDROGEN_VARIANT}
`;

/** A Hydrogen collection page: filters, sort, cursor pages. */
export const HYDROGEN_COLLECTION = /* GraphQL */ `
  query Collection($handle: String!, $filters: [ProductFilter!], $sortKey: ProductCollectionSortKeys!, $reverse: Boolean, $first: Int, $endCursor: String) {
    collection(handle: $handle) {
      id
      handle
      title
      description
      seo { title description }
      products(first: $first, after: $endCursor, filters: $filters, sortKey: $sortKey, reverse: $reverse) {
        filters { id label type values { id label count input } }
        nodes {
          id
          handle
          title
          featuredImage { id altText url width height }
          priceRange { minVariantPrice { amount currencyCode } maxVariantPrice { amount currencyCode } }
        }
        pageInfo { hasPreviousPage hasNextPage endCursor startCursor }
      }
    }
  }
`;

/** A Hydrogen header search box. */
export const HYDROGEN_PREDICTIVE_SEARCH = /* GraphQL */ `
  query PredictiveSearch($limit: Int!, $limitScope: PredictiveSearchLimitScope!, $term: String!, $types: [PredictiveSearchType!]) {
    predictiveSearch(limit: $limit, limitScope: $limitScope, query: $term, types: $types) {
      articles { __typename handle id image { url altText width height } title trackingParameters }
      collections { __typename handle id image { url altText width height } title trackingParameters }
      pages { __typename handle id title trackingParameters }
      products {
        __typename
        handle
        id
        title
        trackingParameters
        selectedOrFirstAvailableVariant { id image { url altText width height } price { amount currencyCode } }
      }
      queries { __typename text styledText trackingParameters }
    }
  }
`;

/** A Hydrogen layout: shop, brand and the header menu. */
export const HYDROGEN_HEADER = /* GraphQL */ `
  fragment MenuItem on MenuItem { id resourceId tags title type url }
  fragment ChildMenuItem on MenuItem { ...MenuItem }
  fragment ParentMenuItem on MenuItem { ...MenuItem items { ...ChildMenuItem } }
  fragment Menu on Menu { id items { ...ParentMenuItem } }
  query Header($country: CountryCode, $headerMenuHandle: String!, $language: LanguageCode) @inContext(language: $language, country: $country) {
    shop { id name description primaryDomain { url } brand { logo { image { url } } } }
    menu(handle: $headerMenuHandle) { ...Menu }
  }
`;

/** A Hydrogen policy page. */
export const HYDROGEN_POLICY = /* GraphQL */ `
  fragment Policy on ShopPolicy { body handle id title url }
  query Policy($privacyPolicy: Boolean = false, $refundPolicy: Boolean = false, $shippingPolicy: Boolean = false, $termsOfService: Boolean = false) {
    shop {
      privacyPolicy @include(if: $privacyPolicy) { ...Policy }
      shippingPolicy @include(if: $shippingPolicy) { ...Policy }
      termsOfService @include(if: $termsOfService) { ...Policy }
      refundPolicy @include(if: $refundPolicy) { ...Policy }
    }
  }
`;

const HYDROGEN_CART = /* GraphQL */ `
  fragment Money on MoneyV2 { currencyCode amount }
  fragment CartLine on CartLine {
    id
    quantity
    attributes { key value }
    cost { totalAmount { ...Money } amountPerQuantity { ...Money } compareAtAmountPerQuantity { ...Money } }
    merchandise {
      ... on ProductVariant {
        id availableForSale compareAtPrice { ...Money } price { ...Money } requiresShipping title
        image { id url altText width height }
        product { handle title id vendor }
        selectedOptions { name value }
      }
    }
  }
  fragment CartApiQuery on Cart {
    updatedAt id checkoutUrl totalQuantity note
    appliedGiftCards { id lastCharacters amountUsed { ...Money } }
    buyerIdentity { countryCode email phone }
    lines(first: $numCartLines) { nodes { ...CartLine } }
    cost { subtotalAmount { ...Money } totalAmount { ...Money } totalDutyAmount { ...Money } totalTaxAmount { ...Money } }
    attributes { key value }
    discountCodes { code applicable }
  }
`;

/** Hydrogen's cart mutations, each answering the whole cart. */
export const HYDROGEN_CART_CREATE = /* GraphQL */ `
  mutation cartCreate($input: CartInput!, $numCartLines: Int = 100) {
    cartCreate(input: $input) { cart { ...CartApiQuery } userErrors { message field code } warnings { message code target } }
  }
  ${HYDROGEN_CART}
`;
export const HYDROGEN_CART_LINES_ADD = /* GraphQL */ `
  mutation cartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!, $numCartLines: Int = 100) {
    cartLinesAdd(cartId: $cartId, lines: $lines) { cart { ...CartApiQuery } userErrors { message field code } warnings { message code target } }
  }
  ${HYDROGEN_CART}
`;
export const HYDROGEN_CART_LINES_UPDATE = /* GraphQL */ `
  mutation cartLinesUpdate($cartId: ID!, $lines: [CartLineUpdateInput!]!, $numCartLines: Int = 100) {
    cartLinesUpdate(cartId: $cartId, lines: $lines) { cart { ...CartApiQuery } userErrors { message field code } warnings { message code target } }
  }
  ${HYDROGEN_CART}
`;
export const HYDROGEN_CART_LINES_REMOVE = /* GraphQL */ `
  mutation cartLinesRemove($cartId: ID!, $lineIds: [ID!]!, $numCartLines: Int = 100) {
    cartLinesRemove(cartId: $cartId, lineIds: $lineIds) { cart { ...CartApiQuery } userErrors { message field code } warnings { message code target } }
  }
  ${HYDROGEN_CART}
`;
export const HYDROGEN_CART_DISCOUNT = /* GraphQL */ `
  mutation cartDiscountCodesUpdate($cartId: ID!, $discountCodes: [String!], $numCartLines: Int = 100) {
    cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $discountCodes) {
      cart { ...CartApiQuery } userErrors { message field code } warnings { message code target }
    }
  }
  ${HYDROGEN_CART}
`;

const NEXT_IMAGE = /* GraphQL */ `fragment image on Image { url altText width height }`;
const NEXT_SEO = /* GraphQL */ `fragment seo on SEO { description title }`;
const NEXT_PRODUCT = /* GraphQL */ `
  fragment product on Product {
    id handle availableForSale title description descriptionHtml
    options { id name values }
    priceRange { maxVariantPrice { amount currencyCode } minVariantPrice { amount currencyCode } }
    variants(first: 250) { edges { node { id title availableForSale selectedOptions { name value } price { amount currencyCode } } } }
    featuredImage { ...image }
    images(first: 20) { edges { node { ...image } } }
    seo { ...seo }
    tags
    updatedAt
  }
  ${NEXT_IMAGE}
  ${NEXT_SEO}
`;
const NEXT_CART = /* GraphQL */ `
  fragment cart on Cart {
    id checkoutUrl
    cost { subtotalAmount { amount currencyCode } totalAmount { amount currencyCode } totalTaxAmount { amount currencyCode } }
    lines(first: 100) {
      edges {
        node {
          id quantity
          cost { totalAmount { amount currencyCode } }
          merchandise { ... on ProductVariant { id title selectedOptions { name value } product { ...product } } }
        }
      }
    }
    totalQuantity
  }
  ${NEXT_PRODUCT}
`;

/** A Next.js storefront's product list (search and sort), the costliest document it sends with its cart. */
export const NEXT_PRODUCTS = /* GraphQL */ `
  query getProducts($sortKey: ProductSortKeys, $reverse: Boolean, $query: String) {
    products(sortKey: $sortKey, reverse: $reverse, query: $query, first: 100) { edges { node { ...product } } }
  }
  ${NEXT_PRODUCT}
`;
export const NEXT_PRODUCT_PAGE = /* GraphQL */ `
  query getProduct($handle: String!) { product(handle: $handle) { ...product } }
  ${NEXT_PRODUCT}
`;
export const NEXT_COLLECTION_PRODUCTS = /* GraphQL */ `
  query getCollectionProducts($handle: String!, $sortKey: ProductCollectionSortKeys, $reverse: Boolean) {
    collection(handle: $handle) { products(sortKey: $sortKey, reverse: $reverse, first: 100) { edges { node { ...product } } } }
  }
  ${NEXT_PRODUCT}
`;
export const NEXT_RECOMMENDATIONS = /* GraphQL */ `
  query getProductRecommendations($productId: ID!) { productRecommendations(productId: $productId) { ...product } }
  ${NEXT_PRODUCT}
`;
export const NEXT_CART_QUERY = /* GraphQL */ `
  query getCart($cartId: ID!) { cart(id: $cartId) { ...cart } }
  ${NEXT_CART}
`;
export const NEXT_ADD_TO_CART = /* GraphQL */ `
  mutation addToCart($cartId: ID!, $lines: [CartLineInput!]!) { cartLinesAdd(cartId: $cartId, lines: $lines) { cart { ...cart } } }
  ${NEXT_CART}
`;
export const NEXT_MENU = /* GraphQL */ `
  query getMenu($handle: String!) { menu(handle: $handle) { items { title url } } }
`;
export const NEXT_PAGE = /* GraphQL */ `
  query getPage($handle: String!) {
    pageByHandle(handle: $handle) { id title handle body bodySummary seo { ...seo } createdAt updatedAt }
  }
  ${NEXT_SEO}
`;
export const NEXT_COLLECTIONS = /* GraphQL */ `
  query getCollections {
    collections(first: 100, sortKey: TITLE) { edges { node { handle title description seo { ...seo } updatedAt } } }
  }
  ${NEXT_SEO}
`;

/** An Astro storefront's product grid and cart. */
export const ASTRO_PRODUCTS = /* GraphQL */ `
  fragment imageFragment on Image { url width height altText }
  fragment productFragment on Product {
    id title handle description
    images(first: 10) { nodes { ...imageFragment } }
    variants(first: 10) { nodes { id title availableForSale quantityAvailable price { amount currencyCode } } }
    featuredImage { ...imageFragment }
  }
  query getProducts($first: Int!) { products(first: $first, sortKey: CREATED_AT, reverse: true) { edges { node { ...productFragment } } } }
`;
export const ASTRO_CART_ADD = /* GraphQL */ `
  fragment cartFragment on Cart {
    id totalQuantity checkoutUrl
    cost { subtotalAmount { amount currencyCode } }
    lines(first: 100) {
      nodes {
        id quantity
        merchandise { ... on ProductVariant { id title image { url altText width height } product { handle title } price { amount currencyCode } } }
        cost { amountPerQuantity { amount currencyCode } subtotalAmount { amount currencyCode } totalAmount { amount currencyCode } }
      }
    }
  }
  mutation addCartLines($cartId: ID!, $merchandiseId: ID!, $quantity: Int) {
    cartLinesAdd(cartId: $cartId, lines: [{ merchandiseId: $merchandiseId, quantity: $quantity }]) { cart { ...cartFragment } userErrors { field message } }
  }
`;

/** A product page whose recommendations arrive later (`@defer`). */
export const DEFERRED_RECOMMENDATIONS = /* GraphQL */ `
  query ProductWithRecommendations($handle: String!) {
    product(handle: $handle) {
      id
      title
      ... @defer(label: "recommendations") { seo { title } collections(first: 3) { nodes { handle } } }
    }
  }
`;

/** Every document above, for the cost margin and the schema checks. */
export const STOREFRONT_STYLE_DOCUMENTS = {
  HYDROGEN_PRODUCT,
  HYDROGEN_COLLECTION,
  HYDROGEN_PREDICTIVE_SEARCH,
  HYDROGEN_HEADER,
  HYDROGEN_POLICY,
  HYDROGEN_CART_CREATE,
  HYDROGEN_CART_LINES_ADD,
  HYDROGEN_CART_LINES_UPDATE,
  HYDROGEN_CART_LINES_REMOVE,
  HYDROGEN_CART_DISCOUNT,
  NEXT_PRODUCTS,
  NEXT_PRODUCT_PAGE,
  NEXT_COLLECTION_PRODUCTS,
  NEXT_RECOMMENDATIONS,
  NEXT_CART_QUERY,
  NEXT_ADD_TO_CART,
  NEXT_MENU,
  NEXT_PAGE,
  NEXT_COLLECTIONS,
  ASTRO_PRODUCTS,
  ASTRO_CART_ADD,
  DEFERRED_RECOMMENDATIONS,
} as const;
