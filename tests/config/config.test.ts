import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../shared/config/index.ts';

describe('configuration', () => {
  it('defaults to the embedded shop on 127.0.0.1:8787 with data in .data/', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config.storefront).toEqual({
      origin: 'http://127.0.0.1:8787',
      graphqlUrl: 'http://127.0.0.1:8787/api/2025-07/graphql.json',
      token: '',
      embedded: true,
    });
    expect(config.localShop.dataDir).toBe(path.resolve('/srv/app', '.data'));
    expect(config.server).toEqual({
      host: '127.0.0.1',
      port: 4321,
      siteUrl: 'http://localhost:4321',
      buildsDir: path.resolve('/srv/app', '.data', 'site-builds'),
      shutdownDrainMs: 0,
      trustProxy: undefined,
    });
    expect(config.webhookSecret).toBeUndefined();
    expect(config.logFormat).toBe('text');
    expect(config.localShop.publicUrl).toBeUndefined();
    expect(config.generator.delayMs).toBe(1000);
  });

  it('a shop domain becomes an https origin; a full URL is kept for emulators', () => {
    expect(loadConfig({ SHOPIFY_STORE_DOMAIN: 'my-shop.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 'tok' }).storefront).toEqual({
      origin: 'https://my-shop.myshopify.com',
      graphqlUrl: 'https://my-shop.myshopify.com/api/2025-07/graphql.json',
      token: 'tok',
      embedded: false,
    });
    expect(loadConfig({ SHOPIFY_STORE_DOMAIN: 'http://127.0.0.1:9999/' }).storefront.graphqlUrl).toBe(
      'http://127.0.0.1:9999/api/2025-07/graphql.json',
    );
  });

  it('a public URL for the embedded shop is what browsers and builds use', () => {
    const config = loadConfig({ LOCAL_SHOP_HOST: '0.0.0.0', LOCAL_SHOP_PUBLIC_URL: 'https://shop.example.test/' });
    expect(config.localShop.publicUrl).toBe('https://shop.example.test');
    expect(config.storefront.graphqlUrl).toBe('https://shop.example.test/api/2025-07/graphql.json');
    expect(loadConfig({ LOCAL_SHOP_HOST: '0.0.0.0' }).storefront.origin).toBe('http://127.0.0.1:8787');
  });

  it('an empty variable means the default', () => {
    expect(loadConfig({ PORT: '', LOCAL_SHOP_PORT: ' ', SHOPIFY_STORE_DOMAIN: '' }).server.port).toBe(4321);
    expect(loadConfig({ LOCAL_SHOP_PORT: '' }).localShop.port).toBe(8787);
    expect(loadConfig({ STOREFRONT_TIMEOUT_MS: '' }).storefrontTimeoutMs).toBe(15_000);
    expect(loadConfig({ STOREFRONT_TIMEOUT_MS: '2500' }).storefrontTimeoutMs).toBe(2500);
  });

  it('bad values get a clear error naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(new ConfigError('PORT must be a port number'));
    expect(() => loadConfig({ LOCAL_SHOP_PORT: '70000' })).toThrow(/LOCAL_SHOP_PORT must be between 0 and 65535/);
    expect(() => loadConfig({ GENERATOR_DELAY_MS: '-5' })).toThrow(/GENERATOR_DELAY_MS/);
    // 0 would mean no limit at all to undici.
    expect(() => loadConfig({ STOREFRONT_TIMEOUT_MS: '0' })).toThrow(
      new ConfigError('STOREFRONT_TIMEOUT_MS must be a whole number of milliseconds above 0'),
    );
    expect(() => loadConfig({ SHOPIFY_STORE_DOMAIN: 'http://' })).toThrow(/SHOPIFY_STORE_DOMAIN is not a valid domain or URL/);
  });

  it('the generator keeps its designs in DATA_DIR/designs; a deploy hook must be an http(s) URL, and its value is never echoed', () => {
    expect(loadConfig({ DATA_DIR: '/srv/store' }).generator.designsDir).toBe('/srv/store/designs');
    expect(loadConfig({ DEPLOY_HOOK_URL: 'https://api.example.test/hooks/abc' }).generator.deployHookUrl).toBe(
      'https://api.example.test/hooks/abc',
    );
    expect(() => loadConfig({ DEPLOY_HOOK_URL: 'ftp://hooks.example.test/secret-part' })).toThrow(
      new ConfigError('DEPLOY_HOOK_URL must be an http(s) URL'),
    );
    expect(() => loadConfig({ DEPLOY_HOOK_URL: 'not a url' })).toThrow(/DEPLOY_HOOK_URL must be an http\(s\) URL/);
  });

  it('SHOPIFY_API_VERSION is the Admin API version, 2025-07 by default, shaped YYYY-MM with a release month', () => {
    expect(loadConfig({}).shopifyApiVersion).toBe('2025-07');
    expect(loadConfig({ SHOPIFY_API_VERSION: '' }).shopifyApiVersion).toBe('2025-07');
    expect(loadConfig({ SHOPIFY_API_VERSION: ' 2026-10 ' }).shopifyApiVersion).toBe('2026-10');
    for (const bad of ['2025-7', '2025-08', '2026-13', 'unstable', '25-07', '2025-07-01', 'latest']) {
      expect(() => loadConfig({ SHOPIFY_API_VERSION: bad }), bad).toThrow(
        new ConfigError('SHOPIFY_API_VERSION must be a Shopify API version like 2025-07 (YYYY-MM, the month 01, 04, 07 or 10)'),
      );
    }
  });
});
