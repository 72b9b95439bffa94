import { setTimeout as sleep } from 'node:timers/promises';
import { STORE_NAME, descriptionHtml, isRecord } from '../../../common/index.ts';
import { slugify } from '../../../local-shop/index.ts';
import type { PublishRequestBody, PublishResult, Publisher, RemovedProduct } from '../../types.ts';
import { ImageSourceError, loadDesignImage, loadPrintFile } from '../image-source.ts';
import { PRINT_FILE_METAFIELD, printFileAlt, printFileName } from '../print-file.ts';
import { productImagesFor } from '../product-images.ts';
import { SHOP_NAME } from '../selection.ts';
import { SIZES, sizePrice, tagsOf } from '../sizes.ts';
import { ADMIN_DEFAULTS, createAdminClient, payloadOf, type AdminClient, type AdminClientOptions } from './admin-client.ts';
import {
  COLLECTION_ADD_PRODUCTS,
  COLLECTION_BY_IDENTIFIER,
  COLLECTION_CREATE,
  FILE_CREATE,
  FILE_STATUS,
  FILE_DELETE,
  FILES_BY_NAME,
  METAFIELDS_SET,
  PRODUCT_BY_IDENTIFIER,
  PRODUCT_CREATE,
  PRODUCT_DELETE,
  PRODUCT_UPDATE,
  PRODUCT_VARIANTS_BULK_CREATE,
  PUBLICATIONS,
  PUBLISHABLE_PUBLISH,
  STAGED_UPLOADS_CREATE,
} from './documents.ts';
import { ShopifyPublishError, describeUserErrors, userErrorsOf, type PublishStep } from './errors.ts';
import { uploadToStagedTarget, type StagedTarget } from './staged-upload.ts';

/**
 * Publishes a product to a Shopify store through the Admin GraphQL API (SHOPIFY_API_VERSION), so
 * shoppers never see a half-made product: [productByIdentifier: the product made earlier under this
 * publish key, if any] → design and print file bytes → shirt photo → stagedUploadsCreate → multipart
 * uploads → productCreate as DRAFT (Size option, two images, the publish key as handle) →
 * productVariantsBulkCreate (every size with its price, replacing the standalone variant) → the print
 * file: [files: the one an earlier attempt made] → stagedUploadsCreate → upload → fileCreate (a
 * GenericFile) → fileStatus until READY → metafieldsSet custom.print_file (file_reference) →
 * productUpdate to ACTIVE → publishablePublish to the Online Store publication. A retry after a
 * crash finds the product by its key, and its print file by its name, and finishes them: no second
 * product, no second file (and none of the product's changes since: the run refuses those while it
 * is partly published). A failure that surely left nothing under the key says so (nothingInShop).
 * Returns the product GID and handle. `remove` takes such an unfinished product out of the store
 * again (productByIdentifier → productDelete, then fileDelete of its print file), for a Discard of a
 * partly published product.
 */

export const ONLINE_STORE = 'Online Store';

export interface ShopifyPublisherOptions extends AdminClientOptions {
  /** A shared client (tests); built from the options otherwise. */
  client?: AdminClient;
  /** Longest wait for Shopify to process the print file before it is linked (default 120 s). */
  fileReadyTimeoutMs?: number;
}

/** The pauses between fileStatus checks: short at first (a PNG is usually READY within seconds), then every 5 s. */
const FILE_POLL_MS = [250, 500, 1000, 2000, 4000];
const FILE_POLL_MAX_MS = 5000;
const FILE_READY_TIMEOUT_MS = 120_000;

