import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminClient } from '../../shared/generator/providers/shopify-admin/admin-client.ts';
import * as DOCUMENTS from '../../shared/generator/providers/shopify-admin/documents.ts';
import { registerPrintFileDefinition } from '../../shared/generator/providers/shopify-admin/print-file-definition.ts';
import { createShopifyAdminPublisher } from '../../shared/generator/providers/shopify-admin/publisher.ts';
import { registerWebhooks, WEBHOOK_SUBSCRIPTION_CREATE, WEBHOOK_SUBSCRIPTIONS } from '../../shared/webhooks/index.ts';
import { ADMIN_SCHEMA_FILE, adminSchema, checkAdminRequest } from '../support/admin-schema.ts';
import { ADMIN_GRAPHQL_PATH, startShopifyAdminServer, type ShopifyAdminServer } from '../support/shopify-admin-server.ts';

/**
 * The Admin stand-in answers as Shopify's Admin API 2025-07 would, because it checks every request
 * against Shopify's own schema (the introspection @shopify/dev-mcp@1.4.1 ships): it refuses a
 * misspelt input field and an enum value the schema does not have, with a GraphQL error; and every
 * document the app really sends to the Admin API, with the variables it really sends, passes.
 */

const TOKEN = 'shpat_schema_check_0123456789';

/** Every document the app sends to the Admin API: documents.ts (the publisher's and the print file definition's) and the webhook registration's. */
const APP_DOCUMENTS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(DOCUMENTS).filter(([, value]) => typeof value === 'string')),
  WEBHOOK_SUBSCRIPTIONS,
  WEBHOOK_SUBSCRIPTION_CREATE,
};

const operationName = (document: string) =>
  (parse(document).definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode).name!.value;

let admin: ShopifyAdminServer;
let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 48, channels: 4, background: '#fe972e' } })
    .png()
    .toBuffer();
  admin = await startShopifyAdminServer({ token: TOKEN, images: { 'design.png': { body: png }, 'print.png': { body: png } } });
});
afterAll(async () => {
  await admin?.close();
});

