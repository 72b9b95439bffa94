import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN_SCHEMA_VERSION, checkAdminRequest } from './admin-schema.ts';

/**
 * A loopback stand-in for a Shopify store's Admin GraphQL 2025-07 endpoint and its staged-upload
 * storage. Every request is checked as Shopify checks it before running anything: the access token,
 * then the document against Shopify's own 2025-07 schema and the variables coerced against the
 * operation's variable types (tests/support/admin-schema.ts), so a misspelt field, an unknown input
 * field or a wrong enum value gets a GraphQL `errors` answer. Then it plays the store: products
 * (made and deleted), staged uploads (signed parameters first, then the file, no larger than declared), Files with
 * their processing status, metafields and webhook subscriptions. It can answer THROTTLED and
 * userErrors on demand, lose an answer, and serves design images for the publisher to download.
 */

export const OPERATIONS = [
  'stagedUploadsCreate',
  'productByIdentifier',
  'productCreate',
  'productDelete',
  'productVariantsBulkCreate',
  'productUpdate',
  'publications',
  'publishablePublish',
  'files',
  'fileCreate',
  'fileDelete',
  'fileStatus',
  'metafieldsSet',
  'collectionByIdentifier',
  'collectionCreate',
  'collectionAddProducts',
] as const;
export type Operation = (typeof OPERATIONS)[number];

export const WEBHOOK_OPERATIONS = ['webhookSubscriptions', 'webhookSubscriptionCreate'] as const;
export type WebhookOperation = (typeof WEBHOOK_OPERATIONS)[number];

export const DEFINITION_OPERATIONS = ['metafieldDefinitions', 'metafieldDefinitionCreate'] as const;
export type DefinitionOperation = (typeof DEFINITION_OPERATIONS)[number];

export const ADMIN_GRAPHQL_PATH = `/admin/api/${ADMIN_SCHEMA_VERSION}/graphql.json`;

export interface AdminCallRecord {
  operation: Operation | WebhookOperation | DefinitionOperation | 'unknown';
  headers: http.IncomingHttpHeaders;
  query: string;
  variables: Record<string, unknown>;
  /** What the server answered. */
  throttled: boolean;
  /** The GraphQL errors it answered with instead of running the operation (schema or variables). */
  errors?: string[];
}

export interface UploadRecord {
  headers: http.IncomingHttpHeaders;
  /** The staged target the upload went to (its number in the url and resourceUrl). */
  target: number | undefined;
  /** Form fields in the order they arrived (the file appears as its field name). */
  order: string[];
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Buffer } | undefined;
}

export interface ShopifyAdminServerOptions {
  token: string;
  /** Operations that answer THROTTLED the first time they are called. */
  throttleOnce?: readonly Operation[];
  /** Operations that answer THROTTLED every time. */
  throttleAlways?: readonly Operation[];
  userErrors?: Partial<Record<Operation | DefinitionOperation, Array<{ field: string[] | null; message: string; code?: string }>>>;
  /** Status of the storage upload (default 204). */
  uploadStatus?: number;
  /** Images served at GET /images/{name}. */
  images?: Record<string, { body: Buffer | string; status?: number; contentType?: string }>;
  /** Webhook subscriptions the store already has (default none). */
  webhookSubscriptions?: WebhookSubscriptionRecord[];
  /** Metafield definitions the store already has (default none). */
  metafieldDefinitions?: MetafieldDefinitionRecord[];
  /** Definitions made by someone else just after the first metafieldDefinitions answer (a concurrent run). */
  metafieldDefinitionsMadeMeanwhile?: MetafieldDefinitionRecord[];
  /** How many definitions the store may pin before it answers PINNED_LIMIT_REACHED (default 20). */
  pinnedDefinitionLimit?: number;
  /** Operations the store carries out but whose answer is lost once (the connection drops), as after a timeout. */
  loseAnswerOnce?: readonly Operation[];
  /** Publications the store has (default: Point of Sale and Online Store). */
  publications?: Array<{ id: string; name: string; catalog: { title: string } | null }>;
  /** fileStatus checks that answer PROCESSING before a new file is READY (default 1). */
  fileProcessingChecks?: number;
  /** New files end FAILED instead of READY, with this reason. */
  fileFailure?: string;
  /** The first files searches that find nothing, as Shopify's search index lags behind a new file. */
  fileSearchMisses?: number;
  /** Collections the store already has (default none). */
  collections?: StoredAdminCollection[];
  /** Collections made by someone else just before the publisher's first collectionCreate (as another process would). */
  collectionsMadeMeanwhile?: StoredAdminCollection[];
}

