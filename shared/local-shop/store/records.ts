/**
 * What the store hands to the GraphQL layer and the HTML pages. `__typename` lets graphql-js resolve
 * abstract types (Node, Merchandise, BaseCartLine) without a lookup table.
 */

export interface SelectedOption {
  name: string;
  value: string;
}

export interface ProductOptionRecord {
  name: string;
  values: string[];
}

export interface ImageRecord {
  readonly __typename: 'Image';
  id: number;
  productId: number;
  /** Content-addressed file name, `<sha256>.<ext>`. */
  file: string;
  width: number;
  height: number;
  altText: string | null;
}

export interface VariantRecord {
  readonly __typename: 'ProductVariant';
  id: number;
  productId: number;
  title: string;
  sku: string | null;
  priceCents: number;
  currencyCode: string;
  availableForSale: boolean;
  selectedOptions: SelectedOption[];
  imageId: number | null;
  /** Units in stock; null when the shop does not track this variant's inventory. */
  quantityAvailable: number | null;
}

export interface ProductRecord {
  readonly __typename: 'Product';
  id: number;
  handle: string;
  title: string;
  description: string;
  productType: string;
  vendor: string;
  tags: string[];
  options: ProductOptionRecord[];
  createdAt: string;
  updatedAt: string;
  seoTitle: string | null;
  seoDescription: string | null;
  variants: VariantRecord[];
  images: ImageRecord[];
}

export interface CartLineRecord {
  readonly __typename: 'CartLine';
  id: number;
  cartToken: string;
  quantity: number;
  variant: VariantRecord;
  product: ProductRecord;
}

export interface CartBuyerIdentityRecord {
  email?: string | null;
  phone?: string | null;
  countryCode?: string | null;
}

export interface CartRecord {
  readonly __typename: 'Cart';
  token: string;
  key: string;
  createdAt: string;
  updatedAt: string;
  lines: CartLineRecord[];
  note: string;
  attributes: { key: string; value: string }[];
  buyerIdentity: CartBuyerIdentityRecord;
  /** As entered, in order; whether each applies is worked out when the cost is read. */
  discountCodes: string[];
}
