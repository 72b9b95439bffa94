import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const ours = () => admin.webhookSubscriptions.filter((s) => s.callbackUrl === callback);

describe('tshirt-gen shopify webhooks register', () => {
  it('subscribes every topic that changes the site to SITE_URL/api/webhooks/shopify', async () => {
    const run = await register(['--json']);
    expect(run.stderr).toBe('');
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
      /invalid value for webhookSubscription/,
    );
    expect((await send({ topic: 'PRODUCT_UPDATED', webhookSubscription: { callbackUrl: callback } })).errors?.[0]?.message).toMatch(
      /invalid value for topic/,
    );
  });

  it('reports a refused token as a failure without printing it', async () => {
    const run = await register([], { SHOPIFY_ADMIN_TOKEN: 'shpat_wrong_token_000000000' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^tshirt-gen: Shopify webhookSubscriptions failed: the Admin API refused the access token \(401\)/);
    expect(run.stderr).not.toContain('shpat_wrong');
  });
});
