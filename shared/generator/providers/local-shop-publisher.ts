import { LocalShopStore } from '../../local-shop/index.ts';
import type { PublishRequestBody, PublishResult, Publisher, RemovedProduct } from '../types.ts';
import { ImageSourceError, loadDesignImage, loadPrintFile } from './image-source.ts';
import { PRINT_FILE_METAFIELD, printFileAlt, printFileName } from './print-file.ts';
import { productImagesFor } from './product-images.ts';
import { SHOP_NAME } from './selection.ts';
import { SIZES, sizePrice, tagsOf } from './sizes.ts';
import type { ErrorKind } from '../../common/index.ts';

/**
 * Publishes into the embedded shop's store in DATA_DIR (the default without SHOPIFY_* settings):
 * the same product as on Shopify (Size S–2XL, 2XL surcharge, shirt photo and design, the print file
 * among the shop's private files linked by the metafield custom.print_file), written in one
 * transaction, so a product is there whole or not at all, even with other processes writing.
 * `remove` deletes the product written under a publish key, likewise in one transaction.
 */

export class LocalPublishError extends Error {
  readonly kind: ErrorKind = 'internal';
  override name = 'LocalPublishError';
  /** The shop holds nothing under the product's publish key after this failure (leftNothingInShop in pipeline.ts). */
  readonly nothingInShop: boolean;
  constructor(message: string, options: ErrorOptions & { nothingInShop?: boolean } = {}) {
    super(message, options);
    this.nothingInShop = options.nothingInShop === true;
  }
}

export interface LocalShopPublisherOptions {
  dataDir: string;
}

export function createLocalShopPublisher(
  options: LocalShopPublisherOptions,
): Publisher & Required<Pick<Publisher, 'remove'>> & { close(): Promise<void> } {
  let store: LocalShopStore | undefined;
  // Opened on first use: a run that publishes nothing never touches the data dir.
  const open = () => (store ??= LocalShopStore.open(options.dataDir));

  return {
    shopName: SHOP_NAME,

    async publish(product: PublishRequestBody, signal?: AbortSignal): Promise<PublishResult> {
      // A product is written whole or not at all: after a failure, the key tells whether the shop has it.
      const nothingInShop = (): boolean => {
        if (!product.publishKey) return false;
        try {
          // No shop yet: nothing is in it, and a failed publish does not make one.
          if (!store && !LocalShopStore.existsIn(options.dataDir)) return true;
          return !open().hasPublishKey(product.publishKey);
        } catch {
          return false;
        }
      };
      let bytes: Uint8Array;
      let printBytes: Uint8Array | undefined;
      try {
        bytes = await loadDesignImage(product.imageUrl, { signal });
        if (product.printUrl) printBytes = await loadPrintFile(product.printUrl, { signal });
      } catch (error) {
        if (error instanceof ImageSourceError)
          throw new LocalPublishError(`Publishing to the local shop failed: ${error.message}`, {
            cause: error,
            nothingInShop: nothingInShop(),
          });
        throw error;
      }
      signal?.throwIfAborted();
      try {
        const images = await productImagesFor(product.name, bytes);
        signal?.throwIfAborted();
        // The category's collection first: a product never lands without the collection it belongs to.
        open().content.ensureTypeCollection(product.category);
        const spec = {
          ...(product.publishKey ? { handle: product.publishKey } : {}),
          title: product.name,
          description: product.description,
          productType: product.category,
          tags: tagsOf(product.keywords),
          options: [{ name: 'Size', values: [...SIZES] }],
          variants: SIZES.map((size) => ({ optionValues: [size], price: sizePrice(product.price, size), availableForSale: true })),
          images: images.map(({ bytes: imageBytes, altText }) => ({ bytes: imageBytes, altText })),
        };
        // The print file goes in with the product, as a file only staff can fetch.
        const writes = printBytes
          ? {
              fileMetafields: [
                {
                  namespace: PRINT_FILE_METAFIELD.namespace,
                  key: PRINT_FILE_METAFIELD.key,
                  file: { bytes: printBytes, filename: printFileName(product), altText: printFileAlt(product.name) },
                },
              ],
            }
          : {};
        // With a publish key, a second publish of the same product finds the first instead of making another.
        const created = product.publishKey
          ? await open().insertProductOnce(product.publishKey, spec, writes)
          : await open().insertProduct(spec, writes);
        return { productId: created.id, handle: created.handle };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new LocalPublishError(`Publishing to the local shop failed: ${reason}`, { cause: error, nothingInShop: nothingInShop() });
      }
    },

    async remove(publishKey: string): Promise<RemovedProduct | undefined> {
      // No shop yet: nothing was ever written under the key, and a removal does not make one.
      if (!store && !LocalShopStore.existsIn(options.dataDir)) return undefined;
      try {
        const removed = open().removeProductByPublishKey(publishKey);
        return removed ? { productId: removed.id, handle: removed.handle } : undefined;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new LocalPublishError(`Removing the product from the local shop failed: ${reason}`, { cause: error });
      }
    },

    async close() {
      store?.close();
      store = undefined;
    },
  };
}
