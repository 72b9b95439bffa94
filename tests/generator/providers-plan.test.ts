import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../shared/config/index.ts';
import { planGenerators, planPublisher } from '../../shared/generator/index.ts';

let tmp: string;
beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'plan-'));
});
afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('provider plan, from the configuration alone', () => {
  it('names the concept and design providers as the selection does', () => {
    expect(planGenerators(loadConfig({}, tmp))).toEqual({ mode: 'offline', description: 'offline (no OPENAI_API_KEY)' });
    const openai = loadConfig(
      { OPENAI_API_KEY: 'sk-test-key-123456', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_MODEL: 'my-model' },
      tmp,
    );
    expect(planGenerators(openai)).toEqual({
      mode: 'openai',
      description: 'OpenAI (my-model, images gpt-image-2.5-flare, at 127.0.0.1:9)',
    });
    expect(planGenerators(openai, { offline: true })).toEqual({
      mode: 'offline',
      description: 'offline (forced; OpenAI is configured but not used for this run)',
    });
    expect(() => planGenerators(loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }, tmp))).toThrow(
      'OPENAI_BASE_URL is set but OPENAI_API_KEY is not',
    );
  });

  it('names the publisher without opening the shop', async () => {
    const dataDir = path.join(tmp, 'data');
    expect(planPublisher(loadConfig({ DATA_DIR: dataDir }, tmp))).toEqual({
      target: 'local',
      description: `local shop in ${dataDir}`,
      shopName: 'Shopify',
    });
    await expect(fs.stat(dataDir)).rejects.toThrow();
    expect(planPublisher(loadConfig({ SHOPIFY_STORE_DOMAIN: 'my-shop.myshopify.com', SHOPIFY_ADMIN_TOKEN: 'shpat_x' }, tmp))).toEqual({
      target: 'shopify',
      description: 'Shopify store my-shop.myshopify.com',
      shopName: 'Shopify',
    });
    expect(() => planPublisher(loadConfig({ SHOPIFY_ADMIN_TOKEN: 'shpat_SECRET' }, tmp))).toThrow(
      'SHOPIFY_ADMIN_TOKEN is set but SHOPIFY_STORE_DOMAIN is not',
    );
  });
});
