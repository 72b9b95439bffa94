import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiVersionWarning } from '../../shared/generator/index.ts';
import { REBUILD_TOPICS, topicEnum } from '../../shared/webhooks/index.ts';
import { finished, isolatedEnv } from '../support/child-process.ts';
import { startShopifyAdminServer, type ShopifyAdminServer } from '../support/shopify-admin-server.ts';
import { spawnCli } from '../support/tshirt-gen.ts';

/**
 * `tshirt-gen shopify webhooks register` against the loopback Admin API stand-in, which checks each
 * document and its variables against 2025-07's types: subscribes every topic that changes the site,
 * subscribes nothing twice, and refuses what Shopify could not deliver to.
 */

const token = 'shpat_admin_token_for_tests_0001';
let admin: ShopifyAdminServer;
beforeAll(async () => {
  admin = await startShopifyAdminServer({
    token,
    // One subscription from another deployment, left alone.
    webhookSubscriptions: [
      { id: 'gid://shopify/WebhookSubscription/1', topic: 'PRODUCTS_UPDATE', callbackUrl: 'https://old.example/hooks', format: 'JSON' },
    ],
  });
});
afterAll(async () => {
  await admin?.close();
});

function register(args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const child = spawnCli(
    ['shopify', 'webhooks', 'register', ...args],
    isolatedEnv({ SHOPIFY_STORE_DOMAIN: admin.origin, SHOPIFY_ADMIN_TOKEN: token, SITE_URL: 'https://shop.example', ...env }),
  );
  return finished(child);
}

const callback = 'https://shop.example/api/webhooks/shopify';
/** What stderr starts with: the default SHOPIFY_API_VERSION (2025-07) left Shopify's support in July 2026. */
const versionWarning = () => {
  const warning = apiVersionWarning('2025-07');
  return warning ? `tshirt-gen: warning: ${warning}\n` : '';
};
const ours = () => admin.webhookSubscriptions.filter((s) => s.callbackUrl === callback);