/** A collection the stand-in store holds: smart (a product type rule) or made by hand (a product list). */
export interface StoredAdminCollection {
  id: string;
  handle: string;
  title: string;
  /** Smart: every product of this type; null for a collection made by hand. */
  productTypeRule: string | null;
  /** A hand-made collection's products (ids). */
  productIds: string[];
  publications: string[];
}

/** A product the stand-in store holds, as far as publishing changes it. */
export interface StoredAdminProduct {
  id: string;
  handle: string;
  title: string;
  productType: string;
  status: string;
  variants: number;
  media: number;
  publications: string[];
  /** `namespace.key` → the metafield's type and value. */
  metafields: Record<string, { type: string; value: string }>;
}

/** A file in the store's Files (Content → Files in the Shopify admin). */
export interface StoredAdminFile {
  id: string;
  filename: string;
  contentType: string;
  alt: string | undefined;
  /** UPLOADED, then PROCESSING, then READY (or FAILED). */
  status: string;
  /** The bytes of the staged upload it was made from. */
  bytes: Buffer;
  mimeType: string;
  /** fileStatus checks answered so far. */
  checks: number;
}

export interface ShopifyAdminServer {
  origin: string;
  calls: AdminCallRecord[];
  /** The store's webhook subscriptions (see the webhook section at the end of this file). */
  webhookSubscriptions: WebhookSubscriptionRecord[];
  /** The store's metafield definitions (see the section at the end of this file). */
  metafieldDefinitions: MetafieldDefinitionRecord[];
  /** Every product the store holds (made and not deleted since), in the order they were made. */
  products: StoredAdminProduct[];
  /** Every file made, in order. */
  files: StoredAdminFile[];
  /** The store's collections, those it started with first. */
  collections: StoredAdminCollection[];
  /** Whether a collection holds a product: a smart one by its rule, a hand-made one by its list. */
  inCollection(collection: StoredAdminCollection, productId: string): boolean;
  uploads: UploadRecord[];
  imageUrl(name: string): string;
  close(): Promise<void>;
}

/** The throttle answer Shopify sends: top-level extensions.cost with the bucket's state. */
export const THROTTLE_COST = {
  requestedQueryCost: 52,
  actualQueryCost: null,
  throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 2, restoreRate: 50 },
};
/** (52 − 2) / 50 s, what a correct client waits before trying again. */
export const EXPECTED_THROTTLE_WAIT_MS = 1000;

export const STAGED_PARAMETERS = [
  { name: 'Content-Type', value: 'image/png' },
  { name: 'success_action_status', value: '201' },
  { name: 'acl', value: 'private' },
  { name: 'key', value: 'tmp/7777/products/design.png' },
  { name: 'x-goog-signature', value: 'c2lnbmF0dXJl' },
  { name: 'policy', value: 'cG9saWN5' },
];

/** The first staged target's number; each target after it takes the next. */
export const FIRST_STAGED_TARGET = 7777;

const graphqlError = (message: string, code = 'BAD_REQUEST') => ({ errors: [{ message, extensions: { code } }] });

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const extension = (name: string) => /\.[^./]+$/.exec(name)?.[0]?.toLowerCase() ?? '';

