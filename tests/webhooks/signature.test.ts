import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDeliveryLog, signWebhookBody, verifyWebhookSignature } from '../../shared/webhooks/index.ts';
import { createWebhookReceiver, WEBHOOK_MESSAGES } from '../../site/features/webhooks/server/receiver.ts';

/** The signature check and the delivery log on their own: what a delivery must carry, and what a restart remembers. */

const secret = 'whsec-test-0123456789';
const body = Buffer.from(JSON.stringify({ id: 1, title: 'Shirt 1' }));
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'webhook-log-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('X-Shopify-Hmac-Sha256', () => {
  it('accepts the exact signature of the raw bytes and nothing else', () => {
    const good = signWebhookBody(body, secret);
    expect(verifyWebhookSignature(body, good, secret)).toBe(true);
    expect(verifyWebhookSignature(body, signWebhookBody(body, 'another-secret'), secret)).toBe(false);
    // One byte of the body changed, re-serialised JSON, a missing header, a truncated or empty signature.
    expect(verifyWebhookSignature(Buffer.from(body.toString().replace('1', '2')), good, secret)).toBe(false);
    expect(verifyWebhookSignature(Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1)), good, secret)).toBe(false);
    expect(verifyWebhookSignature(body, null, secret)).toBe(false);
    expect(verifyWebhookSignature(body, good.slice(0, 20), secret)).toBe(false);
    expect(verifyWebhookSignature(body, '', secret)).toBe(false);
    expect(verifyWebhookSignature(body, good, '')).toBe(false);
  });
});

describe('the delivery log', () => {
  it('remembers a delivery id across a close and reopen (a restarted server still drops a repeat)', () => {
    const dir = tempDir();
    const first = openDeliveryLog(dir);
    expect(first.firstTime('b54557e4-bdd9-4b37-8a5f-bf7d70bcd043', 'products/update')).toBe(true);
    expect(first.firstTime('b54557e4-bdd9-4b37-8a5f-bf7d70bcd043', 'products/update')).toBe(false);
    first.close();
    const again = openDeliveryLog(dir);
    expect(again.firstTime('b54557e4-bdd9-4b37-8a5f-bf7d70bcd043', 'products/update')).toBe(false);
    expect(again.firstTime('0b1c2d3e-0000-4000-8000-000000000001', 'products/update')).toBe(true);
    expect(again.count()).toBe(2);
    again.close();
    expect(again.isOpen()).toBe(false);
  });

  it('prunes ids older than a week', () => {
    const log = openDeliveryLog(tempDir());
    const weekAgo = Date.now() - 8 * 24 * 60 * 60 * 1000;
    log.firstTime('old-one', 'products/update', weekAgo);
    // The next delivery an hour or more later prunes.
    expect(log.firstTime('new-one', 'products/update', weekAgo + 8 * 24 * 60 * 60 * 1000)).toBe(true);
    expect(log.count()).toBe(1);
    log.close();
  });
});

describe('the receiver', () => {
  function receiver(configured = secret) {
    const changes: string[] = [];
    const lines: string[] = [];
    const r = createWebhookReceiver({
      secret: configured,
      deliveries: openDeliveryLog(tempDir()),
      onChange: (topic) => changes.push(topic),
      log: (line) => lines.push(line),
    });
    return { r, changes, lines };
  }
  const headers = (h: Record<string, string>) => new Headers(h);

  it('refuses everything when no secret is configured, and says which setting', () => {
    const { r, changes } = receiver('');
    const answer = r.receive(headers({ 'x-shopify-hmac-sha256': signWebhookBody(body, secret) }), body);
    expect(answer).toEqual({ status: 503, body: { error: WEBHOOK_MESSAGES.notConfigured } });
    expect(changes).toEqual([]);
    r.close();
  });

  it('starts a rebuild only for the topics the site shows, and never twice for one delivery', () => {
    const { r, changes, lines } = receiver();
    const signed = (topic: string, id: string) =>
      r.receive(
        headers({ 'x-shopify-hmac-sha256': signWebhookBody(body, secret), 'x-shopify-topic': topic, 'x-shopify-webhook-id': id }),
        body,
      );
    expect(signed('products/update', 'a1')).toEqual({ status: 200, body: { ok: true, rebuild: true } });
    expect(signed('products/update', 'a1')).toEqual({ status: 200, body: { ok: true, duplicate: true, rebuild: false } });
    expect(signed('orders/create', 'a2')).toEqual({ status: 200, body: { ok: true, rebuild: false } });
    expect(signed('inventory_levels/update', 'a3').body).toEqual({ ok: true, rebuild: true });
    expect(signed('collections/delete', 'a4').body).toEqual({ ok: true, rebuild: true });
    expect(changes).toEqual(['products/update', 'inventory_levels/update', 'collections/delete']);
    expect(lines.join('\n')).not.toContain(secret);
    r.close();
  });

  it('reads nothing of an unsigned delivery: no id is recorded and no rebuild starts', () => {
    const { r, changes } = receiver();
    const unsigned = r.receive(headers({ 'x-shopify-topic': 'products/update', 'x-shopify-webhook-id': 'b1' }), body);
    expect(unsigned).toEqual({ status: 401, body: { error: WEBHOOK_MESSAGES.badSignature } });
    // The same id, now signed, is a first delivery: the refused one left no trace.
    const signed = r.receive(
      headers({
        'x-shopify-hmac-sha256': signWebhookBody(body, secret),
        'x-shopify-topic': 'products/update',
        'x-shopify-webhook-id': 'b1',
      }),
      body,
    );
    expect(signed.body).toEqual({ ok: true, rebuild: true });
    expect(changes).toHaveLength(1);
    r.close();
  });

  it('refuses a signed delivery without a usable X-Shopify-Webhook-Id', () => {
    const { r } = receiver();
    const sig = signWebhookBody(body, secret);
    expect(r.receive(headers({ 'x-shopify-hmac-sha256': sig, 'x-shopify-topic': 'products/update' }), body).status).toBe(400);
    expect(r.receive(headers({ 'x-shopify-hmac-sha256': sig, 'x-shopify-webhook-id': 'x'.repeat(200) }), body).status).toBe(400);
    r.close();
  });
});