function readStagedTargets(payload: Record<string, unknown>, count: number): StagedTarget[] {
  const targets = Array.isArray(payload.stagedTargets) ? payload.stagedTargets : [];
  if (targets.length !== count) {
    throw new ShopifyPublishError(
      'stagedUploadsCreate',
      'invalid-response',
      `the answer had ${targets.length} staged upload targets for ${count} file${count === 1 ? '' : 's'}`,
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

/** A file as the files and fileCreate answers give it. */
interface ShopFile {
  id: string;
  status: string;
}

function readFile(node: unknown): ShopFile | undefined {
  return isRecord(node) && typeof node.id === 'string' ? { id: node.id, status: String(node.fileStatus ?? '') } : undefined;
}

export function createShopifyAdminPublisher(
  options: ShopifyPublisherOptions,
): Publisher & Required<Pick<Publisher, 'remove'>> & { close(): Promise<void> } {
  const client = options.client ?? createAdminClient(options);
  const timeoutMs = options.timeoutMs ?? ADMIN_DEFAULTS.timeoutMs;
  const readyTimeoutMs = options.fileReadyTimeoutMs ?? FILE_READY_TIMEOUT_MS;
  const wait = options.wait ?? ((ms: number, signal?: AbortSignal) => sleep(ms, undefined, { signal }));
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

  function onlineStoreId(signal?: AbortSignal): Promise<string> {
    onlineStore ??= findOnlineStore(signal).catch((error: unknown) => {
      onlineStore = undefined;
      throw error;
    });
    return onlineStore;
  }

  /** The product the store holds under this publish key (its handle), if any. */
  async function findByKey(publishKey: string, signal?: AbortSignal): Promise<(Record<string, unknown> & { id: string }) | undefined> {
    const data = await client.call({
      step: 'productByIdentifier',
      query: PRODUCT_BY_IDENTIFIER,
      variables: { identifier: { handle: publishKey } },
      idempotent: true,
      signal,
    });
    const found = data.productByIdentifier;
    return isRecord(found) && typeof found.id === 'string' ? (found as Record<string, unknown> & { id: string }) : undefined;
  }

  /** One mutation: its payload is the field named as the step, and its userErrors become a ShopifyPublishError. */
  async function mutate(
    step: PublishStep,
    query: string,
    variables: Record<string, unknown>,
    idempotent: boolean,
    signal?: AbortSignal,
  ): Promise<Record<string, unknown>> {
    return payloadOf(step, await client.call({ step, query, variables, idempotent, signal }), step);
  }

  /** A product or a collection on the Online Store (publishing again changes nothing, so it may be retried). */
  async function publishOnOnlineStore(id: string, signal?: AbortSignal): Promise<void> {
    const publicationId = await onlineStoreId(signal);
    await mutate('publishablePublish', PUBLISHABLE_PUBLISH, { id, input: [{ publicationId }] }, true, signal);
  }

  /** The category's collection as the store has it, for this product, or undefined when there is none. */
  async function findCategoryCollection(
    handle: string,
    productId: string,
    signal?: AbortSignal,
  ): Promise<{ id: string; smart: boolean; hasProduct: boolean } | undefined> {
    const data = await client.call({
      step: 'collectionByIdentifier',
      query: COLLECTION_BY_IDENTIFIER,
      variables: { identifier: { handle }, productId },
      idempotent: true,
      signal,
    });
    const found = data.collectionByIdentifier;
    if (!isRecord(found) || typeof found.id !== 'string') return undefined;
    return { id: found.id, smart: isRecord(found.ruleSet), hasProduct: found.hasProduct === true };
  }

  /** A smart collection of every product whose type is `category`, published on the Online Store. */
  async function createCategoryCollection(category: string, handle: string, signal?: AbortSignal): Promise<void> {
    const payload = await mutate(
      'collectionCreate',
      COLLECTION_CREATE,
      {
        input: {
          title: category,
          handle,
          descriptionHtml: descriptionHtml(`Every “${category}” shirt in the shop.`),
          ruleSet: { appliedDisjunctively: false, rules: [{ column: 'TYPE', relation: 'EQUALS', condition: category }] },
        },
      },
      false,
      signal,
    );
    const id = isRecord(payload.collection) && typeof payload.collection.id === 'string' ? payload.collection.id : undefined;
    if (!id) throw new ShopifyPublishError('collectionCreate', 'invalid-response', 'the answer had no collection id');
    await publishOnOnlineStore(id, signal);
  }

  /** Categories whose collection this publisher is making: two publishes of a new category make it once. */
  const creatingCollections = new Map<string, Promise<void>>();

  /**
   * The product in its category's collection, which is made when the store has none: a smart
   * collection by product type gathers it (and every later product of the category) by itself; a
   * collection the merchant made by hand under that handle gets the product added.
   */
  async function placeInCategoryCollection(category: string, productId: string, signal?: AbortSignal): Promise<void> {
    const handle = slugify(category);
    let found = await findCategoryCollection(handle, productId, signal);
    if (!found) {
      let creating = creatingCollections.get(handle);
      if (!creating) {
        creating = createCategoryCollection(category, handle, signal).finally(() => creatingCollections.delete(handle));
        creatingCollections.set(handle, creating);
      }
      try {
        return await creating;
      } catch (error) {
        // Refused because another process made it a moment ago (the handle is taken): use that one.
        if (!(error instanceof ShopifyPublishError && error.kind === 'user-errors')) throw error;
        found = await findCategoryCollection(handle, productId, signal);
        if (!found) throw error;
      }
    }
    if (found.smart || found.hasProduct) return;
    await mutate('collectionAddProducts', COLLECTION_ADD_PRODUCTS, { id: found.id, productIds: [productId] }, true, signal);
  }

  async function readPrintFile(printUrl: string, signal?: AbortSignal): Promise<Uint8Array> {
    try {
      return await loadPrintFile(printUrl, { signal, timeoutMs, dispatcher: client.dispatcher });
    } catch (error) {
      if (error instanceof ImageSourceError) throw new ShopifyPublishError('print file download', 'image', error.message, { cause: error });
      throw error;
    }
  }

  /** The file of this exact name, if the store has one (search matches loosely, so the URL's name decides). */
  async function findFile(filename: string, signal?: AbortSignal): Promise<ShopFile | undefined> {
    const data = await client.call({
      step: 'files',
      query: FILES_BY_NAME,
      variables: { query: `filename:"${filename}"` },
      idempotent: true,
      signal,
    });
    const nodes = isRecord(data.files) && Array.isArray(data.files.nodes) ? data.files.nodes.filter(isRecord) : [];
    const named = (node: Record<string, unknown>) => {
      if (typeof node.url !== 'string') return false;
      try {
        return decodeURIComponent(new URL(node.url).pathname).endsWith(`/${filename}`);
      } catch {
        return false;
      }
    };
    // A file still processing has no URL yet; a lone match is then taken as ours (the name holds the publish key).
    return readFile(nodes.find(named) ?? (nodes.length === 1 && typeof nodes[0]!.url !== 'string' ? nodes[0] : undefined));
  }

  /** Polls the file until Shopify has processed it: READY goes on, FAILED or a long wait stops the publish. */
  async function waitUntilReady(file: ShopFile, signal?: AbortSignal): Promise<void> {
    let status = file.status;
    let waited = 0;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0 || status !== 'READY') {
        const data = await client.call({ step: 'fileStatus', query: FILE_STATUS, variables: { id: file.id }, idempotent: true, signal });
        const node = data.node;
        if (!isRecord(node)) throw new ShopifyPublishError('fileStatus', 'invalid-response', `the store has no file ${file.id}`);
        status = String(node.fileStatus ?? '');
        if (status === 'FAILED') {
          const reasons = (Array.isArray(node.fileErrors) ? node.fileErrors.filter(isRecord) : [])
            .map((e) => [e.message, e.details].filter((part) => typeof part === 'string' && part).join(': '))
            .filter(Boolean);
          throw new ShopifyPublishError(
            'fileStatus',
            'image',
            `Shopify could not process the print file ${file.id}${reasons.length ? ` (${reasons.join('; ')})` : ''}`,
          );
        }
      }
      if (status === 'READY') return;
      if (waited >= readyTimeoutMs) {
        throw new ShopifyPublishError(
          'fileStatus',
          'timeout',
          `the print file ${file.id} was still ${status || 'not ready'} after ${Math.round(waited / 1000)} s; publish again to finish it`,
        );
      }
      const pause = Math.min(FILE_POLL_MS[attempt] ?? FILE_POLL_MAX_MS, readyTimeoutMs - waited);
      await wait(pause, signal);
      waited += pause;
    }
  }

  /**
   * The print file into the store's Files and onto the product as custom.print_file. Under a publish
   * key its name is its identity: a retry first looks for the file an earlier attempt made and links
   * that one (no second upload), and fileCreate asks Shopify to refuse a taken name, so a file the
   * search does not see yet is never made twice either. A FAILED earlier file is left, a new one made.
   */
  async function attachPrintFile(
    product: PublishRequestBody,
    printUrl: string,
    made: { productId: string; handle: string | undefined; retry: boolean; printBytes: Uint8Array | undefined },
    signal?: AbortSignal,
  ): Promise<void> {
    const send = (step: PublishStep, query: string, variables: Record<string, unknown>, idempotent: boolean) =>
      mutate(step, query, variables, idempotent, signal);
    const filename = printFileName(product, made.handle);
    let file = made.retry && product.publishKey ? await findFile(filename, signal) : undefined;
    if (!file || file.status === 'FAILED') {
      const bytes = made.printBytes ?? (await readPrintFile(printUrl, signal));
      const [target] = readStagedTargets(
        await send(
          'stagedUploadsCreate',
          STAGED_UPLOADS_CREATE,
          { input: [{ resource: 'FILE', filename, mimeType: 'image/png', httpMethod: 'POST', fileSize: String(bytes.byteLength) }] },
          true,
        ),
        1,
      );
      await uploadToStagedTarget(
        target!,
        { bytes, filename, mimeType: 'image/png' },
        { dispatcher: client.dispatcher, signal, timeoutMs, step: 'print file upload' },
      );
      // Not sent twice on a lost answer: the publish fails, and the next one finds the file by its name.
      const data = await client.call({
        step: 'fileCreate',
        query: FILE_CREATE,
        variables: {
          files: [
            {
              originalSource: target!.resourceUrl,
              // A GenericFile: Shopify keeps the PNG as it is, where an IMAGE would be processed and resized.
              contentType: 'FILE',
              filename,
              alt: printFileAlt(product.name),
              duplicateResolutionMode: product.publishKey && !file ? 'RAISE_ERROR' : 'APPEND_UUID',
            },
          ],
        },
        idempotent: false,
        signal,
      });
      const payload = isRecord(data.fileCreate) ? data.fileCreate : undefined;
      if (!payload) throw new ShopifyPublishError('fileCreate', 'invalid-response', 'the answer had no fileCreate');
      const userErrors = userErrorsOf(payload);
      if (userErrors.some((e) => e.code === 'FILENAME_ALREADY_EXISTS')) {
        file = await findFile(filename, signal);
        if (!file) throw new ShopifyPublishError('fileCreate', 'user-errors', describeUserErrors(userErrors));
      } else if (userErrors.length > 0) {
        throw new ShopifyPublishError('fileCreate', 'user-errors', describeUserErrors(userErrors));
      } else {
        file = readFile(Array.isArray(payload.files) ? payload.files[0] : undefined);
        if (!file) throw new ShopifyPublishError('fileCreate', 'invalid-response', 'the answer had no file id');
      }
    }
    await waitUntilReady(file, signal);
    const { namespace, key, type } = PRINT_FILE_METAFIELD;
    await send('metafieldsSet', METAFIELDS_SET, { metafields: [{ ownerId: made.productId, namespace, key, type, value: file.id }] }, true);
  }

  return {
    shopName: SHOP_NAME,

    async publish(product: PublishRequestBody, signal?: AbortSignal): Promise<PublishResult> {
      const send = (step: PublishStep, query: string, variables: Record<string, unknown>, idempotent: boolean) =>
        mutate(step, query, variables, idempotent, signal);

      // With a publish key, the product made by an earlier attempt is found and finished, not made again.
      let existing: { id: string; handle?: string; variants: number; printLinked: boolean } | undefined;
      if (product.publishKey) {
        const found = await findByKey(product.publishKey, signal);
        if (found) {
          const count = isRecord(found.variantsCount) && typeof found.variantsCount.count === 'number' ? found.variantsCount.count : 0;
          existing = {
            id: found.id,
            ...(typeof found.handle === 'string' ? { handle: found.handle } : {}),
            variants: count,
            printLinked: isRecord(found.metafield) && typeof found.metafield.value === 'string' && found.metafield.value !== '',
          };
        }
      }

      let productId: string;
      let handle: string | undefined;
      let printBytes: Uint8Array | undefined;
      if (existing) {
        productId = existing.id;
        handle = existing.handle;
      } else {
        try {
          let bytes: Uint8Array;
          try {
            bytes = await loadDesignImage(product.imageUrl, { signal, timeoutMs, dispatcher: client.dispatcher });
          } catch (error) {
            if (error instanceof ImageSourceError)
              throw new ShopifyPublishError('image download', 'image', error.message, { cause: error });
            throw error;
          }
          // Read before anything is made: a missing print file stops the publish while nothing exists yet.
          if (product.printUrl) printBytes = await readPrintFile(product.printUrl, signal);
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
        } catch (error) {
          // The store had no product under the key, and made none now (the failure came before
          // productCreate, or Shopify refused it): the product may still be changed before it is published.
          throw error instanceof ShopifyPublishError && product.publishKey && (error.step !== 'productCreate' || error.refused)
            ? error.leftNothing()
            : error;
        }
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

        // The print file, linked before the product goes ACTIVE; a retry finds what an earlier attempt made.
        if (product.printUrl && !existing?.printLinked)
          await attachPrintFile(product, product.printUrl, { productId, handle, retry: existing !== undefined, printBytes }, signal);

        // Its category's collection before it goes live: a product never lands outside it.
        if (product.category.trim()) await placeInCategoryCollection(product.category.trim(), productId, signal);

        await send('productUpdate', PRODUCT_UPDATE, { product: { id: productId, status: 'ACTIVE' } }, true);

        await publishOnOnlineStore(productId, signal);
      } catch (error) {
        // The product exists from here on: say which one, so it can be finished or removed by hand.
        throw error instanceof ShopifyPublishError ? error.withProduct(productId) : error;
      }

      return handle ? { productId, handle } : { productId };
    },

    async remove(publishKey: string, signal?: AbortSignal): Promise<RemovedProduct | undefined> {
      const found = await findByKey(publishKey, signal);
      // The print file is one of the store's Files, which productDelete leaves: the product's link
      // names it, and one uploaded but never linked is found by its name (which holds the key).
      const metafield = isRecord(found?.metafield) ? found.metafield : undefined;
      const linked = typeof metafield?.value === 'string' ? metafield.value : undefined;
      // Not sent twice on a lost answer: the removal fails, and the next one finds the product again, or nothing.
      if (found) await mutate('productDelete', PRODUCT_DELETE, { input: { id: found.id } }, false, signal);
      const named = await findFile(printFileName({ publishKey, name: publishKey }), signal);
      const fileIds = [...new Set([linked, named?.id].filter((id): id is string => typeof id === 'string'))];
      if (fileIds.length > 0) await mutate('fileDelete', FILE_DELETE, { fileIds }, false, signal);
      if (!found) return undefined;
      return { productId: found.id, ...(typeof found.handle === 'string' ? { handle: found.handle } : {}) };
    },

    close: () => client.close(),
  };
}
