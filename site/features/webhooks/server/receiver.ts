import { isRebuildTopic, verifyWebhookSignature, type DeliveryLog } from '../../../../shared/webhooks/index.ts';

/**
 * One Shopify webhook delivery, start to answer (docs/behaviour/webhooks.md): the signature over the
 * raw bytes first, before anything else in the request is read; then the delivery id, so a repeat
 * is dropped; then the topic, which may start a rebuild. The rebuild runs after the answer, so
 * Shopify hears back at once whatever the build takes.
 */

export const WEBHOOK_MESSAGES = {
  notConfigured: 'Shopify webhooks are not configured on this server: set SHOPIFY_WEBHOOK_SECRET',
  badSignature: 'The webhook signature (X-Shopify-Hmac-Sha256) is missing or wrong',
  noDeliveryId: 'The webhook has no X-Shopify-Webhook-Id',
} as const;

export interface WebhookAnswer {
  status: number;
  body: { ok: true; duplicate?: true; rebuild: boolean } | { error: string };
}

export interface WebhookReceiver {
  receive(headers: Headers, body: Uint8Array): WebhookAnswer;
  /** False once the delivery log is closed (the server is stopping). */
  ready(): boolean;
  close(): void;
}

export interface WebhookReceiverOptions {
  /** SHOPIFY_WEBHOOK_SECRET; without it every delivery gets 503. */
  secret: string | undefined;
  deliveries: DeliveryLog;
  /** A delivery on a topic that changes the site: the store app's debounced rebuild. */
  onChange: (topic: string) => void;
  log: (line: string) => void;
}

/** Ids are Shopify's UUIDs; anything much longer is not one, and is not stored. */
const DELIVERY_ID = /^[\w-]{1,100}$/;

export function createWebhookReceiver({ secret, deliveries, onChange, log }: WebhookReceiverOptions): WebhookReceiver {
  return {
    receive(headers, body) {
      if (!secret) return { status: 503, body: { error: WEBHOOK_MESSAGES.notConfigured } };
      if (!verifyWebhookSignature(body, headers.get('x-shopify-hmac-sha256'), secret)) {
        log('Webhook refused: missing or wrong signature.');
        return { status: 401, body: { error: WEBHOOK_MESSAGES.badSignature } };
      }
      const id = headers.get('x-shopify-webhook-id')?.trim() ?? '';
      if (!DELIVERY_ID.test(id)) return { status: 400, body: { error: WEBHOOK_MESSAGES.noDeliveryId } };
      const topic = (headers.get('x-shopify-topic') ?? '').trim().toLowerCase();
      if (!deliveries.firstTime(id, topic)) {
        log(`Webhook ${topic || '(no topic)'} ${id}: already handled, dropped.`);
        return { status: 200, body: { ok: true, duplicate: true, rebuild: false } };
      }
      if (!isRebuildTopic(topic)) {
        log(`Webhook ${topic || '(no topic)'} ${id}: not a topic the site shows, ignored.`);
        return { status: 200, body: { ok: true, rebuild: false } };
      }
      log(`Webhook ${topic} ${id}: the site will be rebuilt.`);
      onChange(topic);
      return { status: 200, body: { ok: true, rebuild: true } };
    },
    ready: () => deliveries.isOpen(),
    close: () => deliveries.close(),
  };
}
