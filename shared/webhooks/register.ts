import type { AdminClient } from '../generator/index.ts';
import { REBUILD_TOPICS, topicEnum, type RebuildTopic } from './topics.ts';
import { isRecord, type ErrorKind } from '../common/index.ts';

/**
 * Subscribes the store's webhooks through the Admin API (SHOPIFY_API_VERSION): one HTTP subscription per topic
 * that changes the site, to the store's /api/webhooks/shopify. Idempotent: the existing
 * subscriptions are read first, and only missing ones are created, so running it twice subscribes
 * nothing twice (docs/behaviour/cli.md).
 */

export const WEBHOOK_SUBSCRIPTIONS = /* GraphQL */ `
  query webhookSubscriptions($first: Int!, $topics: [WebhookSubscriptionTopic!]) {
    webhookSubscriptions(first: $first, topics: $topics) {
      nodes {
        id
        topic
        endpoint {
          __typename
          ... on WebhookHttpEndpoint {
            callbackUrl
          }
        }
      }
    }
  }
`;

export const WEBHOOK_SUBSCRIPTION_CREATE = /* GraphQL */ `
  mutation webhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
      webhookSubscription {
        id
        topic
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export interface SubscriptionOutcome {
  topic: RebuildTopic;
  /** `created` now, or `existing` (already subscribed to this URL). */
  status: 'created' | 'existing';
  id: string;
}

export interface RegisterResult {
  callbackUrl: string;
  subscriptions: SubscriptionOutcome[];
  /** Subscriptions of these topics to other URLs (another deployment, an old address): reported, left alone. */
  elsewhere: Array<{ topic: string; id: string; callbackUrl: string }>;
}

export class WebhookRegisterError extends Error {
  readonly kind: ErrorKind = 'upstream';
  override name = 'WebhookRegisterError';
}

interface Existing {
  id: string;
  topic: string;
  callbackUrl: string | undefined;
}

function readExisting(data: Record<string, unknown>): Existing[] {
  const connection = data.webhookSubscriptions;
  if (!isRecord(connection) || !Array.isArray(connection.nodes))
    throw new WebhookRegisterError('Shopify webhookSubscriptions failed: the answer had no webhookSubscriptions');
  return connection.nodes.filter(isRecord).map((node) => {
    const endpoint = isRecord(node.endpoint) ? node.endpoint : {};
    return {
      id: String(node.id),
      topic: String(node.topic),
      callbackUrl: typeof endpoint.callbackUrl === 'string' ? endpoint.callbackUrl : undefined,
    };
  });
}

/** Subscribes every topic in REBUILD_TOPICS to `callbackUrl` that is not subscribed to it yet. */
export async function registerWebhooks(client: AdminClient, callbackUrl: string, signal?: AbortSignal): Promise<RegisterResult> {
  const topics = REBUILD_TOPICS.map(topicEnum);
  const data = await client.call({
    step: 'webhookSubscriptions',
    query: WEBHOOK_SUBSCRIPTIONS,
    variables: { first: 250, topics },
    idempotent: true,
    signal,
  });
  const existing = readExisting(data);
  const subscriptions: SubscriptionOutcome[] = [];
  for (const topic of REBUILD_TOPICS) {
    const found = existing.find((e) => e.topic === topicEnum(topic) && e.callbackUrl === callbackUrl);
    if (found) {
      subscriptions.push({ topic, status: 'existing', id: found.id });
      continue;
    }
    // Not retried on a network failure: a create that did happen would then be made twice.
    const answer = await client.call({
      step: 'webhookSubscriptionCreate',
      query: WEBHOOK_SUBSCRIPTION_CREATE,
      variables: { topic: topicEnum(topic), webhookSubscription: { callbackUrl, format: 'JSON' } },
      idempotent: false,
      signal,
    });
    const payload = isRecord(answer.webhookSubscriptionCreate) ? answer.webhookSubscriptionCreate : undefined;
    const userErrors = payload && Array.isArray(payload.userErrors) ? payload.userErrors.filter(isRecord) : [];
    if (userErrors.length > 0) {
      const detail = userErrors.map((e) => (Array.isArray(e.field) ? `${e.field.join('.')}: ${String(e.message)}` : String(e.message)));
      throw new WebhookRegisterError(`Shopify webhookSubscriptionCreate failed for ${topic}: ${detail.join('; ')}`);
    }
    const created = payload && isRecord(payload.webhookSubscription) ? payload.webhookSubscription : undefined;
    if (!created || typeof created.id !== 'string')
      throw new WebhookRegisterError(`Shopify webhookSubscriptionCreate failed for ${topic}: the answer had no subscription`);
    subscriptions.push({ topic, status: 'created', id: created.id });
  }
  const ours = new Set(REBUILD_TOPICS.map(topicEnum));
  const elsewhere = existing
    .filter((e) => ours.has(e.topic) && e.callbackUrl !== callbackUrl)
    .map((e) => ({ topic: e.topic, id: e.id, callbackUrl: e.callbackUrl ?? '(not an HTTP endpoint)' }));
  return { callbackUrl, subscriptions, elsewhere };
}
