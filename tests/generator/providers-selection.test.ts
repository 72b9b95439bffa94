import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import { loadConfig } from '../../shared/config/index.ts';
import { LocalShopStore } from '../../shared/local-shop/index.ts';
import { createLocalShopPublisher } from '../../shared/generator/providers/local-shop-publisher.ts';
import { selectGeneratorProviders, selectPublisher, type DesignStore } from '../../shared/generator/index.ts';
import type { PublishRequestBody } from '../../shared/generator/browser.ts';
import { conceptsCompletion, FAST_RETRY, openAIError, startOpenAIServer, type OpenAITestServer } from '../support/openai-server.ts';
import { startShopifyAdminServer, type ShopifyAdminServer } from '../support/shopify-admin-server.ts';

const memoryStore: DesignStore = { save: async () => ({ imageUrl: 'memory://design.png' }) };
const request = { productCount: 2, theme: 'dentists', brand: BRAND };
const concept = (i: number) => ({
  name: `N${i}`,
  description: 'd',
  price: 24.99,
  category: 'c',
  quote_primary: `Quote ${i}`,
  keywords: ['k'],
});

let tmp: string;
let png: Buffer;
beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'selection-'));
  png = await sharp({ create: { width: 32, height: 38, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function openai(answer: Parameters<typeof startOpenAIServer>[0]): Promise<OpenAITestServer> {
  const s = await startOpenAIServer(answer);
  closers.push(() => s.close());
  return s;
}

describe('concept and design provider selection', () => {
  it('without OPENAI_API_KEY the offline providers are used', async () => {
    const selected = await selectGeneratorProviders({ designStore: memoryStore, seed: 3, config: loadConfig({}, tmp) });
    expect(selected.mode).toBe('offline');
    expect(selected.description).toBe('offline (no OPENAI_API_KEY)');
    const concepts = await selected.concepts.generateConcepts(request);
    expect(concepts).toHaveLength(2);
    expect(concepts.some((c) => /dentists/i.test(`${c.name} ${c.quote_primary}`))).toBe(true);
  });

  it('with OPENAI_API_KEY the OpenAI providers are used, against OPENAI_BASE_URL, with OPENAI_MODEL', async () => {
    const s = await openai(() => ({ json: conceptsCompletion([concept(1), concept(2)]) }));
    const config = loadConfig({ OPENAI_API_KEY: 'sk-test-key-123456', OPENAI_BASE_URL: s.baseURL, OPENAI_MODEL: 'my-model' }, tmp);
    const selected = await selectGeneratorProviders({ designStore: memoryStore, config });
    expect(selected.mode).toBe('openai');
    expect(selected.description).toBe(`OpenAI (my-model, images gpt-image-2.5-flare, at ${new URL(s.baseURL).host})`);
    expect(selected.description).not.toContain('sk-test');
    const concepts = await selected.concepts.generateConcepts(request);
    expect(concepts.map((c) => c.name)).toEqual(['N1', 'N2']);
    expect((s.requests[0]!.body as { model: string }).model).toBe('my-model');
  });

  it('a configured OpenAI that fails is reported, never replaced by the offline providers', async () => {
    const s = await openai(() => ({ status: 500, headers: FAST_RETRY, json: openAIError('down', 'server_error') }));
    const config = loadConfig({ OPENAI_API_KEY: 'sk-test-key-123456', OPENAI_BASE_URL: s.baseURL }, tmp);
    const selected = await selectGeneratorProviders({ designStore: memoryStore, config, openai: { maxRetries: 0 } });
    await expect(selected.concepts.generateConcepts(request)).rejects.toThrow('OpenAI had a server error (500); try again later');
    expect(s.requests).toHaveLength(1);
  });

  it('offline: true forces the offline providers even with a key, and OpenAI is not called', async () => {
    const s = await openai(() => ({ json: conceptsCompletion([concept(1), concept(2)]) }));
    const config = loadConfig({ OPENAI_API_KEY: 'sk-test-key-123456', OPENAI_BASE_URL: s.baseURL }, tmp);
    const selected = await selectGeneratorProviders({ designStore: memoryStore, config, offline: true, seed: 1 });
    expect(selected.mode).toBe('offline');
    expect(selected.description).toBe('offline (forced; OpenAI is configured but not used for this run)');
    await selected.concepts.generateConcepts(request);
    expect(s.requests).toHaveLength(0);
  });

  it('OPENAI_BASE_URL without a key is a configuration error, not a quiet switch to offline', async () => {
    const config = loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }, tmp);
    await expect(selectGeneratorProviders({ designStore: memoryStore, config })).rejects.toThrow(
      'OPENAI_BASE_URL is set but OPENAI_API_KEY is not: set a key (any value, for servers that ignore it) or run offline explicitly',
    );
  });
});

describe('publisher selection', () => {
  it('without SHOPIFY_* settings it publishes into the local shop in DATA_DIR', async () => {
    const dataDir = path.join(tmp, 'data-select');
    const selected = await selectPublisher(loadConfig({ DATA_DIR: dataDir }, tmp));
    closers.push(() => selected.publisher.close());
    expect(selected.target).toBe('local');
    expect(selected.description).toBe(`local shop in ${dataDir}`);
    expect(selected.publisher.shopName).toBe('Shopify');
  });

  it('with a domain and an Admin token it publishes to that store’s Admin API', async () => {
    const s: ShopifyAdminServer = await startShopifyAdminServer({ token: 'shpat_x', images: { 'd.png': { body: png } } });
    closers.push(() => s.close());
    const selected = await selectPublisher(loadConfig({ SHOPIFY_STORE_DOMAIN: s.origin, SHOPIFY_ADMIN_TOKEN: 'shpat_x' }, tmp));
    closers.push(() => selected.publisher.close());
    expect(selected.target).toBe('shopify');
    expect(selected.description).toBe(`Shopify store ${new URL(s.origin).host}`);
    const result = await selected.publisher.publish({
      name: 'Sel',
      description: 'd',
      price: 20,
      category: 'c',
      imageUrl: s.imageUrl('d.png'),
      keywords: ['k'],
    });
    expect(result.productId).toBe('gid://shopify/Product/1001');
    expect(s.calls.map((c) => c.operation)).toContain('publishablePublish');
  });

  it('a domain without an Admin token, or a token without a domain, is a clear configuration error', async () => {
    await expect(selectPublisher(loadConfig({ SHOPIFY_STORE_DOMAIN: 'my-shop.myshopify.com' }, tmp))).rejects.toThrow(
      'SHOPIFY_STORE_DOMAIN is set but SHOPIFY_ADMIN_TOKEN is not: publishing to a Shopify store needs an Admin API access token (scopes write_products, write_publications, write_files)',
    );
    await expect(selectPublisher(loadConfig({ SHOPIFY_ADMIN_TOKEN: 'shpat_SECRET' }, tmp))).rejects.toThrow(
      'SHOPIFY_ADMIN_TOKEN is set but SHOPIFY_STORE_DOMAIN is not: set the store domain (my-shop.myshopify.com), or unset the token to publish into the local shop',
    );
  });
});

describe('local shop publisher', () => {
  const product = (patch: Partial<PublishRequestBody> = {}): PublishRequestBody => ({
    name: 'Chief <Cats> Officer',
    description: 'Plain text & <b>not html</b>.',
    price: 24.99,
    category: 'AI Humor',
    imageUrl: '',
    keywords: ['cats', 'ai humor', 'cats'],
    ...patch,
  });

  it('writes the product whole: sizes S–2XL with prices, the design as its image, tags and type', async () => {
    const dataDir = path.join(tmp, 'data-local');
    const file = path.join(tmp, 'local.png');
    await fs.writeFile(file, png);
    const publisher = createLocalShopPublisher({ dataDir });
    closers.push(() => publisher.close());
    const result = await publisher.publish(product({ imageUrl: pathToFileURL(file).href }));
    expect(result.productId).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
    expect(result.handle).toBe('chief-cats-officer');

    const store = LocalShopStore.open(dataDir);
    try {
      const saved = store.productByHandle(result.handle!)!;
      expect(saved.title).toBe('Chief <Cats> Officer');
      expect(saved.description).toBe('Plain text & <b>not html</b>.');
      expect(saved.productType).toBe('AI Humor');
      expect(saved.tags).toEqual(['cats', 'ai humor']);
      expect(saved.options).toEqual([{ name: 'Size', values: ['S', 'M', 'L', 'XL', '2XL'] }]);
      expect(saved.variants.map((v) => [v.title, v.priceCents, v.availableForSale])).toEqual([
        ['S', 2499, true],
        ['M', 2499, true],
        ['L', 2499, true],
        ['XL', 2499, true],
        ['2XL', 2699, true],
      ]);
      // The shirt photo first (what the storefront shows), then the design.
      expect(saved.images.map((i) => i.altText)).toEqual(['Chief <Cats> Officer t-shirt', 'Chief <Cats> Officer design']);
    } finally {
      store.close();
    }
  });

  it('two publishers on the same data dir (as two processes would) both land their products', async () => {
    const dataDir = path.join(tmp, 'data-shared');
    const file = path.join(tmp, 'shared.png');
    await fs.writeFile(file, png);
    const a = createLocalShopPublisher({ dataDir });
    const b = createLocalShopPublisher({ dataDir });
    closers.push(
      () => a.close(),
      () => b.close(),
    );
    const results = await Promise.all([
      ...[1, 2, 3].map((i) => a.publish(product({ name: `A ${i}`, imageUrl: pathToFileURL(file).href }))),
      ...[1, 2, 3].map((i) => b.publish(product({ name: `B ${i}`, imageUrl: pathToFileURL(file).href }))),
    ]);
    expect(new Set(results.map((r) => r.productId)).size).toBe(6);
    const store = LocalShopStore.open(dataDir);
    try {
      expect(store.productCount()).toBe(6);
    } finally {
      store.close();
    }
  });

  it('an image that is not a PNG is refused with a readable message and nothing is written', async () => {
    const dataDir = path.join(tmp, 'data-bad');
    const file = path.join(tmp, 'not.png');
    await fs.writeFile(file, '<!doctype html><p>nope</p>');
    const publisher = createLocalShopPublisher({ dataDir });
    closers.push(() => publisher.close());
    await expect(publisher.publish(product({ imageUrl: pathToFileURL(file).href }))).rejects.toThrow(
      `Publishing to the local shop failed: The design image at ${pathToFileURL(file).href} is not a PNG (HTML)`,
    );
    await expect(fs.stat(path.join(dataDir, 'shop'))).rejects.toThrow();
  });
});
