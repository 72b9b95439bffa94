/** Shopify webhooks: signatures, the topics that rebuild the site, the log of deliveries seen, subscribing. */

export { HMAC_HEADER, signWebhookBody, verifyWebhookSignature } from './signature.ts';
export { isRebuildTopic, REBUILD_TOPICS, topicEnum, WEBHOOK_PATH, type RebuildTopic } from './topics.ts';
export { DELIVERY_RETENTION_MS, deliveryLogFile, openDeliveryLog, type DeliveryLog } from './delivery-log.ts';
export {
  registerWebhooks,
  WEBHOOK_SUBSCRIPTION_CREATE,
  WEBHOOK_SUBSCRIPTIONS,
  WebhookRegisterError,
  type RegisterResult,
  type SubscriptionOutcome,
} from './register.ts';
