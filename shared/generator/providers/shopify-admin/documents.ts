/**
 * The Admin GraphQL documents the publisher sends, one per step, and those that define the print
 * file's metafield (print-file-definition.ts), each asking only for what the next step needs plus its
 * userErrors. Written against Shopify's 2025-07 schema, which the tests validate
 * them with (tests/support/admin-schema.ts); each operation is named as its step.
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
      metafield(namespace: "custom", key: "print_file") {
        id
        value
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

/** Deletes a product the publisher made and never finished (found by its publish key), with its variants and media. */
export const PRODUCT_DELETE = /* GraphQL */ `
  mutation productDelete($input: ProductDeleteInput!) {
    productDelete(input: $input) {
      deletedProductId
      userErrors {
        field
        message
      }
    }
  }
`;

/** Deletes files (a removed product's print file: productDelete leaves the store's Files alone). */
export const FILE_DELETE = /* GraphQL */ `
  mutation fileDelete($fileIds: [ID!]!) {
    fileDelete(fileIds: $fileIds) {
      deletedFileIds
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** A file by its name (the print file an earlier attempt uploaded under the publish key). */
export const FILES_BY_NAME = /* GraphQL */ `
  query files($query: String!) {
    files(first: 10, query: $query) {
      nodes {
        id
        fileStatus
        ... on GenericFile {
          url
        }
      }
    }
  }
`;

/** The print file from its staged upload: a GenericFile, so Shopify keeps the PNG as it is (no image processing). */
export const FILE_CREATE = /* GraphQL */ `
  mutation fileCreate($files: [FileCreateInput!]!) {
    fileCreate(files: $files) {
      files {
        id
        fileStatus
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/** A file is processed after fileCreate answers; it is linked once READY. */
export const FILE_STATUS = /* GraphQL */ `
  query fileStatus($id: ID!) {
    node(id: $id) {
      id
      ... on File {
        fileStatus
        fileErrors {
          code
          message
          details
        }
      }
    }
  }
`;

/** The product's custom.print_file metafield (file_reference) pointing at the print file. */
export const METAFIELDS_SET = /* GraphQL */ `
  mutation metafieldsSet($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields {
        id
        namespace
        key
        type
        value
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

/**
 * The collection of a generator category, by its handle: whether it is a smart collection (a rule set)
 * and whether it already holds the product (a retry, or a smart collection's rules at work).
 */
export const COLLECTION_BY_IDENTIFIER = /* GraphQL */ `
  query collectionByIdentifier($identifier: CollectionIdentifierInput!, $productId: ID!) {
    collectionByIdentifier(identifier: $identifier) {
      id
      ruleSet {
        appliedDisjunctively
      }
      hasProduct(id: $productId)
    }
  }
`;

/** A category's smart collection: every product whose product type is the category. */
export const COLLECTION_CREATE = /* GraphQL */ `
  mutation collectionCreate($input: CollectionInput!) {
    collectionCreate(input: $input) {
      collection {
        id
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** A product into a category's collection that the merchant made by hand (no rules to gather it). */
export const COLLECTION_ADD_PRODUCTS = /* GraphQL */ `
  mutation collectionAddProducts($id: ID!, $productIds: [ID!]!) {
    collectionAddProducts(id: $id, productIds: $productIds) {
      userErrors {
        field
        message
      }
    }
  }
`;

// The print file's metafield definition: looked up, made when missing.
export const METAFIELD_DEFINITION_LOOKUP = /* GraphQL */ `
  query metafieldDefinitions($ownerType: MetafieldOwnerType!, $namespace: String!, $key: String!) {
    metafieldDefinitions(first: 1, ownerType: $ownerType, namespace: $namespace, key: $key) {
      nodes {
        id
        name
        type {
          name
        }
        access {
          storefront
        }
        pinnedPosition
        validations {
          name
          value
        }
      }
    }
  }
`;

export const METAFIELD_DEFINITION_CREATE = /* GraphQL */ `
  mutation metafieldDefinitionCreate($definition: MetafieldDefinitionInput!) {
    metafieldDefinitionCreate(definition: $definition) {
      createdDefinition {
        id
        name
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;
