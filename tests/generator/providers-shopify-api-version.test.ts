import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../shared/config/index.ts';
import { apiVersionSupport, apiVersionWarning, selectPublisher, warnOnceIfUnsupported } from '../../shared/generator/index.ts';
import { createAdminClient } from '../../shared/generator/providers/shopify-admin/admin-client.ts';
import { REPO_ROOT, finished, isolatedEnv, spawnNode, waitForOutput } from '../support/child-process.ts';

/**
 * SHOPIFY_API_VERSION and Shopify's support window: a stable version is supported for 12 months
 * from its release, so 2025-07 left support in July 2026. The check is date arithmetic on an
 * injected date; `npm start` and the CLI say it once, as a warning, when they talk to Shopify.
 */

const at = (iso: string) => new Date(iso);
const TODAY = at('2026-11-26T10:00:00Z');

describe('the support window', () => {
  it('2025-07 is supported until the end of June 2026 and left support in July 2026', () => {
    expect(apiVersionSupport('2025-07', at('2026-06-30T23:59:59Z'))).toMatchObject({ supported: true, supportEnds: 'July 2026' });
    expect(apiVersionSupport('2025-07', at('2026-07-01T00:00:00Z'))).toMatchObject({ supported: false, supportEnds: 'July 2026' });
    expect(apiVersionSupport('2025-07', at('2025-07-01T00:00:00Z')).supported).toBe(true);
    expect(apiVersionSupport('2025-10', at('2026-09-30T12:00:00Z')).supported).toBe(true);
    expect(apiVersionSupport('2025-10', at('2026-10-01T00:00:00Z'))).toMatchObject({ supported: false, supportEnds: 'October 2026' });
  });

  it('knows the newest release and the oldest still supported on a date', () => {
    expect(apiVersionSupport('2025-07', TODAY)).toEqual({
      version: '2025-07',
      supported: false,
      supportEnds: 'July 2026',
      newest: '2026-10',
      oldestSupported: '2026-01',
    });
    expect(apiVersionSupport('2026-01', at('2027-01-15T00:00:00Z'))).toMatchObject({
      supported: false,
      newest: '2027-01',
      oldestSupported: '2026-04',
    });
    expect(apiVersionSupport('2026-04', at('2026-05-01T00:00:00Z'))).toMatchObject({ newest: '2026-04', oldestSupported: '2025-07' });
  });

  it('warns about a version past its window, and says nothing while it is supported', () => {
    expect(apiVersionWarning('2025-07', TODAY)).toBe(
      "SHOPIFY_API_VERSION 2025-07 left Shopify's support in July 2026 (a version is supported for 12 months), so Shopify answers the Admin API with its oldest supported version (2026-01) instead. Set SHOPIFY_API_VERSION to a supported version (2026-01 to 2026-10) once the app is checked against it.",
    );
    expect(apiVersionWarning('2026-10', TODAY)).toBeUndefined();
    expect(apiVersionWarning('2025-07', at('2026-03-01T00:00:00Z'))).toBeUndefined();
  });

  it('says it once per process', () => {
    const said: string[] = [];
    expect(warnOnceIfUnsupported('2024-01', (m) => said.push(m), TODAY)).toBe(true);
    expect(warnOnceIfUnsupported('2024-01', (m) => said.push(m), TODAY)).toBe(false);
    expect(warnOnceIfUnsupported('2026-10', (m) => said.push(m), TODAY)).toBe(false);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^SHOPIFY_API_VERSION 2024-01 left Shopify's support in January 2025/);
  });
});

describe('where the version is used', () => {
  it('the Admin client puts it in the URL (2025-07 by default)', async () => {
    const configured = createAdminClient({ domain: 'my-shop.myshopify.com', token: 't', apiVersion: '2026-04' });
    const plain = createAdminClient({ domain: 'my-shop.myshopify.com', token: 't' });
    expect(configured.graphqlUrl).toBe('https://my-shop.myshopify.com/admin/api/2026-04/graphql.json');
    expect(plain.graphqlUrl).toBe('https://my-shop.myshopify.com/admin/api/2025-07/graphql.json');
    await Promise.all([configured.close(), plain.close()]);
  });

  it('choosing the Shopify publisher warns once when the version is out of support, never for the embedded shop', async () => {
    const said: string[] = [];
    const warn = (m: string) => said.push(m);
    const shopify = loadConfig({
      SHOPIFY_STORE_DOMAIN: 'my-shop.myshopify.com',
      SHOPIFY_ADMIN_TOKEN: 'shpat_x',
      SHOPIFY_API_VERSION: '2024-04',
    });
    for (let i = 0; i < 2; i++) await (await selectPublisher(shopify, { warn, now: TODAY })).publisher.close();
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^SHOPIFY_API_VERSION 2024-04 left Shopify's support in April 2025/);

    const supported = loadConfig({
      SHOPIFY_STORE_DOMAIN: 'my-shop.myshopify.com',
      SHOPIFY_ADMIN_TOKEN: 'shpat_x',
      SHOPIFY_API_VERSION: '2026-10',
    });
    await (await selectPublisher(supported, { warn, now: TODAY })).publisher.close();
    const quiet = loadConfig({
      SHOPIFY_STORE_DOMAIN: 'my-shop.myshopify.com',
      SHOPIFY_ADMIN_TOKEN: 'shpat_x',
      SHOPIFY_API_VERSION: '2024-07',
    });
    await (await selectPublisher(quiet, { warn: false, now: TODAY })).publisher.close();
    const embedded = loadConfig({ SHOPIFY_API_VERSION: '2024-10', DATA_DIR: os.tmpdir() });
    await (await selectPublisher(embedded, { warn, now: TODAY })).publisher.close();
    expect(said).toHaveLength(1);
  });
});

describe('npm start', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'api-version-start-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('says it once, as a warning in the log, when it publishes to a Shopify store', async () => {
    const child = spawnNode([path.join(REPO_ROOT, 'site', 'server', 'start.ts')], {
      env: isolatedEnv({
        // Nothing listens there: the warning comes before the store is ever reached.
        SHOPIFY_STORE_DOMAIN: 'http://127.0.0.1:9',
        SHOPIFY_ADMIN_TOKEN: 'shpat_api_version_start',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: path.join(tmp, 'data'),
        SITE_BUILDS_DIR: path.join(tmp, 'builds'),
      }),
    });
    const output = finished(child);
    const expected = apiVersionWarning('2025-07');
    if (expected) {
      await waitForOutput(child, 'stderr', /SHOPIFY_API_VERSION 2025-07 left Shopify's support[^\n]*\n/);
      child.kill('SIGTERM');
      const { stderr } = await output;
      expect(stderr.split('\n').filter((line) => line === expected)).toHaveLength(1);
    } else {
      child.kill('SIGTERM');
      expect((await output).stderr).not.toContain('SHOPIFY_API_VERSION');
    }
  });
});