/** A raw request to the stand-in, as any GraphQL client would send it. */
async function send(
  query: string,
  variables: unknown,
): Promise<{ data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> }> {
  const response = await fetch(`${admin.origin}${ADMIN_GRAPHQL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': TOKEN },
    body: JSON.stringify({ query, variables }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as never;
}

describe("Shopify's Admin API 2025-07 schema", () => {
  it('is the one @shopify/dev-mcp ships, built once per process', () => {
    expect(ADMIN_SCHEMA_FILE).toMatch(/node_modules\/@shopify\/dev-mcp\/dist\/data\/admin_2025-07\.json\.gz$/);
    const schema = adminSchema();
    expect(adminSchema()).toBe(schema);
    // Fields that pin the version: productCreate takes `product:` since 2024-07; the webhook `uri` arrives in 2025-10.
    expect(
      schema
        .getMutationType()
        ?.getFields()
        .productCreate?.args.map((a) => a.name),
    ).toContain('product');
    expect(Object.keys((schema.getType('WebhookSubscriptionInput') as { getFields(): object }).getFields())).not.toContain('uri');
  });

  it.each(Object.entries(APP_DOCUMENTS))('the app’s %s document is valid against it', (_name, document) => {
    const checked = checkAdminRequest(document, undefined);
    // Validation passes; only the missing variables are refused, by the variables check.
    if (!checked.ok) for (const error of checked.errors) expect(error.extensions.code, error.message).toBe('INVALID_VARIABLE');
  });
});

describe('the Admin stand-in refuses what Shopify would', () => {
  it('a misspelt input field: a GraphQL error naming the field and the input type', async () => {
    const answer = await send(DOCUMENTS.PRODUCT_CREATE, { product: { titel: 'Chief Cats Officer', status: 'DRAFT' } });
    expect(answer.data).toBeUndefined();
    expect(answer.errors?.map((e) => e.message)).toEqual([
      'Variable "$product" has invalid value: Expected value of type "ProductCreateInput" not to include unknown field "titel". Did you mean "title"? Found: { titel: "Chief Cats Officer", status: "DRAFT" }.',
    ]);
    expect(answer.errors?.[0]?.extensions?.code).toBe('INVALID_VARIABLE');
  });

  it('a wrong enum value, at the top or deep in an input', async () => {
    const status = await send(DOCUMENTS.PRODUCT_UPDATE, { product: { id: 'gid://shopify/Product/1', status: 'LIVE' } });
    expect(status.errors?.map((e) => e.message)).toEqual([
      'Variable "$product" has invalid value at .status: Value "LIVE" does not exist in "ProductStatus" enum.',
    ]);
    const resource = await send(DOCUMENTS.STAGED_UPLOADS_CREATE, {
      input: [{ resource: 'PRINT_FILE', filename: 'x-print.png', mimeType: 'image/png', httpMethod: 'POST' }],
    });
    expect(resource.errors?.[0]?.message).toMatch(
      /^Variable "\$input" has invalid value at \[0\]\.resource: Value "PRINT_FILE" does not exist in "StagedUploadTargetGenerateUploadResource" enum\./,
    );
    const topic = await send(WEBHOOK_SUBSCRIPTION_CREATE, {
      topic: 'PRODUCT_UPDATED',
      webhookSubscription: { callbackUrl: 'https://x.example/h' },
    });
    expect(topic.errors?.[0]?.message).toMatch(
      /^Variable "\$topic" has invalid value: Value "PRODUCT_UPDATED" does not exist in "WebhookSubscriptionTopic" enum\./,
    );
  });

  it('a misspelt field in the document, a wrong argument, and a scalar in the wrong form', async () => {
    const field = await send(DOCUMENTS.PRODUCT_CREATE.replace('handle', 'handel'), { product: { title: 'x' } });
    expect(field.errors?.map((e) => [e.message, e.extensions?.code])).toEqual([
      ['Cannot query field "handel" on type "Product". Did you mean "handle"?', 'GRAPHQL_VALIDATION_FAILED'],
    ]);
    const argument = await send(DOCUMENTS.FILE_CREATE.replace('fileCreate(files: $files)', 'fileCreate(file: $files)'), { files: [] });
    expect(argument.errors?.map((e) => e.message)).toContain(
      'Unknown argument "file" on field "Mutation.fileCreate". Did you mean "files"?',
    );
    const money = await send(DOCUMENTS.PRODUCT_VARIANTS_BULK_CREATE, {
      productId: 'gid://shopify/Product/1',
      variants: [{ price: '24,99' }],
    });
    expect(money.errors?.[0]?.message).toMatch(/^Variable "\$variants" has invalid value at \[0\]\.price: Money must be a decimal amount/);
    const size = await send(DOCUMENTS.STAGED_UPLOADS_CREATE, {
      input: [{ resource: 'FILE', filename: 'x.png', mimeType: 'image/png', fileSize: '-5' }],
    });
    expect(size.errors?.[0]?.message).toMatch(/fileSize: UnsignedInt64 must be a whole number/);
  });

  it('through the app’s Admin client the refusal names the step', async () => {
    const client = createAdminClient({ domain: admin.origin, token: TOKEN });
    const error = await client
      .call({
        step: 'metafieldsSet',
        query: DOCUMENTS.METAFIELDS_SET,
        variables: {
          metafields: [{ ownerId: 'gid://shopify/Product/1', namespace: 'custom', key: 'print_file', typ: 'file_reference', value: 'x' }],
        },
        idempotent: true,
      })
      .then(
        () => undefined,
        (e: unknown) => e as Error & { kind?: string },
      );
    await client.close();
    expect(error?.kind).toBe('graphql');
    expect(error?.message).toMatch(
      /^Shopify metafieldsSet failed: Variable "\$metafields" has invalid value at \[0\]: Expected value of type "MetafieldsSetInput" not to include unknown field "typ"/,
    );
  });
});

describe('every request the app really sends passes', () => {
  it('publishing with the print file, a retry that meets the earlier file, a removal, and webhook registration: no call refused', async () => {
    const s = await startShopifyAdminServer({
      token: TOKEN,
      images: { 'design.png': { body: png }, 'print.png': { body: png } },
      loseAnswerOnce: ['fileCreate'],
      fileSearchMisses: 1,
      // "Office Humor" made by hand: the product is added to it; "AI Humor" is made as a smart collection.
      collections: [
        {
          id: 'gid://shopify/Collection/9',
          handle: 'office-humor',
          title: 'Office Humor',
          productTypeRule: null,
          productIds: [],
          publications: [],
        },
      ],
    });
    try {
      const publisher = createShopifyAdminPublisher({ domain: s.origin, token: TOKEN, wait: async () => {} });
      const body = {
        name: 'Schema Cat',
        description: 'Checked.',
        price: 19.5,
        category: 'AI Humor',
        imageUrl: s.imageUrl('design.png'),
        printUrl: s.imageUrl('print.png'),
        keywords: ['cats'],
        publishKey: 'schema-cat-0123456789ab',
      };
      await publisher.publish(body).catch(() => undefined);
      await publisher.publish(body);
      await publisher.publish({ ...body, name: 'Schema Memo', category: 'Office Humor', publishKey: 'schema-memo-0123456789ab' });
      // Taken out again by its key (a Discard of a product whose publish did not finish); a second time finds nothing.
      const memo = s.products.find((p) => p.handle === 'schema-memo-0123456789ab')!;
      expect(await publisher.remove('schema-memo-0123456789ab')).toEqual({ productId: memo.id, handle: memo.handle });
      expect(await publisher.remove('schema-memo-0123456789ab')).toBeUndefined();
      expect(s.products.map((p) => p.handle)).toEqual(['schema-cat-0123456789ab']);
      // Its print file went with it (productDelete leaves the store's Files alone); the other product's stays.
      expect(s.files.map((f) => f.filename).filter((name) => name.endsWith('-print.png'))).toEqual(['schema-cat-0123456789ab-print.png']);
      await publisher.close();
      const client = createAdminClient({ domain: s.origin, token: TOKEN });
      await registerWebhooks(client, 'https://shop.example/api/webhooks/shopify');
      await registerPrintFileDefinition(client);
      await client.close();

      expect(s.calls.filter((c) => c.errors).map((c) => [c.operation, c.errors])).toEqual([]);
      // Every document of the app was sent at least once, with real variables.
      const sent = new Set(s.calls.map((c) => c.operation));
      expect([...new Set(Object.values(APP_DOCUMENTS).map(operationName))].filter((name) => !sent.has(name as never))).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
