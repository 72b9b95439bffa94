import { STORE_NAME, descriptionHtml } from '../../../common/index.ts';
import type { PublishRequestBody, PublishResult, Publisher } from '../../types.ts';
import { ImageSourceError, loadDesignImage } from '../image-source.ts';
import { productImagesFor } from '../product-images.ts';
import { SHOP_NAME } from '../selection.ts';
import { SIZES, sizePrice, tagsOf } from '../sizes.ts';
import { ADMIN_DEFAULTS, createAdminClient, payloadOf, type AdminClient, type AdminClientOptions } from './admin-client.ts';
import {
  PRODUCT_BY_IDENTIFIER,
  PRODUCT_CREATE,
  PRODUCT_UPDATE,
  PRODUCT_VARIANTS_BULK_CREATE,
  PUBLICATIONS,
  PUBLISHABLE_PUBLISH,
  STAGED_UPLOADS_CREATE,
} from './documents.ts';
import { ShopifyPublishError, type PublishStep } from './errors.ts';
import { uploadToStagedTarget, type StagedTarget } from './staged-upload.ts';

/**
 * Publishes a product to a Shopify store through the Admin GraphQL API 2025-07, so shoppers never see a
 * half-made product: [productByIdentifier: the product made earlier under this publish key, if any]
 * → design bytes → shirt photo → stagedUploadsCreate → multipart uploads → productCreate as DRAFT
 * (Size option, two images, the publish key as handle) → productVariantsBulkCreate (every size with
 * its price, replacing the standalone variant) → productUpdate to ACTIVE → publishablePublish to the
 * Online Store publication. A retry after a crash finds the product by its key and finishes it.
 * Returns the product GID and handle.
 */

export const ONLINE_STORE = 'Online Store';

