/**
 * The Admin GraphQL 2025-07 documents the publisher sends, one per step, each asking only for what
 * the next step needs plus its userErrors.
 */

export const STAGED_UPLOADS_CREATE = /* GraphQL */ `
  mutation stagedUploadsCreate($input: [StagedUploadInput!]!) {
    stagedUploadsCreate(input: $input) {
      stagedTargets {
        url
        resourceUrl
        parameters {
          name
          value
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export const PRODUCT_CREATE = /* GraphQL */ `
  mutation productCreate($product: ProductCreateInput!, $media: [CreateMediaInput!]) {
    productCreate(product: $product, media: $media) {
      product {
        id
        handle
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export const PRODUCT_VARIANTS_BULK_CREATE = /* GraphQL */ `
  mutation productVariantsBulkCreate(
    $productId: ID!
    $variants: [ProductVariantsBulkInput!]!
    $strategy: ProductVariantsBulkCreateStrategy
  ) {
    productVariantsBulkCreate(productId: $productId, variants: $variants, strategy: $strategy) {
      productVariants {
        id
        price
        selectedOptions {
          name
          value
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** `name` is deprecated in favour of `catalog.title`, but still answers where a catalog is missing. */
export const PUBLICATIONS = /* GraphQL */ `
  query publications($first: Int!) {
    publications(first: $first) {
      nodes {
        id
        name
        catalog {
          title
        }
      }
    }
  }
`;

export const PUBLISHABLE_PUBLISH = /* GraphQL */ `
  mutation publishablePublish($id: ID!, $input: [PublicationInput!]!) {
    publishablePublish(id: $id, input: $input) {
      userErrors {
        field
        message
      }
    }
  }
`;

/** The product made earlier under this handle (the publish key), if any: a retry finds it instead of making another. */
export const PRODUCT_BY_IDENTIFIER = /* GraphQL */ `
  query productByIdentifier($identifier: ProductIdentifierInput!) {
    productByIdentifier(identifier: $identifier) {
      id
      handle
      status
      variantsCount {
        count
      }
    }
  }
`;

/** The last step before publishing: the finished product goes from DRAFT to ACTIVE. */
export const PRODUCT_UPDATE = /* GraphQL */ `
  mutation productUpdate($product: ProductUpdateInput!) {
    productUpdate(product: $product) {
      product {
        id
        status
      }
      userErrors {
        field
        message
      }
    }
  }
`;
