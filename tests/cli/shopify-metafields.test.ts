import { afterEach, describe, expect, it } from 'vitest';
import { apiVersionWarning, PRINT_FILE_METAFIELD } from '../../shared/generator/index.ts';
import { finished, isolatedEnv } from '../support/child-process.ts';
import {
  startShopifyAdminServer,
  type MetafieldDefinitionRecord,
  type ShopifyAdminServer,
  type ShopifyAdminServerOptions,
} from '../support/shopify-admin-server.ts';
import { spawnCli } from '../support/tshirt-gen.ts';

/**
 * `tshirt-gen shopify metafields register` against the loopback Admin API stand-in, which checks each
 * document and its variables against 2025-07's types: defines custom.print_file (file_reference, off
 * the storefront) on products once, leaves an existing one alone, and refuses one of another type.
 */

const token = 'shpat_admin_token_for_tests_0002';
const servers: ShopifyAdminServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function store(options: Partial<ShopifyAdminServerOptions> = {}): Promise<ShopifyAdminServer> {
  const server = await startShopifyAdminServer({ token, ...options });
  servers.push(server);
  return server;
}

function register(admin: ShopifyAdminServer, args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  return finished(
    spawnCli(
      ['shopify', 'metafields', 'register', ...args],
      isolatedEnv({ SHOPIFY_STORE_DOMAIN: admin.origin, SHOPIFY_ADMIN_TOKEN: token, ...env }),
    ),
  );
}

/** What stderr starts with: the default SHOPIFY_API_VERSION (2025-07) left Shopify's support in July 2026. */
const versionWarning = () => {
  const warning = apiVersionWarning('2025-07');
  return warning ? `tshirt-gen: warning: ${warning}\n` : '';
};

const existing = (over: Partial<MetafieldDefinitionRecord>): MetafieldDefinitionRecord => ({
  id: 'gid://shopify/MetafieldDefinition/42',
  ownerType: 'PRODUCT',
  namespace: 'custom',
  key: 'print_file',
  name: 'Print file',
  type: 'file_reference',
  pinned: true,
  storefrontAccess: 'NONE',
  ...over,
});

describe('tshirt-gen shopify metafields register', () => {
  it("defines the print file's metafield on products, pinned and off the storefront; a second run makes nothing", async () => {
    const admin = await store();
    const run = await register(admin, ['--json']);
    expect(run.stderr).toBe(versionWarning());
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(result).toMatchObject({
      metafield: 'custom.print_file',
      type: 'file_reference',
      status: 'created',
      pinned: true,
      storefrontAccess: 'NONE',
      validations: [],
    });
    expect(admin.metafieldDefinitions).toEqual([
      expect.objectContaining({
        id: result.id,
        ownerType: 'PRODUCT',
        namespace: PRINT_FILE_METAFIELD.namespace,
        key: PRINT_FILE_METAFIELD.key,
        // The type the publisher writes its metafieldsSet with.
        type: PRINT_FILE_METAFIELD.type,
        name: 'Print file',
        pinned: true,
        storefrontAccess: 'NONE',
      }),
    ]);
    // Every call passed the stand-in's 2025-07 checks (a failed one answers `errors`, which the command reports).
    expect(admin.calls.map((c) => [c.operation, c.errors])).toEqual([
      ['metafieldDefinitions', undefined],
      ['metafieldDefinitionCreate', undefined],
    ]);

    const again = await register(admin);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(`custom.print_file (file_reference) is already defined on products: ${result.id}\n`);
    const json = await register(admin, ['--json']);
    expect(JSON.parse(json.stdout)).toEqual({ ...result, status: 'existing' });
    expect(admin.calls.slice(2).map((c) => c.operation)).toEqual(['metafieldDefinitions', 'metafieldDefinitions']);
    expect(admin.metafieldDefinitions).toHaveLength(1);
  });

  it('makes it unpinned when the store has pinned all it may, and says so', async () => {
    const admin = await store({ pinnedDefinitionLimit: 0 });
    const run = await register(admin);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^custom\.print_file \(file_reference\) defined on products: gid:\/\/shopify\/MetafieldDefinition\/\d+\n/);
    expect(run.stdout).toContain("Not pinned: the store's limit of pinned product metafields is reached");
    expect(admin.metafieldDefinitions.map((d) => d.pinned)).toEqual([false]);
    expect(admin.calls.map((c) => c.operation)).toEqual(['metafieldDefinitions', 'metafieldDefinitionCreate', 'metafieldDefinitionCreate']);
  });

  it('refuses a definition of another type, and notes one the storefront can read or one with validations', async () => {
    const text = await store({ metafieldDefinitions: [existing({ type: 'single_line_text_field' })] });
    const refused = await register(text);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `${versionWarning()}tshirt-gen: custom.print_file is already defined on products as single_line_text_field, but the generator writes a file_reference there: change or delete that definition in the Shopify admin (Settings, Custom data, Products)\n`,
    );
    expect(text.metafieldDefinitions).toHaveLength(1);

    const open = await store({ metafieldDefinitions: [existing({ storefrontAccess: 'PUBLIC_READ' })] });
    const warned = await register(open);
    expect(warned.code).toBe(0);
    expect(warned.stdout).toContain('Note: its storefront access is PUBLIC_READ');

    const imagesOnly = await store({
      metafieldDefinitions: [
        existing({ validations: [{ name: 'file_type_options', type: 'list.single_line_text_field', value: '["Image"]' }] }),
      ],
    });
    const ruled = await register(imagesOnly);
    expect(ruled.code).toBe(0);
    expect(ruled.stdout).toContain('Note: it carries validations (file_type_options: ["Image"]), which every print file must pass');
  });

  it('takes a definition another run made meanwhile as existing', async () => {
    const admin = await store({ metafieldDefinitionsMadeMeanwhile: [existing({ id: 'gid://shopify/MetafieldDefinition/77' })] });
    const run = await register(admin, ['--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'existing', id: 'gid://shopify/MetafieldDefinition/77', pinned: true });
    expect(admin.calls.map((c) => c.operation)).toEqual(['metafieldDefinitions', 'metafieldDefinitionCreate', 'metafieldDefinitions']);
    expect(admin.metafieldDefinitions).toHaveLength(1);
  });

  it("exits 1 with Shopify's refusal, naming the step", async () => {
    const admin = await store({
      userErrors: {
        metafieldDefinitionCreate: [{ field: ['definition', 'access'], message: 'Access denied for this owner type', code: 'INVALID' }],
      },
    });
    const run = await register(admin);
    expect([run.code, run.stderr]).toEqual([
      1,
      `${versionWarning()}tshirt-gen: Shopify metafieldDefinitionCreate failed for custom.print_file: definition.access: Access denied for this owner type\n`,
    ]);
    expect(admin.metafieldDefinitions).toEqual([]);
  });

  it('needs a Shopify store and token, and never prints the token', async () => {
    const admin = await store();
    const embedded = await register(admin, [], { SHOPIFY_STORE_DOMAIN: '' });
    expect([embedded.code, embedded.stderr]).toEqual([
      2,
      'tshirt-gen: set SHOPIFY_STORE_DOMAIN and SHOPIFY_ADMIN_TOKEN: metafields are defined on a Shopify store\n',
    ]);
    const wrong = await register(admin, [], { SHOPIFY_ADMIN_TOKEN: 'shpat_wrong_token_000000000' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr + wrong.stdout).not.toContain('shpat_wrong_token_000000000');
    expect(admin.metafieldDefinitions).toEqual([]);
  });
});
