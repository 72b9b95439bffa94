import type { Command } from 'commander';
import { UsageError } from '../usage-error.ts';
import { out, printJson } from './common.ts';

/**
 * `tshirt-gen shopify …`: setting up the configured Shopify store through the Admin API; running
 * either again creates nothing new (docs/behaviour/cli.md).
 * - `webhooks register` subscribes the store's webhooks for the topics that change the site to the
 *   store's /api/webhooks/shopify.
 * - `metafields register` defines the print file's metafield (custom.print_file) on its products.
 */

interface RegisterFlags {
  url?: string;
  json?: boolean;
}

/** `https://shop.example` + the webhook path; the URL must be https, as Shopify delivers only there. */
export function callbackUrlFor(siteUrl: string, explicit: string | undefined, path: string): string {
  const raw = explicit ?? `${siteUrl.replace(/\/+$/, '')}${path}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--url is not a URL: "${raw}"`);
  }
  if (url.protocol !== 'https:') {
    throw new UsageError(
      explicit
        ? '--url must be an https URL: Shopify delivers webhooks only over https'
        : `SITE_URL must be the store's public https URL (it is ${siteUrl}), or pass --url: Shopify delivers webhooks only over https`,
    );
  }
  return url.href;
}

/**
 * The configured Shopify store, refused with a usage error when there is none (`needed` says what
 * for); `connect()` opens its Admin client, once the subcommand's own checks have passed.
 */
async function shopifyStore(needed: string) {
  const [{ loadConfig }, generator] = await Promise.all([
    import('../../shared/config/index.ts'),
    import('../../shared/generator/index.ts'),
  ]);
  const config = loadConfig();
  const token = config.shopifyAdminToken;
  if (config.storefront.embedded || !token) throw new UsageError(`set SHOPIFY_STORE_DOMAIN and SHOPIFY_ADMIN_TOKEN: ${needed}`);
  return {
    config,
    connect() {
      // Said once, before the first call, when SHOPIFY_API_VERSION is past Shopify's support window.
      generator.warnOnceIfUnsupported(config.shopifyApiVersion, generator.warnOnStderr);
      return generator.createShopifyAdminClient({ domain: config.storefront.origin, token, apiVersion: config.shopifyApiVersion });
    },
  };
}

async function runRegister(flags: RegisterFlags): Promise<void> {
  const { registerWebhooks, WEBHOOK_PATH } = await import('../../shared/webhooks/index.ts');
  const { config, connect } = await shopifyStore('webhooks are subscribed on a Shopify store');
  const callbackUrl = callbackUrlFor(config.server.siteUrl, flags.url, WEBHOOK_PATH);
  const client = await connect();
  try {
    const result = await registerWebhooks(client, callbackUrl);
    if (flags.json) {
      printJson(result);
    } else {
      const created = result.subscriptions.filter((s) => s.status === 'created').length;
      out(`Webhooks to ${result.callbackUrl}:`);
      for (const s of result.subscriptions) out(`  ${s.topic.padEnd(24)} ${s.status === 'created' ? 'subscribed' : 'already subscribed'}`);
      out(created === 0 ? 'Nothing to do: every topic was already subscribed.' : `${created} subscribed.`);
      for (const e of result.elsewhere) out(`Note: ${e.topic} is also subscribed to ${e.callbackUrl} (${e.id}); left alone.`);
      if (!config.webhookSecret) out("Set SHOPIFY_WEBHOOK_SECRET (the app's client secret) on the server, or every delivery is refused.");
    }
  } finally {
    await client.close();
  }
}

async function runMetafieldsRegister(flags: { json?: boolean }): Promise<void> {
  const { registerPrintFileDefinition } = await import('../../shared/generator/index.ts');
  const client = await (await shopifyStore('metafields are defined on a Shopify store')).connect();
  try {
    const result = await registerPrintFileDefinition(client);
    if (flags.json) {
      printJson(result);
      return;
    }
    out(
      result.status === 'created'
        ? `${result.metafield} (${result.type}) defined on products${result.pinned ? ', pinned' : ''}: ${result.id}`
        : `${result.metafield} (${result.type}) is already defined on products: ${result.id}`,
    );
    if (result.status === 'created' && !result.pinned)
      out("Not pinned: the store's limit of pinned product metafields is reached; pin it in the admin to see it on every product.");
    if (result.validations.length > 0)
      out(
        `Note: it carries validations (${result.validations.map((v) => `${v.name}: ${v.value ?? ''}`).join('; ')}), which every print file must pass; the publisher links a general file (a PNG), so a rule that allows only images refuses it.`,
      );
    if (result.storefrontAccess === 'PUBLIC_READ')
      out(
        'Note: its storefront access is PUBLIC_READ, so print files can be read through the Storefront API; set it to none in the admin.',
      );
  } finally {
    await client.close();
  }
}

export function registerShopifyCommand(program: Command): void {
  const shopify = program
    .command('shopify')
    .description('Work with the configured Shopify store (SHOPIFY_STORE_DOMAIN, SHOPIFY_ADMIN_TOKEN)');
  const webhooks = shopify.command('webhooks').description("The store's webhooks, which keep the static site fresh");
  webhooks
    .command('register')
    .description('Subscribe the product, collection and inventory webhooks to this store (idempotent)')
    .option('--url <url>', 'the https URL Shopify delivers to (default SITE_URL + /api/webhooks/shopify)')
    .option('--json', 'print the result as one JSON document')
    .action((flags: RegisterFlags) => runRegister(flags));
  const metafields = shopify.command('metafields').description("The store's metafield definitions the generator writes to");
  metafields
    .command('register')
    .description('Define custom.print_file (file_reference) on products, kept off the storefront (idempotent)')
    .option('--json', 'print the result as one JSON document')
    .action((flags: { json?: boolean }) => runMetafieldsRegister(flags));
}
