import { shopifyWebhook, webhookOtherMethods } from '../../../features/webhooks/server/webhook-endpoint.ts';

/** POST from Shopify (signed) → 200 `{ok, rebuild}`, 401 on a missing or wrong signature. */
export const prerender = false;

export const POST = shopifyWebhook;

export const ALL = webhookOtherMethods;
