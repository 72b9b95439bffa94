/** The shop's content beyond products, as the store hands it to the GraphQL layer. */

export interface CollectionRecord {
  readonly __typename: 'Collection';
  id: number;
  handle: string;
  title: string;
  description: string;
  seoTitle: string | null;
  seoDescription: string | null;
  /** Products of this type (case-insensitive) belong to the collection too: publishing into a category fills it. */
  productTypeRule: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a menu item points at; `url` only for HTTP items. */
export type MenuItemType =
  | 'FRONTPAGE'
  | 'COLLECTION'
  | 'COLLECTIONS'
  | 'CATALOG'
  | 'PRODUCT'
  | 'PAGE'
  | 'BLOG'
  | 'SHOP_POLICY'
  | 'SEARCH'
  | 'HTTP';

export interface MenuItemSpec {
  title: string;
  type: MenuItemType;
  /** The handle of the collection, product, page, blog or policy the item links to. */
  handle?: string | undefined;
  /** The address of an HTTP item. */
  url?: string | undefined;
  items?: MenuItemSpec[] | undefined;
}

export interface MenuRecord {
  readonly __typename: 'Menu';
  id: number;
  handle: string;
  title: string;
  items: MenuItemSpec[];
}

export interface PageRecord {
  readonly __typename: 'Page';
  id: number;
  handle: string;
  title: string;
  /** HTML. */
  body: string;
  seoTitle: string | null;
  seoDescription: string | null;
  createdAt: string;
  updatedAt: string;
}

export const POLICY_HANDLES = ['privacy-policy', 'refund-policy', 'shipping-policy', 'terms-of-service'] as const;
export type PolicyHandle = (typeof POLICY_HANDLES)[number];

/** A policy's title unless the shop writes its own. */
export const POLICY_TITLES: Readonly<Record<PolicyHandle, string>> = {
  'privacy-policy': 'Privacy Policy',
  'refund-policy': 'Refund Policy',
  'shipping-policy': 'Shipping Policy',
  'terms-of-service': 'Terms of Service',
};

export interface PolicyRecord {
  readonly __typename: 'ShopPolicy';
  id: number;
  handle: PolicyHandle;
  title: string;
  /** HTML. */
  body: string;
  updatedAt: string;
}

export interface BlogRecord {
  readonly __typename: 'Blog';
  id: number;
  handle: string;
  title: string;
}

export interface ArticleRecord {
  readonly __typename: 'Article';
  id: number;
  blogId: number;
  blogHandle: string;
  handle: string;
  title: string;
  author: string;
  /** HTML. */
  body: string;
  excerpt: string | null;
  tags: string[];
  publishedAt: string;
}

export interface DiscountCodeRecord {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  minimumSubtotalCents: number;
}
