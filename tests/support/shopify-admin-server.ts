import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/**
 * A loopback stand-in for a Shopify store's Admin GraphQL 2025-07 endpoint and its staged-upload
 * storage. It checks what it is sent the way Shopify would: the access token, each operation's
 * document and variables against the 2025-07 input types (unknown fields refused, like GraphQL
 * does), and the multipart upload (signed parameters first, then the PNG). It can answer THROTTLED
 * and userErrors on demand, and serves design images for the publisher to download.
 */

export const OPERATIONS = [
  'stagedUploadsCreate',
  'productByIdentifier',
  'productCreate',
  'productVariantsBulkCreate',
  'productUpdate',
  'publications',
  'publishablePublish',
] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface AdminCallRecord {
  operation: Operation | WebhookOperation | 'unknown';
  headers: http.IncomingHttpHeaders;
  query: string;
  variables: Record<string, unknown>;
  /** What the server answered. */
  throttled: boolean;
}

export interface UploadRecord {
  headers: http.IncomingHttpHeaders;
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
  userErrors?: Partial<Record<Operation, Array<{ field: string[] | null; message: string }>>>;
  /** Status of the storage upload (default 204). */
  uploadStatus?: number;
  /** Images served at GET /images/{name}. */
  images?: Record<string, { body: Buffer | string; status?: number; contentType?: string }>;
  /** Webhook subscriptions the store already has (default none). */
  webhookSubscriptions?: WebhookSubscriptionRecord[];
  /** Operations the store carries out but whose answer is lost once (the connection drops), as after a timeout. */
  loseAnswerOnce?: readonly Operation[];
  /** Publications the store has (default: Point of Sale and Online Store). */
  publications?: Array<{ id: string; name: string; catalog: { title: string } | null }>;
}

/** A product the stand-in store holds, as far as publishing changes it. */
export interface StoredAdminProduct {
  id: string;
  handle: string;
  title: string;
  status: string;
  variants: number;
  media: number;
  publications: string[];
}

