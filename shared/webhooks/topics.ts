/**
 * The Shopify webhook topics that change what the static site shows, and so start a rebuild. The
 * header form (`products/update`) arrives in X-Shopify-Topic; the enum form (`PRODUCTS_UPDATE`) is
 * what the Admin API subscribes to.
 */

export const REBUILD_TOPICS = [
  'products/create',
  'products/update',
  'products/delete',
  'collections/create',
  'collections/update',
  'collections/delete',
  'inventory_levels/update',
] as const;

export type RebuildTopic = (typeof REBUILD_TOPICS)[number];

export function isRebuildTopic(topic: string): topic is RebuildTopic {
  return (REBUILD_TOPICS as readonly string[]).includes(topic);
}

/** `products/update` → `PRODUCTS_UPDATE`. */
export function topicEnum(topic: RebuildTopic): string {
  return topic.replace('/', '_').toUpperCase();
}

/** The path the store answers deliveries on. */
export const WEBHOOK_PATH = '/api/webhooks/shopify';