describe('tshirt-gen shopify webhooks register', () => {
  it('subscribes every topic that changes the site to SITE_URL/api/webhooks/shopify', async () => {
    const run = await register(['--json']);
    expect(run.stderr).toBe(versionWarning());
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as {
      callbackUrl: string;
      subscriptions: Array<{ topic: string; status: string }>;
      elsewhere: unknown[];
    };
    expect(result.callbackUrl).toBe(callback);
    expect(result.subscriptions.map((s) => [s.topic, s.status])).toEqual(REBUILD_TOPICS.map((t) => [t, 'created']));
    expect(result.elsewhere).toEqual([
      { topic: 'PRODUCTS_UPDATE', id: 'gid://shopify/WebhookSubscription/1', callbackUrl: 'https://old.example/hooks' },
    ]);
    expect(
      ours()
        .map((s) => s.topic)
        .sort(),
    ).toEqual(REBUILD_TOPICS.map(topicEnum).sort());
    // Every call passed the stand-in's 2025-07 checks (a failed one answers `errors`, which the command reports).
    const calls = admin.calls.map((c) => c.operation);
    expect(calls).toEqual(['webhookSubscriptions', ...REBUILD_TOPICS.map(() => 'webhookSubscriptionCreate')]);
    expect(admin.calls.every((c) => c.headers['x-shopify-access-token'] === token)).toBe(true);
  });

  it('is idempotent: a second run reads the subscriptions and creates nothing', async () => {
    const before = admin.calls.length;
    const run = await register();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Nothing to do: every topic was already subscribed.');
    expect(run.stdout).toContain('Note: PRODUCTS_UPDATE is also subscribed to https://old.example/hooks');
    expect(run.stdout).not.toContain(token);
    expect(admin.calls.slice(before).map((c) => c.operation)).toEqual(['webhookSubscriptions']);
    expect(ours()).toHaveLength(REBUILD_TOPICS.length);
  });

  it('creates only what is missing', async () => {
    admin.webhookSubscriptions.splice(
      admin.webhookSubscriptions.findIndex((s) => s.callbackUrl === callback && s.topic === 'COLLECTIONS_DELETE'),
      1,
    );
    const run = await register();
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/collections\/delete\s+subscribed\n/);
    expect(run.stdout).toContain('1 subscribed.');
    expect(ours()).toHaveLength(REBUILD_TOPICS.length);
  });

  it('refuses an http SITE_URL, a missing store or token, with a usage error naming the setting', async () => {
    const http = await register([], { SITE_URL: 'http://localhost:4321' });
    expect(http.code).toBe(2);
    expect(http.stderr).toBe(
      "tshirt-gen: SITE_URL must be the store's public https URL (it is http://localhost:4321), or pass --url: Shopify delivers webhooks only over https\n",
    );
    const noStore = await register([], { SHOPIFY_STORE_DOMAIN: '' });
    expect(noStore.code).toBe(2);
    expect(noStore.stderr).toContain('set SHOPIFY_STORE_DOMAIN and SHOPIFY_ADMIN_TOKEN');
    const badUrl = await register(['--url', 'http://shop.example/hook']);
    expect(badUrl.code).toBe(2);
  });

  it('the stand-in refuses what 2025-07 would: an input field it does not have, a topic that does not exist', async () => {
    const { WEBHOOK_SUBSCRIPTION_CREATE } = await import('../../shared/webhooks/index.ts');
    const send = async (variables: unknown) => {
      const response = await fetch(`${admin.origin}/admin/api/2025-07/graphql.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
        body: JSON.stringify({ query: WEBHOOK_SUBSCRIPTION_CREATE, variables }),
      });
      return (await response.json()) as { errors?: Array<{ message: string }> };
    };
    expect((await send({ topic: 'PRODUCTS_UPDATE', webhookSubscription: { uri: callback } })).errors?.[0]?.message).toMatch(
      /^Variable "\$webhookSubscription" has invalid value: Expected value of type "WebhookSubscriptionInput" not to include unknown field "uri"/,
    );
    expect((await send({ topic: 'PRODUCT_UPDATED', webhookSubscription: { callbackUrl: callback } })).errors?.[0]?.message).toMatch(
      /^Variable "\$topic" has invalid value: Value "PRODUCT_UPDATED" does not exist in "WebhookSubscriptionTopic" enum/,
    );
  });

  it('SHOPIFY_API_VERSION picks the Admin API version in the URL; a supported one is not warned about, a malformed one is refused', async () => {
    // The stand-in serves 2025-07 only, so another version's URL finds nothing there.
    const other = await register([], { SHOPIFY_API_VERSION: '2026-10' });
    expect(other.code).toBe(1);
    expect(other.stderr).toBe(
      `tshirt-gen: Shopify webhookSubscriptions failed: no Admin API at ${admin.origin}/admin/api/2026-10/graphql.json (404); check SHOPIFY_STORE_DOMAIN\n`,
    );
    const malformed = await register([], { SHOPIFY_API_VERSION: '2025-08' });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toBe(
      'tshirt-gen: SHOPIFY_API_VERSION must be a Shopify API version like 2025-07 (YYYY-MM, the month 01, 04, 07 or 10)\n',
    );
  });

  it('reports a refused token as a failure without printing it', async () => {
    const run = await register([], { SHOPIFY_ADMIN_TOKEN: 'shpat_wrong_token_000000000' });
    expect(run.code).toBe(1);
    expect(run.stderr.startsWith(versionWarning())).toBe(true);
    expect(run.stderr.slice(versionWarning().length)).toMatch(
      /^tshirt-gen: Shopify webhookSubscriptions failed: the Admin API refused the access token \(401\)/,
    );
    expect(run.stderr).not.toContain('shpat_wrong');
  });
});