export interface ShopifyAdminServer {
  origin: string;
  calls: AdminCallRecord[];
  /** The store's webhook subscriptions (see the webhook section at the end of this file). */
  webhookSubscriptions: WebhookSubscriptionRecord[];
  /** Every product made, in order. */
  products: StoredAdminProduct[];
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

// ── The 2025-07 input types this publisher may use, strict like GraphQL input coercion ────────────
const Str = z.string();
const StagedUploadInput = z.strictObject({
  resource: z.enum([
    'COLLECTION_IMAGE',
    'FILE',
    'IMAGE',
    'MODEL_3D',
    'PRODUCT_IMAGE',
    'SHOP_IMAGE',
    'VIDEO',
    'BULK_MUTATION_VARIABLES',
    'RETURN_LABEL',
    'URL_REDIRECT_IMPORT',
    'DISPUTE_FILE_UPLOAD',
  ]),
  filename: Str,
  mimeType: Str,
  httpMethod: z.enum(['POST', 'PUT']).optional(),
  fileSize: z.string().regex(/^\d+$/).optional(),
});
const OptionValueCreateInput = z.strictObject({ name: Str.optional(), linkedMetafieldValue: Str.optional() });
const OptionCreateInput = z.strictObject({
  name: Str.optional(),
  position: z.number().int().optional(),
  values: z.array(OptionValueCreateInput).optional(),
});
const ProductCreateInput = z.strictObject({
  title: Str,
  descriptionHtml: Str.optional(),
  handle: Str.optional(),
  productType: Str.optional(),
  vendor: Str.optional(),
  tags: z.array(Str).optional(),
  status: z.enum(['ACTIVE', 'ARCHIVED', 'DRAFT', 'UNLISTED']).optional(),
  productOptions: z.array(OptionCreateInput).optional(),
});
const CreateMediaInput = z.strictObject({
  originalSource: Str,
  mediaContentType: z.enum(['EXTERNAL_VIDEO', 'IMAGE', 'MODEL_3D', 'VIDEO']),
  alt: Str.optional(),
});
const Money = z.string().regex(/^\d+(\.\d{1,2})?$/, 'Money must be a decimal string');
const VariantOptionValueInput = z.strictObject({
  optionName: Str.optional(),
  name: Str.optional(),
  optionId: Str.optional(),
  id: Str.optional(),
  linkedMetafieldValue: Str.optional(),
});
const ProductVariantsBulkInput = z.strictObject({
  optionValues: z.array(VariantOptionValueInput).optional(),
  price: Money.optional(),
  compareAtPrice: Money.optional(),
  inventoryItem: z
    .strictObject({ tracked: z.boolean().optional(), sku: Str.optional(), requiresShipping: z.boolean().optional() })
    .optional(),
  inventoryPolicy: z.enum(['CONTINUE', 'DENY']).optional(),
});
const PublicationInput = z.strictObject({ publicationId: Str.optional(), publishDate: Str.optional() });
const ProductGid = Str.regex(/^gid:\/\/shopify\/Product\/\d+$/);
const ProductIdentifierInput = z.strictObject({
  id: ProductGid.optional(),
  handle: Str.optional(),
  customId: z.strictObject({ namespace: Str.optional(), key: Str, value: Str }).optional(),
});
const ProductUpdateInput = z.strictObject({
  id: ProductGid,
  title: Str.optional(),
  descriptionHtml: Str.optional(),
  handle: Str.optional(),
  productType: Str.optional(),
  vendor: Str.optional(),
  tags: z.array(Str).optional(),
  status: z.enum(['ACTIVE', 'ARCHIVED', 'DRAFT', 'UNLISTED']).optional(),
});

const VARIABLES: Record<Operation, z.ZodType> = {
  stagedUploadsCreate: z.strictObject({ input: z.array(StagedUploadInput).min(1) }),
  productCreate: z.strictObject({ product: ProductCreateInput, media: z.array(CreateMediaInput).optional() }),
  productVariantsBulkCreate: z.strictObject({
    productId: Str.regex(/^gid:\/\/shopify\/Product\/\d+$/),
    variants: z.array(ProductVariantsBulkInput).min(1),
    strategy: z.enum(['DEFAULT', 'REMOVE_STANDALONE_VARIANT']).optional(),
  }),
  productByIdentifier: z.strictObject({ identifier: ProductIdentifierInput }),
  productUpdate: z.strictObject({ product: ProductUpdateInput }),
  publications: z.strictObject({ first: z.number().int().min(1).max(250) }),
  publishablePublish: z.strictObject({ id: Str.regex(/^gid:\/\/shopify\/Product\/\d+$/), input: z.array(PublicationInput).min(1) }),
};

/** The field call each document must make, with the argument names 2025-07 defines. */
const DOCUMENT_SHAPES: Record<Operation, RegExp> = {
  stagedUploadsCreate:
    /stagedUploadsCreate\(\s*input:\s*\$input\s*\)[\s\S]*stagedTargets[\s\S]*resourceUrl[\s\S]*parameters[\s\S]*userErrors/,
  productCreate: /productCreate\(\s*product:\s*\$product\s*,\s*media:\s*\$media\s*\)[\s\S]*userErrors/,
  productVariantsBulkCreate:
    /productVariantsBulkCreate\(\s*productId:\s*\$productId\s*,\s*variants:\s*\$variants\s*,\s*strategy:\s*\$strategy\s*\)[\s\S]*userErrors/,
  productByIdentifier: /productByIdentifier\(\s*identifier:\s*\$identifier\s*\)\s*\{[\s\S]*id/,
  productUpdate: /productUpdate\(\s*product:\s*\$product\s*\)[\s\S]*userErrors/,
  publications: /publications\(\s*first:\s*\$first\s*\)\s*\{\s*nodes\s*\{[\s\S]*catalog\s*\{\s*title/,
  publishablePublish: /publishablePublish\(\s*id:\s*\$id\s*,\s*input:\s*\$input\s*\)[\s\S]*userErrors/,
};

function operationOf(query: string): Operation | 'unknown' {
  const name = /^\s*(?:mutation|query)\s+(\w+)/.exec(query)?.[1];
  return (OPERATIONS as readonly string[]).includes(name ?? '') ? (name as Operation) : 'unknown';
}

const graphqlError = (message: string) => ({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startShopifyAdminServer(options: ShopifyAdminServerOptions): Promise<ShopifyAdminServer> {
  const calls: AdminCallRecord[] = [];
  const uploads: UploadRecord[] = [];
  const throttledOnce = new Set<Operation>();
  const webhooks = createWebhookSubscriptions(options.webhookSubscriptions);
  let nextProduct = 1001;
  const products: StoredAdminProduct[] = [];
  const lostOnce = new Set<Operation>();
  const byId = (id: unknown) => products.find((p) => p.id === id);
  let origin = '';
  const publications = options.publications ?? [
    { id: 'gid://shopify/Publication/11', name: 'Point of Sale', catalog: { title: 'Point of Sale' } },
    { id: 'gid://shopify/Publication/12', name: 'Online Store', catalog: { title: 'Online Store' } },
  ];

  function answer(operation: Operation, variables: Record<string, unknown>): unknown {
    const userErrors = options.userErrors?.[operation] ?? [];
    switch (operation) {
      case 'stagedUploadsCreate':
        return {
          stagedUploadsCreate: {
            stagedTargets: userErrors.length
              ? null
              : (variables.input as Array<{ filename: string }>).map((input, i) => ({
                  url: `${origin}/staged-upload`,
                  resourceUrl: `${origin}/staged/${7777 + i}/${input.filename}`,
                  parameters: STAGED_PARAMETERS,
                })),
            userErrors,
          },
        };
      case 'productCreate': {
        if (userErrors.length) return { productCreate: { product: null, userErrors } };
        const input = variables.product as { title: string; handle?: string; status?: string };
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
          status: input.status ?? 'ACTIVE',
          variants: 1,
          media: Array.isArray(variables.media) ? variables.media.length : 0,
          publications: [],
        };
        products.push(created);
        return { productCreate: { product: { id: created.id, handle }, userErrors } };
      }
      case 'productByIdentifier': {
        const identifier = variables.identifier as { id?: string; handle?: string };
        const found = products.find((p) => (identifier.id ? p.id === identifier.id : p.handle === identifier.handle));
        return {
          productByIdentifier: found
            ? { id: found.id, handle: found.handle, status: found.status, variantsCount: { count: found.variants } }
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
        const target = byId(variables.id);
        if (target && !userErrors.length) {
          for (const { publicationId } of variables.input as Array<{ publicationId?: string }>)
            if (publicationId && !target.publications.includes(publicationId)) target.publications.push(publicationId);
        }
        return { publishablePublish: { userErrors } };
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
    let body: { query?: unknown; variables?: unknown };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return send(400, graphqlError('Body is not JSON'));
    }
    const query = typeof body.query === 'string' ? body.query : '';
    const variables = (body.variables ?? {}) as Record<string, unknown>;
    const webhookOperation = webhookOperationOf(query);
    if (webhookOperation) {
      calls.push({ operation: webhookOperation, headers: req.headers, query, variables, throttled: false });
      return send(200, webhooks.answer(webhookOperation, query, variables));
    }
    const operation = operationOf(query);
    const record: AdminCallRecord = { operation, headers: req.headers, query, variables, throttled: false };
    calls.push(record);
    if (operation === 'unknown') return send(200, graphqlError('Unknown operation'));
    if (!DOCUMENT_SHAPES[operation].test(query))
      return send(200, graphqlError(`${operation}: document does not match the 2025-07 signature`));
    const checked = VARIABLES[operation].safeParse(variables);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      return send(
        200,
        graphqlError(`Variable $${String(issue.path[0] ?? '')} was provided invalid value for ${issue.path.join('.')} (${issue.message})`),
      );
    }
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

  async function upload(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const record: UploadRecord = { headers: req.headers, order: [], fields: {}, file: undefined };
    uploads.push(record);
    const contentType = String(req.headers['content-type'] ?? '');
    if (!contentType.startsWith('multipart/form-data')) {
      res.writeHead(400, { 'content-type': 'application/xml' });
      return void res.end('<Error><Code>InvalidArgument</Code><Message>Expected multipart/form-data</Message></Error>');
    }
    const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
    for (const [name, value] of form.entries()) {
      record.order.push(name);
      if (typeof value === 'string') record.fields[name] = value;
      else record.file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
    }
    const status = options.uploadStatus ?? 204;
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(status >= 300 ? '<Error><Code>AccessDenied</Code><Message>Invalid signature</Message></Error>' : '');
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const fail = (error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    };
    if (req.method === 'POST' && url.pathname === '/admin/api/2025-07/graphql.json') return void graphql(req, res).catch(fail);
    if (req.method === 'POST' && url.pathname === '/staged-upload') return void upload(req, res).catch(fail);
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
    products,
    uploads,
    imageUrl: (name) => `${origin}/images/${name}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ── Webhook subscriptions: webhookSubscriptions and webhookSubscriptionCreate, 2025-07 ──────────────
// Kept apart from the publisher's operations above: `tshirt-gen shopify webhooks register` uses them.

export const WEBHOOK_OPERATIONS = ['webhookSubscriptions', 'webhookSubscriptionCreate'] as const;
export type WebhookOperation = (typeof WEBHOOK_OPERATIONS)[number];

export interface WebhookSubscriptionRecord {
  id: string;
  topic: string;
  callbackUrl: string;
  format: 'JSON' | 'XML';
}

/** A part of 2025-07's WebhookSubscriptionTopic enum: the catalogue topics and a few neighbours. */
const WebhookSubscriptionTopic = z.enum([
  'APP_UNINSTALLED',
  'COLLECTIONS_CREATE',
  'COLLECTIONS_DELETE',
  'COLLECTIONS_UPDATE',
  'INVENTORY_ITEMS_UPDATE',
  'INVENTORY_LEVELS_CONNECT',
  'INVENTORY_LEVELS_DISCONNECT',
  'INVENTORY_LEVELS_UPDATE',
  'ORDERS_CREATE',
  'PRODUCTS_CREATE',
  'PRODUCTS_DELETE',
  'PRODUCTS_UPDATE',
  'PRODUCT_LISTINGS_ADD',
  'PRODUCT_LISTINGS_REMOVE',
  'PRODUCT_LISTINGS_UPDATE',
]);
const HasMetafieldsMetafieldIdentifierInput = z.strictObject({ namespace: Str, key: Str });
/** 2025-07's WebhookSubscriptionInput (no `uri` yet: that arrives in 2025-10). */
const WebhookSubscriptionInput = z.strictObject({
  callbackUrl: z.url().optional(),
  format: z.enum(['JSON', 'XML']).optional(),
  includeFields: z.array(Str).optional(),
  metafieldNamespaces: z.array(Str).optional(),
  metafields: z.array(HasMetafieldsMetafieldIdentifierInput).optional(),
  filter: Str.optional(),
});

const WEBHOOK_VARIABLES: Record<WebhookOperation, z.ZodType> = {
  webhookSubscriptions: z.strictObject({
    first: z.number().int().min(1).max(250),
    after: Str.optional(),
    topics: z.array(WebhookSubscriptionTopic).optional(),
    callbackUrl: z.url().optional(),
    format: z.enum(['JSON', 'XML']).optional(),
    query: Str.optional(),
  }),
  webhookSubscriptionCreate: z.strictObject({ topic: WebhookSubscriptionTopic, webhookSubscription: WebhookSubscriptionInput }),
};

/** The operation's signature, the variable types it declares, and the fields of 2025-07 it selects. */
const WEBHOOK_DOCUMENTS: Record<WebhookOperation, RegExp[]> = {
  webhookSubscriptions: [
    /query\s+webhookSubscriptions\(\s*\$first:\s*Int!\s*,\s*\$topics:\s*\[WebhookSubscriptionTopic!\]\s*\)/,
    /webhookSubscriptions\(\s*first:\s*\$first\s*,\s*topics:\s*\$topics\s*\)\s*\{\s*nodes\s*\{/,
    /endpoint\s*\{\s*__typename\s*\.\.\.\s*on\s+WebhookHttpEndpoint\s*\{\s*callbackUrl\s*\}/,
  ],
  webhookSubscriptionCreate: [
    /mutation\s+webhookSubscriptionCreate\(\s*\$topic:\s*WebhookSubscriptionTopic!\s*,\s*\$webhookSubscription:\s*WebhookSubscriptionInput!\s*\)/,
    /webhookSubscriptionCreate\(\s*topic:\s*\$topic\s*,\s*webhookSubscription:\s*\$webhookSubscription\s*\)[\s\S]*webhookSubscription\s*\{\s*id[\s\S]*userErrors\s*\{\s*field\s+message\s*\}/,
  ],
};

function webhookOperationOf(query: string): WebhookOperation | undefined {
  const name = /^\s*(?:mutation|query)\s+(\w+)/.exec(query)?.[1];
  return (WEBHOOK_OPERATIONS as readonly string[]).includes(name ?? '') ? (name as WebhookOperation) : undefined;
}

function createWebhookSubscriptions(initial: WebhookSubscriptionRecord[] = []) {
  const subscriptions = [...initial];
  let nextId = 900_001;
  return {
    subscriptions,
    answer(operation: WebhookOperation, query: string, variables: Record<string, unknown>): unknown {
      const shape = WEBHOOK_DOCUMENTS[operation].find((pattern) => !pattern.test(query));
      if (shape) return graphqlError(`${operation}: document does not match the 2025-07 signature (${shape.source.slice(0, 60)}…)`);
      const checked = WEBHOOK_VARIABLES[operation].safeParse(variables);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        return graphqlError(
          `Variable $${String(issue.path[0] ?? '')} was provided invalid value for ${issue.path.join('.')} (${issue.message})`,
        );
      }
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