export async function startShopifyAdminServer(options: ShopifyAdminServerOptions): Promise<ShopifyAdminServer> {
  const calls: AdminCallRecord[] = [];
  const uploads: UploadRecord[] = [];
  const throttledOnce = new Set<Operation>();
  const webhooks = createWebhookSubscriptions(options.webhookSubscriptions);
  const definitions = createMetafieldDefinitions(options.metafieldDefinitions, {
    pinnedLimit: options.pinnedDefinitionLimit ?? 20,
    refusal: options.userErrors?.metafieldDefinitionCreate,
    meanwhile: options.metafieldDefinitionsMadeMeanwhile,
  });
  let nextProduct = 1001;
  let nextFile = 3001;
  let nextTarget = FIRST_STAGED_TARGET;
  const products: StoredAdminProduct[] = [];
  const files: StoredAdminFile[] = [];
  /** The staged targets handed out, by number: what was declared for each. */
  const targets = new Map<number, { filename: string; mimeType: string; resource: string; fileSize: number | undefined }>();
  const lostOnce = new Set<Operation>();
  let searchMisses = options.fileSearchMisses ?? 0;
  const byId = (id: unknown) => products.find((p) => p.id === id);
  const collections: StoredAdminCollection[] = [...(options.collections ?? [])];
  let madeMeanwhile = options.collectionsMadeMeanwhile ?? [];
  let nextCollection = 4001;
  const inCollection = (collection: StoredAdminCollection, productId: string) => {
    if (collection.productTypeRule === null) return collection.productIds.includes(productId);
    const product = byId(productId);
    return product !== undefined && product.productType.toLowerCase() === collection.productTypeRule.toLowerCase();
  };
  let origin = '';
  const publications = options.publications ?? [
    { id: 'gid://shopify/Publication/11', name: 'Point of Sale', catalog: { title: 'Point of Sale' } },
    { id: 'gid://shopify/Publication/12', name: 'Online Store', catalog: { title: 'Online Store' } },
  ];
  const fileUrl = (file: StoredAdminFile) => (file.status === 'READY' ? `${origin}/cdn/shop/files/${file.filename}?v=1` : null);
  const fileNode = (file: StoredAdminFile) => ({
    __typename: file.contentType === 'IMAGE' ? 'MediaImage' : 'GenericFile',
    id: file.id,
    fileStatus: file.status,
    alt: file.alt ?? null,
    fileErrors:
      file.status === 'FAILED' ? [{ code: 'UNKNOWN', message: 'File processing failed', details: options.fileFailure ?? null }] : [],
    ...(file.contentType === 'IMAGE' ? {} : { url: fileUrl(file), mimeType: file.mimeType, originalFileSize: file.bytes.length }),
  });

  /** The upload behind a staged resourceUrl, or undefined when nothing was uploaded there. */
  function stagedUpload(resourceUrl: string): UploadRecord | undefined {
    const match = new RegExp(`^${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/staged/(\\d+)/`).exec(resourceUrl);
    const target = match ? Number(match[1]) : undefined;
    return uploads.findLast((u) => u.target !== undefined && u.target === target && u.file);
  }

  function answer(operation: Operation, variables: Record<string, unknown>): unknown {
    const userErrors = options.userErrors?.[operation] ?? [];
    switch (operation) {
      case 'stagedUploadsCreate':
        return {
          stagedUploadsCreate: {
            stagedTargets: userErrors.length
              ? null
              : (variables.input as Array<{ filename: string; mimeType: string; resource: string; fileSize?: string }>).map((input) => {
                  const id = nextTarget++;
                  targets.set(id, {
                    filename: input.filename,
                    mimeType: input.mimeType,
                    resource: input.resource,
                    fileSize: input.fileSize === undefined ? undefined : Number(input.fileSize),
                  });
                  return {
                    url: `${origin}/staged-upload/${id}`,
                    resourceUrl: `${origin}/staged/${id}/${input.filename}`,
                    parameters: STAGED_PARAMETERS,
                  };
                }),
            userErrors,
          },
        };
      case 'productCreate': {
        if (userErrors.length) return { productCreate: { product: null, userErrors } };
        const input = variables.product as { title: string; handle?: string; status?: string; productType?: string };
        const title = String(input.title);
        const base =
          input.handle ??
          title
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, '');
        // Handles are unique in a store: Shopify adds a number to a taken one.
        let handle = base;
        for (let n = 1; products.some((p) => p.handle === handle); n++) handle = `${base}-${n}`;
        const created: StoredAdminProduct = {
          id: `gid://shopify/Product/${nextProduct++}`,
          handle,
          title,
          productType: input.productType ?? '',
          status: input.status ?? 'ACTIVE',
          variants: 1,
          media: Array.isArray(variables.media) ? variables.media.length : 0,
          publications: [],
          metafields: {},
        };
        products.push(created);
        return { productCreate: { product: { id: created.id, handle }, userErrors } };
      }
      case 'productDelete': {
        const input = variables.input as { id: string };
        const at = products.findIndex((p) => p.id === input.id);
        const errors = userErrors.length ? userErrors : at < 0 ? [{ field: ['id'], message: 'Product does not exist' }] : [];
        if (errors.length) return { productDelete: { deletedProductId: null, userErrors: errors } };
        const [gone] = products.splice(at, 1);
        // Shopify takes a deleted product out of every collection too.
        for (const collection of collections) collection.productIds = collection.productIds.filter((id) => id !== gone!.id);
        return { productDelete: { deletedProductId: gone!.id, userErrors: [] } };
      }
      case 'productByIdentifier': {
        const identifier = variables.identifier as { id?: string; handle?: string };
        const found = products.find((p) => (identifier.id ? p.id === identifier.id : p.handle === identifier.handle));
        const printFile = found?.metafields['custom.print_file'];
        return {
          productByIdentifier: found
            ? {
                id: found.id,
                handle: found.handle,
                status: found.status,
                variantsCount: { count: found.variants },
                metafield: printFile ? { id: `gid://shopify/Metafield/${found.id.split('/').pop()}01`, value: printFile.value } : null,
              }
            : null,
        };
      }
      case 'productUpdate': {
        const input = variables.product as { id: string; status?: string };
        const found = byId(input.id);
        if (userErrors.length || !found)
          return {
            productUpdate: {
              product: null,
              userErrors: userErrors.length ? userErrors : [{ field: ['id'], message: 'Product does not exist' }],
            },
          };
        if (input.status) found.status = input.status;
        return { productUpdate: { product: { id: found.id, status: found.status }, userErrors } };
      }
      case 'productVariantsBulkCreate': {
        const variants = variables.variants as Array<{ price: string; optionValues: Array<{ name: string }> }>;
        const target = byId(variables.productId);
        if (target && !userErrors.length)
          target.variants = variables.strategy === 'REMOVE_STANDALONE_VARIANT' ? variants.length : target.variants + variants.length;
        return {
          productVariantsBulkCreate: {
            productVariants: userErrors.length
              ? null
              : variants.map((v, i) => ({
                  id: `gid://shopify/ProductVariant/${5000 + i}`,
                  price: v.price,
                  selectedOptions: [{ name: 'Size', value: v.optionValues[0]?.name }],
                })),
            userErrors,
          },
        };
      }
      case 'publications':
        return { publications: { nodes: publications } };
      case 'publishablePublish': {
        const target = byId(variables.id) ?? collections.find((c) => c.id === variables.id);
        if (target && !userErrors.length) {
          for (const { publicationId } of variables.input as Array<{ publicationId?: string }>)
            if (publicationId && !target.publications.includes(publicationId)) target.publications.push(publicationId);
        }
        return { publishablePublish: { userErrors } };
      }
      case 'collectionByIdentifier': {
        const identifier = variables.identifier as { id?: string; handle?: string };
        const found = collections.find((c) => (identifier.id ? c.id === identifier.id : c.handle === identifier.handle));
        return {
          collectionByIdentifier: found
            ? {
                id: found.id,
                ruleSet: found.productTypeRule === null ? null : { appliedDisjunctively: false },
                hasProduct: inCollection(found, String(variables.productId)),
              }
            : null,
        };
      }
      case 'collectionCreate': {
        // Another process's collection lands first, as in a race between two publishers.
        collections.push(...madeMeanwhile);
        madeMeanwhile = [];
        const input = variables.input as {
          title?: string;
          handle?: string;
          ruleSet?: { rules: Array<{ column: string; relation: string; condition: string }> };
        };
        const handle = String(input.handle ?? '');
        const taken = collections.some((c) => c.handle === handle);
        const errors = userErrors.length
          ? userErrors
          : taken
            ? [{ field: ['input', 'handle'], message: 'Handle has already been taken' }]
            : [];
        if (errors.length) return { collectionCreate: { collection: null, userErrors: errors } };
        const rule = input.ruleSet?.rules.find((r) => r.column === 'TYPE' && r.relation === 'EQUALS');
        const created: StoredAdminCollection = {
          id: `gid://shopify/Collection/${nextCollection++}`,
          handle,
          title: String(input.title ?? ''),
          productTypeRule: rule ? rule.condition : null,
          productIds: [],
          publications: [],
        };
        collections.push(created);
        return { collectionCreate: { collection: { id: created.id }, userErrors: [] } };
      }
      case 'collectionAddProducts': {
        const found = collections.find((c) => c.id === variables.id);
        if (userErrors.length || !found || found.productTypeRule !== null)
          return {
            collectionAddProducts: {
              collection: null,
              userErrors: userErrors.length
                ? userErrors
                : [{ field: ['id'], message: found ? "Can't manually add products to a smart collection" : 'Collection does not exist' }],
            },
          };
        for (const id of variables.productIds as string[]) if (!found.productIds.includes(id)) found.productIds.push(id);
        return { collectionAddProducts: { collection: { id: found.id }, userErrors: [] } };
      }
      case 'files': {
        // The search syntax's `filename:` term; this store matches the whole name.
        const wanted = /filename:(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(String(variables.query ?? ''));
        const name = wanted ? (wanted[1] ?? wanted[2] ?? wanted[3]) : undefined;
        if (searchMisses > 0) {
          searchMisses--;
          return { files: { nodes: [] } };
        }
        const nodes = files.filter((f) => name === undefined || f.filename === name).slice(0, Number(variables.first ?? 10));
        return { files: { nodes: nodes.map(fileNode) } };
      }
      case 'fileDelete': {
        const ids = variables.fileIds as string[];
        const missing = ids.filter((id) => !files.some((f) => f.id === id));
        const errors = userErrors.length
          ? userErrors
          : missing.map((id) => ({ field: ['fileIds'], message: `File id ${id} does not exist.`, code: 'FILE_DOES_NOT_EXIST' }));
        if (errors.length) return { fileDelete: { deletedFileIds: null, userErrors: errors } };
        for (const id of ids)
          files.splice(
            files.findIndex((f) => f.id === id),
            1,
          );
        return { fileDelete: { deletedFileIds: ids, userErrors: [] } };
      }
      case 'fileCreate': {
        if (userErrors.length) return { fileCreate: { files: null, userErrors } };
        const inputs = variables.files as Array<{
          originalSource: string;
          contentType?: string;
          filename?: string;
          alt?: string;
          duplicateResolutionMode: string;
        }>;
        const errors: Array<{ field: string[]; message: string; code: string }> = [];
        const made: StoredAdminFile[] = [];
        inputs.forEach((input, i) => {
          const upload = stagedUpload(input.originalSource);
          if (!upload?.file) {
            errors.push({
              field: ['files', String(i), 'originalSource'],
              message: 'Image URL is invalid',
              code: 'INVALID_IMAGE_SOURCE_URL',
            });
            return;
          }
          let filename = input.filename ?? upload.file.name;
          if (extension(filename) !== extension(upload.file.name)) {
            errors.push({
              field: ['files', String(i), 'filename'],
              message: 'Provided filename extension must match original source.',
              code: 'MISMATCHED_FILENAME_AND_ORIGINAL_SOURCE',
            });
            return;
          }
          if (files.some((f) => f.filename === filename)) {
            if (input.duplicateResolutionMode === 'RAISE_ERROR') {
              errors.push({
                field: ['files', String(i), 'filename'],
                message: 'Filename already exists.',
                code: 'FILENAME_ALREADY_EXISTS',
              });
              return;
            }
            const ext = extension(filename);
            filename = `${filename.slice(0, filename.length - ext.length)}_${randomUUID()}${ext}`;
          }
          const contentType = input.contentType ?? 'FILE';
          made.push({
            id: `gid://shopify/${contentType === 'IMAGE' ? 'MediaImage' : 'GenericFile'}/${nextFile++}`,
            filename,
            contentType,
            alt: input.alt,
            status: 'UPLOADED',
            bytes: upload.file.bytes,
            mimeType: upload.file.type,
            checks: 0,
          });
        });
        if (errors.length) return { fileCreate: { files: null, userErrors: errors } };
        files.push(...made);
        return { fileCreate: { files: made.map((f) => ({ id: f.id, fileStatus: f.status })), userErrors: [] } };
      }
      case 'fileStatus': {
        const file = files.find((f) => f.id === variables.id);
        if (!file) return { node: null };
        // Shopify processes a file after fileCreate answers: PROCESSING for a while, then READY (or FAILED).
        if (file.status !== 'READY' && file.status !== 'FAILED') {
          file.checks++;
          file.status =
            file.checks <= (options.fileProcessingChecks ?? 1) ? 'PROCESSING' : options.fileFailure !== undefined ? 'FAILED' : 'READY';
        }
        return { node: fileNode(file) };
      }
      case 'metafieldsSet': {
        if (userErrors.length) return { metafieldsSet: { metafields: null, userErrors } };
        const inputs = variables.metafields as Array<{ ownerId: string; namespace?: string; key: string; type?: string; value: string }>;
        const errors: Array<{ field: string[]; message: string; code: string; elementIndex: number }> = [];
        inputs.forEach((input, i) => {
          const field = (name: string) => ['metafields', String(i), name];
          if (!byId(input.ownerId))
            errors.push({ field: field('ownerId'), message: 'Owner does not exist.', code: 'INVALID_VALUE', elementIndex: i });
          else if (!input.type) errors.push({ field: field('type'), message: "Type can't be blank.", code: 'BLANK', elementIndex: i });
          else if (input.type === 'file_reference') {
            if (!/^gid:\/\/shopify\/(GenericFile|MediaImage|Video)\/\d+$/.test(input.value))
              errors.push({
                field: field('value'),
                message: 'Value must be a file reference string.',
                code: 'INVALID_VALUE',
                elementIndex: i,
              });
            else if (!files.some((f) => f.id === input.value))
              errors.push({
                field: field('value'),
                message: `Value references non-existent resource ${input.value}.`,
                code: 'INVALID_VALUE',
                elementIndex: i,
              });
          }
        });
        if (errors.length) return { metafieldsSet: { metafields: null, userErrors: errors } };
        const set = inputs.map((input) => {
          const product = byId(input.ownerId)!;
          const namespace = input.namespace ?? '$app';
          product.metafields[`${namespace}.${input.key}`] = { type: input.type!, value: input.value };
          return {
            id: `gid://shopify/Metafield/${product.id.split('/').pop()}01`,
            namespace,
            key: input.key,
            type: input.type,
            value: input.value,
          };
        });
        return { metafieldsSet: { metafields: set, userErrors: [] } };
      }
    }
  }

  async function graphql(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const raw = (await readBody(req)).toString('utf8');
    if (req.headers['x-shopify-access-token'] !== options.token) {
      return send(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    }
    if (!String(req.headers['content-type']).startsWith('application/json'))
      return send(415, graphqlError('Content-Type must be application/json'));
    let body: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return send(400, graphqlError('Body is not JSON'));
    }
    const query = typeof body.query === 'string' ? body.query : '';
    const given = (body.variables ?? {}) as Record<string, unknown>;
    // As Shopify does: the document against the 2025-07 schema, the variables against its types, before anything runs.
    const checked = checkAdminRequest(body.query, body.variables, body.operationName);
    const name = checked.ok ? checked.name : (/^\s*(?:mutation|query)\s+(\w+)/.exec(query)?.[1] ?? '');
    const operation: AdminCallRecord['operation'] = (WEBHOOK_OPERATIONS as readonly string[]).includes(name)
      ? (name as WebhookOperation)
      : (DEFINITION_OPERATIONS as readonly string[]).includes(name)
        ? (name as DefinitionOperation)
        : (OPERATIONS as readonly string[]).includes(name)
          ? (name as Operation)
          : 'unknown';
    const record: AdminCallRecord = { operation, headers: req.headers, query, variables: given, throttled: false };
    calls.push(record);
    if (!checked.ok) {
      record.errors = checked.errors.map((e) => e.message);
      return send(200, { errors: checked.errors });
    }
    const variables = checked.variables;
    if (operation === 'webhookSubscriptions' || operation === 'webhookSubscriptionCreate')
      return send(200, webhooks.answer(operation, variables));
    if (operation === 'metafieldDefinitions' || operation === 'metafieldDefinitionCreate')
      return send(200, definitions.answer(operation, variables));
    if (operation === 'unknown') return send(200, graphqlError(`This stand-in does not play the operation "${name}"`));

    const throttle =
      options.throttleAlways?.includes(operation) || (options.throttleOnce?.includes(operation) && !throttledOnce.has(operation));
    if (throttle) {
      throttledOnce.add(operation);
      record.throttled = true;
      return send(200, {
        errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
        extensions: { cost: THROTTLE_COST },
      });
    }
    const data = answer(operation, variables);
    if (options.loseAnswerOnce?.includes(operation) && !lostOnce.has(operation)) {
      // Done, but the answer never arrives.
      lostOnce.add(operation);
      req.socket.destroy();
      return;
    }
    return send(200, {
      data,
      extensions: {
        cost: {
          requestedQueryCost: 10,
          actualQueryCost: 10,
          throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 990, restoreRate: 50 },
        },
      },
    });
  }

  async function upload(req: http.IncomingMessage, res: http.ServerResponse, target: number): Promise<void> {
    const raw = await readBody(req);
    const record: UploadRecord = { headers: req.headers, target, order: [], fields: {}, file: undefined };
    uploads.push(record);
    const fail = (status: number, code: string, message: string) => {
      record.file = undefined;
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(`<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
    };
    const contentType = String(req.headers['content-type'] ?? '');
    if (!contentType.startsWith('multipart/form-data')) return fail(400, 'InvalidArgument', 'Expected multipart/form-data');
    const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
    for (const [name, value] of form.entries()) {
      record.order.push(name);
      if (typeof value === 'string') record.fields[name] = value;
      else record.file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
    }
    const status = options.uploadStatus ?? 204;
    if (status >= 300) return fail(status, 'AccessDenied', 'Invalid signature');
    // The signed policy holds the declared size: the storage refuses a larger file.
    const declared = targets.get(target);
    if (!declared) return fail(403, 'AccessDenied', 'No such upload target');
    if (record.file && declared.fileSize !== undefined && record.file.bytes.length > declared.fileSize)
      return fail(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end('');
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const fail = (error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    };
    if (req.method === 'POST' && url.pathname === ADMIN_GRAPHQL_PATH) return void graphql(req, res).catch(fail);
    const staged = /^\/staged-upload\/(\d+)$/.exec(url.pathname);
    if (req.method === 'POST' && staged) return void upload(req, res, Number(staged[1])).catch(fail);
    const image =
      req.method === 'GET' && url.pathname.startsWith('/images/') ? options.images?.[url.pathname.slice('/images/'.length)] : undefined;
    if (image) {
      res.writeHead(image.status ?? 200, { 'content-type': image.contentType ?? 'image/png' });
      return void res.end(image.body);
    }
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<!doctype html><h1>Not found</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    calls,
    webhookSubscriptions: webhooks.subscriptions,
    metafieldDefinitions: definitions.records,
    products,
    files,
    collections,
    inCollection,
    uploads,
    imageUrl: (name) => `${origin}/images/${name}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ── Webhook subscriptions: webhookSubscriptions and webhookSubscriptionCreate ──────────────────────
// Kept apart from the publisher's operations above: `tshirt-gen shopify webhooks register` uses them.
// Their documents and variables were checked against the 2025-07 schema before they get here.

export interface WebhookSubscriptionRecord {
  id: string;
  topic: string;
  callbackUrl: string;
  format: 'JSON' | 'XML';
}

function createWebhookSubscriptions(initial: WebhookSubscriptionRecord[] = []) {
  const subscriptions = [...initial];
  let nextId = 900_001;
  return {
    subscriptions,
    answer(operation: WebhookOperation, variables: Record<string, unknown>): unknown {
      if (operation === 'webhookSubscriptions') {
        const topics = variables.topics as string[] | undefined;
        const nodes = subscriptions
          .filter((s) => !topics || topics.includes(s.topic))
          .slice(0, variables.first as number)
          .map((s) => ({ id: s.id, topic: s.topic, endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: s.callbackUrl } }));
        return { data: { webhookSubscriptions: { nodes } } };
      }
      const topic = variables.topic as string;
      const input = variables.webhookSubscription as { callbackUrl?: string; format?: 'JSON' | 'XML' };
      const userErrors: Array<{ field: string[]; message: string }> = [];
      if (!input.callbackUrl) userErrors.push({ field: ['webhookSubscription', 'callbackUrl'], message: "Address can't be blank" });
      else if (subscriptions.some((s) => s.topic === topic && s.callbackUrl === input.callbackUrl))
        userErrors.push({ field: ['webhookSubscription', 'callbackUrl'], message: 'Address for this topic has already been taken' });
      if (userErrors.length) return { data: { webhookSubscriptionCreate: { webhookSubscription: null, userErrors } } };
      const record: WebhookSubscriptionRecord = {
        id: `gid://shopify/WebhookSubscription/${nextId++}`,
        topic,
        callbackUrl: input.callbackUrl!,
        format: input.format ?? 'JSON',
      };
      subscriptions.push(record);
      return { data: { webhookSubscriptionCreate: { webhookSubscription: { id: record.id, topic }, userErrors } } };
    },
  };
}

// ── Metafield definitions: metafieldDefinitions and metafieldDefinitionCreate ─────────────────────
// `tshirt-gen shopify metafields register` uses them; checked against the 2025-07 schema like the rest.

export interface MetafieldDefinitionRecord {
  id: string;
  ownerType: string;
  namespace: string;
  key: string;
  name: string;
  type: string;
  description?: string;
  pinned: boolean;
  storefrontAccess: 'PUBLIC_READ' | 'NONE';
  validations?: Array<{ name: string; type: string; value: string | null }>;
}

function createMetafieldDefinitions(
  initial: MetafieldDefinitionRecord[] = [],
  options: {
    pinnedLimit: number;
    /** What every metafieldDefinitionCreate answers instead of making one (a scope missing, say). */
    refusal: Array<{ field: string[] | null; message: string; code?: string }> | undefined;
    meanwhile: MetafieldDefinitionRecord[] | undefined;
  },
) {
  const { pinnedLimit, refusal } = options;
  let meanwhile = options.meanwhile ?? [];
  const records = [...initial];
  let nextId = 700_001;
  return {
    records,
    answer(operation: DefinitionOperation, variables: Record<string, unknown>): unknown {
      if (operation === 'metafieldDefinitions') {
        const nodes = records
          .filter(
            (d) =>
              d.ownerType === variables.ownerType &&
              (variables.namespace == null || d.namespace === variables.namespace) &&
              (variables.key == null || d.key === variables.key),
          )
          .slice(0, (variables.first as number | undefined) ?? 50)
          .map((d) => ({
            id: d.id,
            name: d.name,
            type: { name: d.type },
            access: { storefront: d.storefrontAccess },
            pinnedPosition: d.pinned ? records.filter((o) => o.ownerType === d.ownerType && o.pinned).indexOf(d) + 1 : null,
            validations: d.validations ?? [],
          }));
        records.push(...meanwhile);
        meanwhile = [];
        return { data: { metafieldDefinitions: { nodes } } };
      }
      const input = variables.definition as {
        namespace?: string;
        key: string;
        name: string;
        description?: string;
        ownerType: string;
        type: string;
        pin?: boolean;
        access?: { storefront?: 'PUBLIC_READ' | 'NONE' };
      };
      // Shopify's default namespace for an app's definitions is its own; this stand-in knows only explicit ones.
      const namespace = input.namespace ?? '$app';
      const userErrors: Array<{ field: string[] | null; message: string; code?: string }> = [...(refusal ?? [])];
      if (records.some((d) => d.ownerType === input.ownerType && d.namespace === namespace && d.key === input.key))
        userErrors.push({
          field: ['definition', 'key'],
          message: `Key is in use for Product metafields on the '${namespace}' namespace.`,
          code: 'TAKEN',
        });
      else if (input.pin && records.filter((d) => d.ownerType === input.ownerType && d.pinned).length >= pinnedLimit)
        userErrors.push({ field: ['definition'], message: 'Limit of pinned definitions reached.', code: 'PINNED_LIMIT_REACHED' });
      if (userErrors.length) return { data: { metafieldDefinitionCreate: { createdDefinition: null, userErrors } } };
      const record: MetafieldDefinitionRecord = {
        id: `gid://shopify/MetafieldDefinition/${nextId++}`,
        ownerType: input.ownerType,
        namespace,
        key: input.key,
        name: input.name,
        type: input.type,
        ...(input.description ? { description: input.description } : {}),
        pinned: input.pin === true,
        storefrontAccess: input.access?.storefront ?? 'NONE',
      };
      records.push(record);
      return { data: { metafieldDefinitionCreate: { createdDefinition: { id: record.id, name: record.name }, userErrors } } };
    },
  };
}
