import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBackup } from '../../shared/backup/index.ts';
import { startLocalShop } from '../../shared/local-shop/index.ts';
import { signWebhookBody } from '../../shared/webhooks/index.ts';
import { startScriptedStore } from '../support/scripted-store.ts';
import { median } from './stats.ts';

/**
 * `npm run bench:operations`: how long a Shopify webhook waits for its answer while a rebuild of
 * the site runs (Shopify allows 5 s), and the size and time of `tshirt-gen backup` of a freshly
 * seeded store. Prints one markdown table.
 */

const DELIVERIES = 40;
const BACKUPS = 3;

async function webhookDuringRebuild(): Promise<{ median: number; max: number; duringBuild: number }> {
  const secret = 'bench-webhook-secret';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-webhooks-'));
  const store = await startScriptedStore({ products: 100, env: { DATA_DIR: dataDir, SHOPIFY_WEBHOOK_SECRET: secret } });
  try {
    const url = `${store.app.siteUrl}/api/webhooks/shopify`;
    let building = true;
    const rebuild = store.app.rebuild().finally(() => {
      building = false;
    });
    const times: number[] = [];
    let duringBuild = 0;
    for (let i = 0; i < DELIVERIES; i++) {
      const body = JSON.stringify({ id: i, title: `Shirt ${i}` });
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-hmac-sha256': signWebhookBody(body, secret),
          'x-shopify-topic': 'products/update',
          'x-shopify-webhook-id': `bench-${i}`,
        },
        body,
      });
      await response.text();
      times.push(performance.now() - started);
      if (building) duringBuild++;
      if (response.status !== 200) throw new Error(`delivery ${i} answered ${response.status}`);
    }
    await rebuild;
    await store.app.publishesSettled();
    return { median: median(times), max: Math.max(...times), duringBuild };
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function backupOfSeededStore(): Promise<{ bytes: number; median: number; max: number }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
  const shop = await startLocalShop({ port: 0, host: '127.0.0.1', dataDir, seed: true, log: () => {} });
  try {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < BACKUPS; i++) {
      const result = await createBackup({ dataDir, file: path.join(dataDir, '..', `${path.basename(dataDir)}-${i}.tar.gz`) });
      times.push(result.ms);
      bytes = result.bytes;
      rmSync(result.file);
    }
    return { bytes, median: median(times), max: Math.max(...times) };
  } finally {
    await shop.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const webhook = await webhookDuringRebuild();
const backup = await backupOfSeededStore();
console.log(`| what | figure |
| --- | --- |
| webhook answer while a rebuild runs (${DELIVERIES} deliveries, ${webhook.duringBuild} during the build) | median ${webhook.median.toFixed(1)} ms, max ${webhook.max.toFixed(1)} ms (Shopify allows 5,000 ms) |
| \`tshirt-gen backup\` of the seeded store (${BACKUPS} runs, shop running) | ${(backup.bytes / 1024 / 1024).toFixed(2)} MB, median ${backup.median.toFixed(0)} ms, max ${backup.max.toFixed(0)} ms |`);