export interface ShopifyPublisherOptions extends AdminClientOptions {
  /** A shared client (tests); built from the options otherwise. */
  client?: AdminClient;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readStagedTargets(payload: Record<string, unknown>, count: number): StagedTarget[] {
  const targets = Array.isArray(payload.stagedTargets) ? payload.stagedTargets : [];
  if (targets.length !== count) {
    throw new ShopifyPublishError(
      'stagedUploadsCreate',
      'invalid-response',
      `the answer had ${targets.length} staged upload targets for ${count} images`,
    );
  }
  return targets.map((target) => {
    if (
      !isRecord(target) ||
      typeof target.url !== 'string' ||
      typeof target.resourceUrl !== 'string' ||
      !Array.isArray(target.parameters)
    ) {
      throw new ShopifyPublishError('stagedUploadsCreate', 'invalid-response', 'the answer had an incomplete staged upload target');
    }
    const parameters = target.parameters.filter(isRecord).map((p) => ({ name: String(p.name), value: String(p.value) }));
    return { url: target.url, resourceUrl: target.resourceUrl, parameters };
  });
}

export function createShopifyAdminPublisher(options: ShopifyPublisherOptions): Publisher & { close(): Promise<void> } {
  const client = options.client ?? createAdminClient(options);
  const timeoutMs = options.timeoutMs ?? ADMIN_DEFAULTS.timeoutMs;
  let onlineStore: Promise<string> | undefined;

  async function findOnlineStore(signal?: AbortSignal): Promise<string> {
    const data = await client.call({ step: 'publications', query: PUBLICATIONS, variables: { first: 50 }, idempotent: true, signal });
    const nodes = isRecord(data.publications) && Array.isArray(data.publications.nodes) ? data.publications.nodes.filter(isRecord) : [];
    const title = (n: Record<string, unknown>) =>
      isRecord(n.catalog) && typeof n.catalog.title === 'string' ? n.catalog.title : typeof n.name === 'string' ? n.name : '';
    const found = nodes.find((n) => title(n).trim().toLowerCase() === ONLINE_STORE.toLowerCase());
    if (!found || typeof found.id !== 'string') {
      throw new ShopifyPublishError(
        'publications',
        'invalid-response',
        `the store has no "${ONLINE_STORE}" publication; install the Online Store channel or give the token read_publications`,
      );
    }
    return found.id;
  }

  return {
    shopName: SHOP_NAME,

    async publish(product: PublishRequestBody, signal?: AbortSignal): Promise<PublishResult> {
      // Each mutation answers in a field named as the step; its userErrors become a ShopifyPublishError.
      const send = async (step: PublishStep, query: string, variables: Record<string, unknown>, idempotent: boolean) =>
        payloadOf(step, await client.call({ step, query, variables, idempotent, signal }), step);

      // With a publish key, the product made by an earlier attempt is found and finished, not made again.
      let existing: { id: string; handle?: string; variants: number } | undefined;
      if (product.publishKey) {
        const data = await client.call({
          step: 'productByIdentifier',
          query: PRODUCT_BY_IDENTIFIER,
          variables: { identifier: { handle: product.publishKey } },
          idempotent: true,
          signal,
        });
        const found = data.productByIdentifier;
        if (isRecord(found) && typeof found.id === 'string') {
          const count = isRecord(found.variantsCount) && typeof found.variantsCount.count === 'number' ? found.variantsCount.count : 0;
          existing = { id: found.id, ...(typeof found.handle === 'string' ? { handle: found.handle } : {}), variants: count };
        }
      }

      let productId: string;
      let handle: string | undefined;
      if (existing) {
        productId = existing.id;
        handle = existing.handle;
      } else {
        let bytes: Uint8Array;
        try {
          bytes = await loadDesignImage(product.imageUrl, { signal, timeoutMs, dispatcher: client.dispatcher });
        } catch (error) {
          if (error instanceof ImageSourceError) throw new ShopifyPublishError('image download', 'image', error.message, { cause: error });
          throw error;
        }
        const images = await productImagesFor(product.name, bytes);

        const staged = await send(
          'stagedUploadsCreate',
          STAGED_UPLOADS_CREATE,
          {
            input: images.map((image) => ({
              resource: 'IMAGE',
              filename: image.filename,
              mimeType: 'image/png',
              httpMethod: 'POST',
              fileSize: String(image.bytes.byteLength),
            })),
          },
          true,
        );
        const targets = readStagedTargets(staged, images.length);
        for (const [i, target] of targets.entries()) {
          const image = images[i]!;
          await uploadToStagedTarget(
            target,
            { bytes: image.bytes, filename: image.filename, mimeType: 'image/png' },
            { dispatcher: client.dispatcher, signal, timeoutMs },
          );
        }

        const created = await send(
          'productCreate',
          PRODUCT_CREATE,
          {
            product: {
              title: product.name,
              descriptionHtml: descriptionHtml(product.description),
              productType: product.category,
              vendor: STORE_NAME,
              tags: tagsOf(product.keywords),
              // Unpublished until its variants are in: a shopper never sees a half-made product.
              status: 'DRAFT',
              ...(product.publishKey ? { handle: product.publishKey } : {}),
              productOptions: [{ name: 'Size', values: SIZES.map((name) => ({ name })) }],
            },
            media: targets.map((target, i) => ({
              originalSource: target.resourceUrl,
              mediaContentType: 'IMAGE',
              alt: images[i]!.altText.slice(0, 512),
            })),
          },
          false,
        );
        const createdProduct = created.product;
        if (!isRecord(createdProduct) || typeof createdProduct.id !== 'string') {
          throw new ShopifyPublishError('productCreate', 'invalid-response', 'the answer had no product id');
        }
        productId = createdProduct.id;
        handle = typeof createdProduct.handle === 'string' ? createdProduct.handle : undefined;
      }

      try {
        // productCreate made one standalone variant (S); the bulk create replaces it with all five sizes and prices.
        if (!existing || existing.variants < SIZES.length)
          await send(
            'productVariantsBulkCreate',
            PRODUCT_VARIANTS_BULK_CREATE,
            {
              productId,
              strategy: 'REMOVE_STANDALONE_VARIANT',
              variants: SIZES.map((size) => ({
                optionValues: [{ optionName: 'Size', name: size }],
                price: sizePrice(product.price, size),
                // Printed on demand: never out of stock.
                inventoryItem: { tracked: false },
              })),
            },
            false,
          );

        await send('productUpdate', PRODUCT_UPDATE, { product: { id: productId, status: 'ACTIVE' } }, true);

        onlineStore ??= findOnlineStore(signal).catch((error: unknown) => {
          onlineStore = undefined;
          throw error;
        });
        const publicationId = await onlineStore;

        await send('publishablePublish', PUBLISHABLE_PUBLISH, { id: productId, input: [{ publicationId }] }, true);
      } catch (error) {
        // The product exists from here on: say which one, so it can be finished or removed by hand.
        throw error instanceof ShopifyPublishError ? error.withProduct(productId) : error;
      }

      return handle ? { productId, handle } : { productId };
    },

    close: () => client.close(),
  };
}
