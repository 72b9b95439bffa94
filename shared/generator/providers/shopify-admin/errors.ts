import { isRecord, type ErrorKind } from '../../../common/index.ts';
/**
 * Publishing failures as one line that names the step that failed ("Shopify productCreate failed:
 * title: can't be blank"), so a staff member knows how far a product got. Never the access token.
 */

export type PublishStep =
  | 'image download'
  | 'stagedUploadsCreate'
  | 'image upload'
  | 'productByIdentifier'
  | 'productCreate'
  | 'productVariantsBulkCreate'
  | 'productUpdate'
  // Taking a product that was never finished out of the store again (Discard of a partly published product).
  | 'productDelete'
  | 'publications'
  | 'publishablePublish'
  // The category's collection: found by handle, else made (a smart collection by product type).
  | 'collectionByIdentifier'
  | 'collectionCreate'
  | 'collectionAddProducts'
  // The print file: read, uploaded to Shopify's Files, waited for, and linked from the product.
  | 'print file download'
  | 'print file upload'
  | 'files'
  | 'fileCreate'
  | 'fileStatus'
  | 'metafieldsSet'
  // The print file of a product taken out again.
  | 'fileDelete'
  // Subscribing the store's webhooks (shared/webhooks/register.ts) goes through the same client.
  | 'webhookSubscriptions'
  | 'webhookSubscriptionCreate'
  // Defining custom.print_file on the store (print-file-definition.ts), likewise.
  | 'metafieldDefinitions'
  | 'metafieldDefinitionCreate';

/** The ways the Shopify Admin API fails, each a row of the kinds table (shared/common/error-kinds.ts). */
export type PublishFailureKind = Extract<
  ErrorKind,
  'user-errors' | 'graphql' | 'http' | 'auth' | 'billing' | 'throttled' | 'network' | 'timeout' | 'invalid-response' | 'image'
>;

export class ShopifyPublishError extends Error {
  override name = 'ShopifyPublishError';
  readonly step: PublishStep;
  readonly kind: PublishFailureKind;
  readonly status: number | undefined;
  /** What went wrong, without the step prefix. */
  readonly detail: string;
  /** Set when the product already exists in the store, so nobody has to hunt for the half-finished one. */
  readonly productId: string | undefined;
  /**
   * Set when the store surely holds nothing under the product's publish key after this failure (it had
   * none, and the failure came before productCreate or was productCreate refused), so the product may
   * still be changed before it is published (leftNothingInShop in pipeline.ts).
   */
  readonly nothingInShop: boolean;

  constructor(
    step: PublishStep,
    kind: PublishFailureKind,
    detail: string,
    options: { status?: number; cause?: unknown; productId?: string; nothingInShop?: boolean } = {},
  ) {
    const created = options.productId ? `; product ${options.productId} was created but not finished` : '';
    super(`Shopify ${step} failed: ${detail}${created}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.step = step;
    this.kind = kind;
    this.detail = detail;
    this.status = options.status;
    this.productId = options.productId;
    this.nothingInShop = options.nothingInShop === true && !options.productId;
  }

  /**
   * Whether Shopify surely did not carry out the call that failed so: it answered userErrors, or
   * refused the call before running it (the token, billing, throttling, another 4xx). A lost or
   * unreadable answer, a 5xx or a GraphQL error may come after the call was carried out.
   */
  get refused(): boolean {
    if (['user-errors', 'auth', 'billing', 'throttled'].includes(this.kind)) return true;
    return this.kind === 'http' && this.status !== undefined && this.status < 500;
  }

  /** The same failure, marked as having left nothing in the store under the publish key. */
  leftNothing(): ShopifyPublishError {
    return new ShopifyPublishError(this.step, this.kind, this.detail, {
      ...(this.status === undefined ? {} : { status: this.status }),
      cause: this.cause ?? this,
      nothingInShop: true,
    });
  }

  /** The same failure, marked with the product it left behind. */
  withProduct(productId: string): ShopifyPublishError {
    return new ShopifyPublishError(this.step, this.kind, this.detail, {
      ...(this.status === undefined ? {} : { status: this.status }),
      cause: this.cause ?? this,
      productId,
    });
  }
}

export interface UserError {
  field?: string[] | null;
  message: string;
  /** The error code some payloads carry (FilesUserError, MetafieldsSetUserError). */
  code?: string | null;
}

const MAX_DETAIL = 300;

/** Text that came from a server, on one line and of bounded length. */
export function tidy(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_DETAIL ? `${line.slice(0, MAX_DETAIL - 1)}…` : line;
}

/** A mutation payload's userErrors: none when there is no payload or no list, and only entries that are objects. */
export function userErrorsOf(payload: Record<string, unknown> | undefined): UserError[] {
  return Array.isArray(payload?.userErrors) ? (payload.userErrors.filter(isRecord) as unknown as UserError[]) : [];
}

/** `title: Title can't be blank; variants.0.price: must be positive`. */
export function describeUserErrors(errors: readonly UserError[]): string {
  return tidy(
    errors
      .slice(0, 5)
      .map((e) => (e.field?.length ? `${e.field.join('.')}: ${e.message}` : e.message))
      .join('; '),
  );
}
