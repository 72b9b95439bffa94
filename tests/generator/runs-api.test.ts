import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { APIRoute } from 'astro';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../shared/config/index.ts';
import { SIZES } from '../../shared/limits/index.ts';
import { LocalShopStore } from '../../shared/local-shop/index.ts';
import { openStaff, STAFF_MESSAGES, type Staff } from '../../shared/staff/index.ts';
import { createGeneratorServices, type GeneratorServices } from '../../site/features/generator/server/services.ts';
import type { RunView } from '../../site/features/generator/server/run-service.ts';
import * as runsIndex from '../../site/pages/api/generator-runs/index.ts';
import * as runById from '../../site/pages/api/generator-runs/[id].ts';
import * as runAction from '../../site/pages/api/generator-runs/[id]/[action].ts';
import * as productAction from '../../site/pages/api/generator-runs/[id]/products/[index]/[action].ts';
import * as productLive from '../../site/pages/api/generator-runs/[id]/products/[index]/live.ts';
import { finished, isolatedEnv, waitForOutput } from '../support/child-process.ts';
import { callRoute } from '../support/generator-api.ts';
import {
  artworkPng,
  concept,
  conceptsCompletion,
  imagesResponse,
  openAIError,
  startOpenAIServer,
  type OpenAITestServer,
} from '../support/openai-server.ts';
import { startShopifyAdminServer, type ShopifyAdminServer } from '../support/shopify-admin-server.ts';
import { kill, spawnCli, spawnPublishingRun } from '../support/tshirt-gen.ts';

/**
 * The runs API over the real services (offline concepts and designs in the worker thread, designs
 * on disk, runs in SQLite, publishing into the embedded shop's store): a run lives on the server,
 * a second set of services over the same DATA_DIR (a restarted server) sees it, the review gate's
 * actions are saved at once, and publishing the same product twice makes one product.
 */

const ORIGIN = 'http://127.0.0.1:4321';
const roots: string[] = [];
const open: GeneratorServices[] = [];
/** The staff accounts of each DATA_DIR: one member and an API key of theirs, sent by `call`. */
const staffOf = new Map<string, Promise<{ staff: Staff; auth: Record<string, string> }>>();
const dirOf = new Map<GeneratorServices, string>();

afterEach(async () => {
  for (const services of open.splice(0)) await services.close();
  for (const opening of staffOf.values()) (await opening).staff.close();
  staffOf.clear();
  dirOf.clear();
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function dataDir(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'generator-runs-'));
  roots.push(root);
  return path.join(root, 'data');
}

function servicesOver(dir: string, env: NodeJS.ProcessEnv = {}): GeneratorServices {
  const services = createGeneratorServices({
    config: loadConfig({ DATA_DIR: dir, HOST: '127.0.0.1', GENERATOR_DELAY_MS: '0', ...env }, path.dirname(dir)),
    log: () => undefined,
  });
  open.push(services);
  dirOf.set(services, dir);
  return services;
}

function staffFor(services: GeneratorServices): Promise<{ staff: Staff; auth: Record<string, string> }> {
  const dir = dirOf.get(services)!;
  let opening = staffOf.get(dir);
  if (!opening) {
    opening = (async () => {
      const staff = await openStaff({ dataDir: dir, siteUrl: ORIGIN, appName: 'Test shop', log: () => undefined });
      await staff.addMember({ email: 'runner@example.com', role: 'staff' });
      const { key } = await staff.createKey('runner@example.com', { name: 'tests', aal: 'aal2' });
      return { staff, auth: { 'x-api-key': key } };
    })();
    staffOf.set(dir, opening);
  }
  return opening;
}

async function call(
  services: GeneratorServices,
  route: APIRoute | undefined,
  method: 'GET' | 'POST',
  pathname: string,
  params: Record<string, string> = {},
  body?: unknown,
  headers: Record<string, string> = {},
  { signedIn = true, siteUrl }: { signedIn?: boolean; siteUrl?: string } = {},
): Promise<Response> {
  const { staff, auth } = await staffFor(services);
  const request = new Request(`${ORIGIN}${pathname}`, {
    method,
    headers: {
      host: '127.0.0.1:4321',
      ...(signedIn ? auth : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return callRoute(route, request, { services, staff }, params, siteUrl ? { siteUrl } : {});
}

/** POST /api/generator-runs/{id}/products/0/{action} for the run's first product, as its card's buttons send it. */
function firstProductStep(
  services: GeneratorServices,
  run: RunView,
  action: string,
  body: unknown = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  return call(
    services,
    productAction.POST,
    'POST',
    `/api/generator-runs/${run.id}/products/0/${action}`,
    { id: run.id, index: '0', action },
    body,
    headers,
  );
}

async function runOf(response: Response): Promise<RunView> {
  const body = (await response.json()) as { run?: RunView; error?: string };
  if (!body.run) throw new Error(`no run in the answer (${response.status}): ${body.error}`);
  return body.run;
}

/** The history entries of a Discard that took the product out of the shop first. */
const SHOP_AND_DISCARD = ['removed-from-shop', 'discarded'];

async function startAndFinish(services: GeneratorServices, count = 2): Promise<RunView> {
  const started = await call(services, runsIndex.POST, 'POST', '/api/generator-runs', {}, { count, theme: 'robots who do taxes' });
  expect(started.status).toBe(200);
  const run = await runOf(started);
  await services.runs!.runner.idle(run.id);
  return services.runs!.get(run.id)!;
}

describe('runs on the server', () => {
  it('makes concepts and every design on the server and keeps them in DATA_DIR/generator/runs.db', async () => {
    const dir = dataDir();
    const services = servicesOver(dir);
    const run = await startAndFinish(services, 3);
    expect(run.state).toBe('finished');
    expect(run.progress).toBe('All designs generated!');
    expect(run.products.map((p) => p.status)).toEqual(['ready', 'ready', 'ready']);
    for (const product of run.products) {
      expect(product.imageUrl).toMatch(/^\/api\/designs\/.+-preview\.png$/);
      expect(product.printUrl).toMatch(/^\/api\/designs\/.+-print\.png$/);
    }
    expect(existsSync(path.join(dir, 'generator', 'runs.db'))).toBe(true);

    // A restarted server (new services over the same folder) opens the same run, in the same state.
    const restarted = servicesOver(dir);
    const list = (await (await call(restarted, runsIndex.GET, 'GET', '/api/generator-runs')).json()) as {
      runs: Array<{ id: string; count: number; ready: number; published: number; failed: number; theme: string }>;
      latest: string;
    };
    expect(list.latest).toBe(run.id);
    expect(list.runs[0]).toMatchObject({ id: run.id, count: 3, ready: 3, published: 0, failed: 0, theme: 'robots who do taxes' });
    const again = await runOf(await call(restarted, runById.GET, 'GET', `/api/generator-runs/${run.id}`, { id: run.id }));
    expect(again.products).toEqual(run.products);
  });

  it('answers a live request as soon as the run changes past the version it has', async () => {
    const services = servicesOver(dataDir());
    const run = await startAndFinish(services, 1);
    const waiting = call(services, runById.GET, 'GET', `/api/generator-runs/${run.id}?after=${run.version}`, { id: run.id });
    let answered = false;
    void waiting.then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false); // nothing changed yet: the request waits
    await call(
      services,
      productAction.POST,
      'POST',
      `/api/generator-runs/${run.id}/products/0/edit`,
      { id: run.id, index: '0', action: 'edit' },
      { price: 31.5 },
    );
    const changed = await runOf(await waiting);
    expect(changed.version).toBeGreaterThan(run.version);
    expect(changed.products[0]!.price).toBe(31.5);
  });

  it('refuses a second run while one is going, and bad settings with the field named', async () => {
    const services = servicesOver(dataDir(), { GENERATOR_DELAY_MS: '200' });
    const first = await call(services, runsIndex.POST, 'POST', '/api/generator-runs', {}, { count: 3, theme: 'x' });
    expect(first.status).toBe(200);
    const second = await call(services, runsIndex.POST, 'POST', '/api/generator-runs', {}, { count: 1 });
    expect(second.status).toBe(409);
    const bad = await call(services, runsIndex.POST, 'POST', '/api/generator-runs', {}, { count: 21 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('count must be a whole number from 1 to 20 (got 21)');
    const run = await runOf(first);
    // Stop: what finished stays; what had not started says so and can be retried.
    const stopped = await runOf(
      await call(services, runAction.POST, 'POST', `/api/generator-runs/${run.id}/stop`, { id: run.id, action: 'stop' }, {}),
    );
    expect(stopped.state).toBe('stopped');
    await services.runs!.runner.idle(run.id);
    const after = services.runs!.get(run.id)!;
    expect(after.state).toBe('stopped');
    for (const product of after.products) {
      expect(['ready', 'error']).toContain(product.status);
      if (product.status === 'error') expect(product.error).toBe('Stopped before its design was made');
    }
  });

  it('refuses a change sent from another site', async () => {
    const services = servicesOver(dataDir());
    const response = await call(
      services,
      runsIndex.POST,
      'POST',
      '/api/generator-runs',
      {},
      { count: 1 },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    expect(services.runs!.list()).toEqual([]);
  });

  it('answers 401 on every runs endpoint without a staff session or API key, and changes nothing', async () => {
    const services = servicesOver(dataDir());
    const run = await startAndFinish(services, 1);
    const id = run.id;
    const refused = [
      await call(services, runsIndex.GET, 'GET', '/api/generator-runs', {}, undefined, {}, { signedIn: false }),
      await call(services, runsIndex.POST, 'POST', '/api/generator-runs', {}, { count: 1 }, {}, { signedIn: false }),
      await call(services, runById.GET, 'GET', `/api/generator-runs/${id}?after=0`, { id }, undefined, {}, { signedIn: false }),
      await call(
        services,
        runAction.POST,
        'POST',
        `/api/generator-runs/${id}/publish`,
        { id, action: 'publish' },
        {},
        {},
        { signedIn: false },
      ),
      await call(services, runAction.POST, 'POST', `/api/generator-runs/${id}/stop`, { id, action: 'stop' }, {}, {}, { signedIn: false }),
      ...(await Promise.all(
        ['edit', 'regenerate', 'discard', 'retry'].map((action) =>
          call(
            services,
            productAction.POST,
            'POST',
            `/api/generator-runs/${id}/products/0/${action}`,
            { id, index: '0', action },
            action === 'edit' ? { name: 'Changed' } : {},
            {},
            { signedIn: false },
          ),
        ),
      )),
      await call(
        services,
        runById.GET,
        'GET',
        `/api/generator-runs/${id}`,
        { id },
        undefined,
        { 'x-api-key': 'nt_wrong' },
        { signedIn: false },
      ),
    ];
    for (const response of refused) {
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: string }).error).toBe(STAFF_MESSAGES.signInNeeded);
    }
    expect(services.runs!.list().map((r) => r.id)).toEqual([id]);
    expect(services.runs!.get(id)!.products).toEqual(run.products);
  });

  it('records the staff member who started a run and who acted on it', async () => {
    const services = servicesOver(dataDir());
    const run = await startAndFinish(services, 1);
    expect(run.actor).toEqual({ id: expect.any(String), email: 'runner@example.com' });
    await call(
      services,
      productAction.POST,
      'POST',
      `/api/generator-runs/${run.id}/products/0/edit`,
      { id: run.id, index: '0', action: 'edit' },
      { name: 'Audited Shirt' },
    );
    const edited = services.runs!.store.events(run.id).find((e) => e.kind === 'edited');
    expect(edited?.actor).toEqual({ id: run.actor!.id, email: 'runner@example.com' });
    const { staff } = await staffFor(services);
    expect(staff.audit.list().find((e) => e.event === 'RUN_STARTED')).toMatchObject({
      actorEmail: 'runner@example.com',
      subject: run.id,
    });
  });
});

describe('the review gate', () => {
  it('Edit saves at once with the limits of generation and a message per field', async () => {
    const services = servicesOver(dataDir());
    const run = await startAndFinish(services, 1);
    const params = { id: run.id, index: '0', action: 'edit' };
    const url = `/api/generator-runs/${run.id}/products/0/edit`;
    const refused = await call(services, productAction.POST, 'POST', url, params, { name: '   ', price: 0, quote_primary: 'ab' });
    expect(refused.status).toBe(400);
    const message = ((await refused.json()) as { error: string }).error;
    expect(message).toContain('name must not be empty');
    expect(message).toContain('price must be more than 0');
    expect(message).toContain('quote_primary must be at least 3 characters');
    expect(services.runs!.get(run.id)!.products[0]!.name).toBe(run.products[0]!.name); // nothing lost

    const edited = await runOf(
      await call(services, productAction.POST, 'POST', url, params, { name: 'Tax Bot 3000', description: 'Edited.' }),
    );
    expect(edited.products[0]).toMatchObject({
      name: 'Tax Bot 3000',
      description: 'Edited.',
      status: 'ready',
      imageUrl: run.products[0]!.imageUrl,
    });
    expect(edited.products[0]!.editedAt).toBeTruthy();

    // A new quote needs a new design: the product goes back in line and gets one.
    await call(services, productAction.POST, 'POST', url, params, { quote_primary: 'Deductions are my love language.' });
    await services.runs!.runner.idle(run.id);
    const redesigned = services.runs!.get(run.id)!.products[0]!;
    expect(redesigned.quote_primary).toBe('Deductions are my love language.');
    expect(redesigned.status).toBe('ready');
    expect(redesigned.imageUrl).not.toBe(run.products[0]!.imageUrl);
    const events = services.runs!.store.events(run.id).map((e) => e.kind);
    expect(events).toContain('edited');
  });

  it('Regenerate Design makes a new design; Discard takes the product and its files away', async () => {
    const dir = dataDir();
    const services = servicesOver(dir);
    const run = await startAndFinish(services, 2);
    const designs = path.join(dir, 'designs');
    const fileOf = (url: string | undefined) => path.join(designs, path.basename(url ?? ''));
    const first = run.products[0]!;

    await call(
      services,
      productAction.POST,
      'POST',
      `/api/generator-runs/${run.id}/products/0/regenerate`,
      { id: run.id, index: '0', action: 'regenerate' },
      {},
    );
    await services.runs!.runner.idle(run.id);
    const regenerated = services.runs!.get(run.id)!.products[0]!;
    expect(regenerated.status).toBe('ready');
    expect(regenerated.imageUrl).not.toBe(first.imageUrl);
    expect(existsSync(fileOf(regenerated.imageUrl))).toBe(true);
    expect(existsSync(fileOf(first.imageUrl))).toBe(false); // the replaced design is gone

    const second = run.products[1]!;
    const discarded = await runOf(
      await call(
        services,
        productAction.POST,
        'POST',
        `/api/generator-runs/${run.id}/products/1/discard`,
        { id: run.id, index: '1', action: 'discard' },
        {},
      ),
    );
    expect(discarded.products.map((p) => p.index)).toEqual([0]);
    expect(existsSync(fileOf(second.imageUrl))).toBe(false);
    expect(existsSync(fileOf(second.printUrl))).toBe(false);
    expect(readdirSync(designs).filter((f) => f.endsWith('.png'))).toHaveLength(2);
  });
});

describe('publishing exactly once', () => {
  it('two tabs publishing the same product at once make one product in the embedded shop', async () => {
    const dir = dataDir();
    const services = servicesOver(dir);
    const run = await startAndFinish(services, 1);
    const publish = () =>
      call(services, runAction.POST, 'POST', `/api/generator-runs/${run.id}/publish`, { id: run.id, action: 'publish' }, { indices: [0] });
    const answers = await Promise.all([publish(), publish()]);
    const claims = await Promise.all(answers.map(async (r) => ((await r.json()) as { claimed: number[] }).claimed));
    expect(claims.flat()).toEqual([0]);
    await services.runs!.runner.idle(run.id);
    const product = services.runs!.get(run.id)!.products[0]!;
    expect(product.status).toBe('published');
    expect(product.shopProductId).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);

    // Published again under the same key (a retry after a lost answer): the same product comes back.
    const shop = LocalShopStore.open(dir);
    try {
      expect(shop.productCount()).toBe(1);
      const again = await shop.insertProductOnce(product.handle!, {
        title: 'anything',
        description: 'x',
        productType: 'x',
        tags: [],
        options: [],
        variants: [{ optionValues: [], price: 100, availableForSale: true }],
        images: [],
      });
      expect(again).toMatchObject({ id: product.shopProductId, handle: product.handle, existed: true });
      expect(shop.productCount()).toBe(1);
    } finally {
      shop.close();
    }
  });

  it('a publish to the embedded shop that failed before it wrote anything leaves the product free to change', async () => {
    const dir = dataDir();
    const services = servicesOver(dir);
    const run = await startAndFinish(services, 1);
    // The print file is no PNG any more: the publisher stops before the shop writes anything.
    writeFileSync(path.join(dir, 'designs', path.basename(run.products[0]!.printUrl!)), 'not a png');
    await call(services, runAction.POST, 'POST', `/api/generator-runs/${run.id}/publish`, { id: run.id, action: 'publish' }, {});
    await services.runs!.runner.idle(run.id);
    const failed = services.runs!.get(run.id)!.products[0]!;
    expect(failed).toMatchObject({ status: 'error', failedStep: 'publish' });
    expect(failed.partlyPublished).toBeUndefined();

    const edit = await firstProductStep(services, run, 'edit', { name: 'Renamed After Failure' });
    expect(edit.status).toBe(200);
    expect((await runOf(edit)).products[0]!.name).toBe('Renamed After Failure');
  });
});

describe('publishing exactly once to a Shopify store', () => {
  const stores: ShopifyAdminServer[] = [];
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
  });

  async function shopifyServices(options: Partial<Parameters<typeof startShopifyAdminServer>[0]> = {}) {
    const store = await startShopifyAdminServer({ token: 'shpat_runs', ...options });
    stores.push(store);
    const services = servicesOver(dataDir(), { SHOPIFY_STORE_DOMAIN: store.origin, SHOPIFY_ADMIN_TOKEN: 'shpat_runs' });
    return { store, services };
  }

  const publishOf = (services: GeneratorServices, run: RunView, indices?: number[]) =>
    call(
      services,
      runAction.POST,
      'POST',
      `/api/generator-runs/${run.id}/publish`,
      { id: run.id, action: 'publish' },
      indices ? { indices } : {},
    );

  it('two tabs publishing the same product at once make one product in the Shopify stand-in, published once it is whole', async () => {
    const { store, services } = await shopifyServices();
    const run = await startAndFinish(services, 1);
    const answers = await Promise.all([publishOf(services, run, [0]), publishOf(services, run, [0])]);
    const claims = await Promise.all(answers.map(async (r) => ((await r.json()) as { claimed: number[] }).claimed));
    expect(claims.flat()).toEqual([0]);
    await services.runs!.runner.idle(run.id);
    const product = services.runs!.get(run.id)!.products[0]!;
    expect(product.status).toBe('published');
    expect(store.products).toHaveLength(1);
    expect(store.products[0]).toMatchObject({ handle: product.handle, status: 'ACTIVE', variants: SIZES.length });
    expect(store.products[0]!.publications).toHaveLength(1);
    expect(store.calls.filter((c) => c.operation === 'productCreate')).toHaveLength(1);
  });

  it('a publish whose productCreate answer was lost fails only that product; Retry finds the product by its key and finishes it', async () => {
    const { store, services } = await shopifyServices({ loseAnswerOnce: ['productCreate'] });
    const run = await startAndFinish(services, 1);
    expect((await publishOf(services, run)).status).toBe(200);
    await services.runs!.runner.idle(run.id);
    const failed = services.runs!.get(run.id)!.products[0]!;
    expect(failed.status).toBe('error');
    expect(store.products).toHaveLength(1); // the store made it; the answer never came back
    expect(store.products[0]!.status).toBe('DRAFT'); // so shoppers do not see it

    const retry = await call(
      services,
      productAction.POST,
      'POST',
      `/api/generator-runs/${run.id}/products/0/retry`,
      { id: run.id, index: '0', action: 'retry' },
      {},
    );
    expect(retry.status).toBe(200);
    await services.runs!.runner.idle(run.id);
    const product = services.runs!.get(run.id)!.products[0]!;
    expect(product.status).toBe('published');
    expect(store.products).toHaveLength(1);
    expect(store.products[0]).toMatchObject({ id: product.shopProductId, handle: product.handle, status: 'ACTIVE' });
    expect(store.calls.filter((c) => c.operation === 'productCreate')).toHaveLength(1);
  });

  it('a product whose publish failed after Shopify made it cannot be changed until Retry finishes it as it was', async () => {
    const { store, services } = await shopifyServices({ loseAnswerOnce: ['productCreate'] });
    const run = await startAndFinish(services, 1);
    await publishOf(services, run);
    await services.runs!.runner.idle(run.id);
    const failed = services.runs!.get(run.id)!.products[0]!;
    expect(failed).toMatchObject({ status: 'error', failedStep: 'publish' });
    expect(store.products.map((p) => [p.title, p.status])).toEqual([[failed.name, 'DRAFT']]);

    // The draft under the publish key has the product as it was: a change now would never reach it.
    const refusal = `${failed.name} was partly published: the shop already has it as it was, so it cannot be changed until Retry finishes publishing it`;
    const edit = await firstProductStep(services, run, 'edit', {
      name: 'Renamed After Failure',
      quote_primary: 'A completely new quote for the shirt.',
    });
    expect([edit.status, await edit.json()]).toEqual([409, { error: refusal }]);
    const price = await firstProductStep(services, run, 'edit', { price: 99 });
    expect([price.status, await price.json()]).toEqual([409, { error: refusal }]);
    // The card offers Retry instead of Edit.
    expect(services.runs!.get(run.id)!.products[0]!.partlyPublished).toBe(true);
    await services.runs!.runner.idle(run.id);
    expect(services.runs!.get(run.id)!.products[0]).toMatchObject({
      name: failed.name,
      quote_primary: failed.quote_primary,
      price: failed.price,
      imageUrl: failed.imageUrl,
      status: 'error',
    });

    // Retry finishes it; the run and the shop agree on what was published.
    expect((await firstProductStep(services, run, 'retry')).status).toBe(200);
    await services.runs!.runner.idle(run.id);
    const published = services.runs!.get(run.id)!.products[0]!;
    expect(published).toMatchObject({ status: 'published', name: failed.name });
    expect(published.partlyPublished).toBeUndefined();
    expect(store.products.map((p) => [p.title, p.status])).toEqual([[failed.name, 'ACTIVE']]);
    // And a published product cannot be changed either, as before.
    expect((await firstProductStep(services, run, 'edit', { name: 'Renamed After Publishing' })).status).toBe(409);
  });

  it('a publish Shopify refused (userErrors on productCreate) made nothing there: the product can be changed', async () => {
    const { store, services } = await shopifyServices({
      userErrors: { productCreate: [{ field: ['product', 'title'], message: 'Title is too long' }] },
    });
    const run = await startAndFinish(services, 1);
    await publishOf(services, run);
    await services.runs!.runner.idle(run.id);
    const failed = services.runs!.get(run.id)!.products[0]!;
    expect(failed).toMatchObject({ status: 'error', error: 'Shopify productCreate failed: product.title: Title is too long' });
    expect(failed.partlyPublished).toBeUndefined();
    expect(store.products).toEqual([]);

    const edit = await firstProductStep(services, run, 'edit', { name: 'A Shorter Name' });
    expect(edit.status).toBe(200);
    expect((await runOf(edit)).products[0]!.name).toBe('A Shorter Name');
  });

  /** An API key of a second member whose sessions never passed a second factor (aal1). */
  async function aal1Key(services: GeneratorServices): Promise<string> {
    const { staff } = await staffFor(services);
    await staff.addMember({ email: 'one-factor@example.com', role: 'staff' });
    return (await staff.createKey('one-factor@example.com', { name: 'aal1', aal: 'aal1' })).key;
  }

  it('Retry of a failed publish needs a second factor, as publishing does: without one the draft stays a draft', async () => {
    const { store, services } = await shopifyServices({ loseAnswerOnce: ['productCreate'] });
    const run = await startAndFinish(services, 1);
    expect((await publishOf(services, run)).status).toBe(200);
    await services.runs!.runner.idle(run.id);
    expect(store.products.map((p) => p.status)).toEqual(['DRAFT']);

    const oneFactor = { 'x-api-key': await aal1Key(services) };
    const publish = await call(
      services,
      runAction.POST,
      'POST',
      `/api/generator-runs/${run.id}/publish`,
      { id: run.id, action: 'publish' },
      {},
      oneFactor,
    );
    const retry = await firstProductStep(services, run, 'retry', {}, oneFactor);
    // The same answer as the run's publish gives that member.
    expect([retry.status, await retry.json()]).toEqual([403, { error: STAFF_MESSAGES.aal2Needed }]);
    expect([publish.status, await publish.json()]).toEqual([403, { error: STAFF_MESSAGES.aal2Needed }]);
    await services.runs!.runner.idle(run.id);
    expect(services.runs!.get(run.id)!.products[0]).toMatchObject({ status: 'error', failedStep: 'publish' });
    expect(store.products.map((p) => p.status)).toEqual(['DRAFT']);
    expect(services.runs!.store.events(run.id).map((e) => e.kind)).not.toContain('retry-publish');
  });

  it("records each product a run publishes in the audit trail, with the member who published it and the shop's product id", async () => {
    const { store, services } = await shopifyServices({ loseAnswerOnce: ['productCreate'] });
    const run = await startAndFinish(services, 2);
    // The first publish of product 1 loses its answer; product 2 is published.
    expect((await publishOf(services, run)).status).toBe(200);
    await services.runs!.runner.idle(run.id);
    const { staff } = await staffFor(services);
    const published = () => staff.audit.list().filter((e) => e.event === 'PRODUCT_PUBLISHED');
    const second = services.runs!.get(run.id)!.products[1]!;
    expect(published()).toEqual([
      expect.objectContaining({
        actorEmail: 'runner@example.com',
        subject: second.shopProductId,
        detail: expect.objectContaining({ name: second.name, run: run.id }),
      }),
    ]);

    // Retry finishes product 1: recorded too, once.
    expect((await firstProductStep(services, run, 'retry')).status).toBe(200);
    await services.runs!.runner.idle(run.id);
    const first = services.runs!.get(run.id)!.products[0]!;
    expect(first.status).toBe('published');
    expect(published().map((e) => [e.actorEmail, e.subject])).toEqual([
      ['runner@example.com', first.shopProductId],
      ['runner@example.com', second.shopProductId],
    ]);
    expect(store.products.map((p) => p.id).sort()).toEqual([first.shopProductId, second.shopProductId].sort());
  });

  /** A one-product run whose publish lost productCreate's answer: failed and partly published, its draft in the store. */
  async function partlyPublished(options: Partial<Parameters<typeof startShopifyAdminServer>[0]> = {}) {
    const { store, services } = await shopifyServices({ loseAnswerOnce: ['productCreate'], ...options });
    const run = await startAndFinish(services, 2);
    expect((await publishOf(services, run, [0])).status).toBe(200);
    await services.runs!.runner.idle(run.id);
    const failed = services.runs!.get(run.id)!.products[0]!;
    expect(failed).toMatchObject({ status: 'error', failedStep: 'publish', partlyPublished: true });
    expect(store.products.map((p) => [p.handle, p.status])).toEqual([[failed.handle, 'DRAFT']]);
    return { store, services, run, failed, draft: store.products[0]! };
  }

  it('Discard of a partly published product deletes what the store holds under its publish key first, then discards it', async () => {
    const { store, services, run, failed, draft } = await partlyPublished();
    const discard = await firstProductStep(services, run, 'discard');
    expect(discard.status).toBe(200);
    expect((await runOf(discard)).products.map((p) => p.index)).toEqual([1]);
    // Found by its key, as a publish finds it, and deleted: nothing is left in the store without a run pointing at it.
    expect(store.products).toEqual([]);
    expect(store.calls.filter((c) => c.operation === 'productDelete').map((c) => c.variables)).toEqual([{ input: { id: draft.id } }]);
    expect(store.calls.filter((c) => c.operation === 'productByIdentifier').at(-1)!.variables).toEqual({
      identifier: { handle: failed.handle },
    });
    // The run's history says what left the shop, and who asked.
    const events = services.runs!.store.events(run.id).filter((e) => e.index === 0 && SHOP_AND_DISCARD.includes(e.kind));
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'removed-from-shop',
        actor: expect.objectContaining({ email: 'runner@example.com' }),
        detail: { shopId: draft.id, handle: failed.handle },
      }),
      expect.objectContaining({ kind: 'discarded', actor: expect.objectContaining({ email: 'runner@example.com' }) }),
    ]);
  });

  it('Discard of a partly published product needs a second factor, as publishing does: without one the draft and the product stay', async () => {
    const { store, services, run } = await partlyPublished();
    const oneFactor = { 'x-api-key': await aal1Key(services) };
    const discard = await firstProductStep(services, run, 'discard', {}, oneFactor);
    expect([discard.status, await discard.json()]).toEqual([403, { error: STAFF_MESSAGES.aal2Needed }]);
    expect(services.runs!.get(run.id)!.products[0]).toMatchObject({ status: 'error', partlyPublished: true });
    expect(store.products.map((p) => p.status)).toEqual(['DRAFT']);
    expect(store.calls.filter((c) => c.operation === 'productDelete')).toEqual([]);
    // A product never published leaves no trace in the store: its Discard asks the store nothing, and needs no second factor.
    const calls = store.calls.length;
    const plain = await call(
      services,
      productAction.POST,
      'POST',
      `/api/generator-runs/${run.id}/products/1/discard`,
      { id: run.id, index: '1', action: 'discard' },
      {},
      oneFactor,
    );
    expect(plain.status).toBe(200);
    expect((await runOf(plain)).products.map((p) => p.index)).toEqual([0]);
    expect(store.calls.length).toBe(calls);
  });

  it('a partly published product the store would not delete stays in the run, partly published, and Discard says why (502)', async () => {
    const { store, services, run, failed } = await partlyPublished({
      userErrors: { productDelete: [{ field: ['id'], message: 'Product cannot be deleted right now' }] },
    });
    const discard = await firstProductStep(services, run, 'discard');
    expect([discard.status, await discard.json()]).toEqual([
      502,
      {
        error: `${failed.name} was partly published and removing it from the shop failed, so it was not discarded: Shopify productDelete failed: id: Product cannot be deleted right now`,
      },
    ]);
    const after = services.runs!.get(run.id)!;
    expect(after.products.map((p) => p.index)).toEqual([0, 1]);
    expect(after.products[0]).toMatchObject({ status: 'error', partlyPublished: true, imageUrl: failed.imageUrl });
    expect(store.products.map((p) => [p.handle, p.status])).toEqual([[failed.handle, 'DRAFT']]);
    expect(services.runs!.store.events(run.id).at(-1)).toMatchObject({
      kind: 'shop-removal-failed',
      index: 0,
      detail: { handle: failed.handle, error: 'Shopify productDelete failed: id: Product cannot be deleted right now' },
    });
    // Still partly published: Retry finishes publishing it as it was.
    expect((await firstProductStep(services, run, 'retry')).status).toBe(200);
    await services.runs!.runner.idle(run.id);
    expect(services.runs!.get(run.id)!.products[0]!.status).toBe('published');
    expect(store.products.map((p) => [p.handle, p.status])).toEqual([[failed.handle, 'ACTIVE']]);
  });

  it("Discard of a product whose publish stopped after its print file was linked deletes the print file from the store's Files too", async () => {
    const { store, services, run } = await partlyPublished({
      loseAnswerOnce: [],
      userErrors: { productUpdate: [{ field: ['product', 'status'], message: 'Status cannot be changed right now' }] },
    });
    const printFiles = () => store.files.filter((f) => f.filename.endsWith('-print.png'));
    expect(printFiles()).toHaveLength(1);
    const discard = await firstProductStep(services, run, 'discard');
    expect(discard.status).toBe(200);
    expect(store.products).toEqual([]);
    expect(printFiles()).toEqual([]);
    expect(store.calls.filter((c) => c.operation === 'fileDelete')).toHaveLength(1);
  });

  it('Discard of a partly published product the store no longer holds (deleted by hand) just discards it', async () => {
    const { store, services, run } = await partlyPublished();
    store.products.splice(0);
    const discard = await firstProductStep(services, run, 'discard');
    expect(discard.status).toBe(200);
    expect((await runOf(discard)).products.map((p) => p.index)).toEqual([1]);
    expect(store.calls.filter((c) => c.operation === 'productDelete')).toEqual([]);
    expect(services.runs!.store.events(run.id).map((e) => e.kind)).not.toContain('removed-from-shop');
  });
});

describe('Discard of a product partly published to the embedded shop', () => {
  it('removes the product a killed tshirt-gen left in the embedded shop under its key, then discards it', async () => {
    const dir = dataDir();
    // tshirt-gen publishes into the embedded shop and is killed once the product is committed there, before it records it.
    const cli = spawnPublishingRun(dir, ['--count', '2', '--seed', '17'], { holdAfterProductCommit: 1 });
    try {
      await waitForOutput(cli.child, 'stderr', /holding after the commit\n/);
    } finally {
      await kill(cli);
    }
    const services = servicesOver(dir);
    const id = services.runs!.latestId()!;
    // The server finds the process gone: the run is stopped and the publish cut short is ready again, partly published.
    const run = services.runs!.get(id)!;
    expect(run.state).toBe('stopped');
    const product = run.products[0]!;
    expect(product).toMatchObject({ status: 'ready', partlyPublished: true });
    const shop = LocalShopStore.open(dir);
    try {
      const inShop = shop.productByHandle(product.handle!)!;
      expect(inShop).not.toBeNull();
      expect(shop.productCount()).toBe(1);
      expect(shop.productFile(product.handle!, 'custom', 'print_file')).not.toBeNull();
      // A shopper put it in a cart meanwhile: the embedded shop had it on sale.
      const cart = shop.createCart([{ merchandiseId: `gid://shopify/ProductVariant/${inShop.variants[0]!.id}`, quantity: 1 }]);
      expect(cart.ok).toBe(true);
      const token = cart.ok ? cart.cart.token : '';

      // The embedded shop takes products from any member, so its removal needs no second factor either.
      const { staff } = await staffFor(services);
      await staff.addMember({ email: 'one-factor@example.com', role: 'staff' });
      const { key } = await staff.createKey('one-factor@example.com', { name: 'aal1', aal: 'aal1' });
      const discard = await call(
        services,
        productAction.POST,
        'POST',
        `/api/generator-runs/${id}/products/0/discard`,
        { id, index: '0', action: 'discard' },
        {},
        { 'x-api-key': key },
      );
      expect(discard.status).toBe(200);
      expect((await runOf(discard)).products.map((p) => p.index)).toEqual(run.products.slice(1).map((p) => p.index));
      expect(shop.productByHandle(product.handle!)).toBeNull();
      expect(shop.hasPublishKey(product.handle!)).toBe(false);
      expect(shop.productCount()).toBe(0);
      expect(shop.productFile(product.handle!, 'custom', 'print_file')).toBeNull();
      // As Shopify does with a deleted product, the cart keeps going without it.
      expect(shop.cartByToken(token)!.lines).toEqual([]);
      expect(services.runs!.store.events(id).filter((e) => e.index === 0 && SHOP_AND_DISCARD.includes(e.kind))).toEqual([
        expect.objectContaining({
          kind: 'removed-from-shop',
          detail: { shopId: expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/), handle: product.handle },
        }),
        expect.objectContaining({ kind: 'discarded' }),
      ]);
    } finally {
      shop.close();
    }
  });
});

describe('a run going in a live tshirt-gen', () => {
  const openai: OpenAITestServer[] = [];
  afterEach(async () => {
    await Promise.all(openai.splice(0).map((server) => server.close()));
  });

  it('refuses the page changes that would make the server design in it (409 naming the process); once the process is gone they work', async () => {
    const dir = dataDir();
    // tshirt-gen's first design fails, its second is made, and its third is held until the test lets it go.
    const third = Promise.withResolvers<void>();
    const artwork = await artworkPng();
    let images = 0;
    const server = await startOpenAIServer(async (request) => {
      if (request.path === '/v1/chat/completions') return { json: conceptsCompletion([concept(1), concept(2), concept(3)]) };
      const image = images++;
      if (image === 0) return { status: 400, json: openAIError('Your prompt was rejected', 'invalid_request_error') };
      if (image === 2) await third.promise;
      return { json: imagesResponse(artwork.toString('base64')) };
    });
    openai.push(server);
    const child = spawnCli(
      ['--count', '3', '--delay', '0'],
      isolatedEnv({ DATA_DIR: dir, OPENAI_API_KEY: 'sk-test-SECRET-0123456789', OPENAI_BASE_URL: server.baseURL }),
    );
    const exit = finished(child);
    try {
      await waitForOutput(child, 'stdout', /ready: .+-print\.png\n/);
      // tshirt-gen asks for the third image once it has recorded that design as begun.
      while (images < 3) await new Promise((resolve) => setTimeout(resolve, 20));
      // The server over the same DATA_DIR, with generators of its own.
      const services = servicesOver(dir);
      const id = services.runs!.latestId()!;
      const run = services.runs!.get(id)!;
      expect(run.products.map((p) => p.status)).toEqual(['error', 'ready', 'generating']);
      const designs = () => readdirSync(path.join(dir, 'designs')).sort();
      const before = designs();
      const step = (index: number, action: string, body: unknown = {}) =>
        call(
          services,
          productAction.POST,
          'POST',
          `/api/generator-runs/${id}/products/${index}/${action}`,
          { id, index: String(index), action },
          body,
        );
      const refusal = { error: `This run is going in tshirt-gen (${os.hostname()}:${child.pid}): wait for it to finish or stop it there` };
      const answers = [
        await step(0, 'retry'),
        await step(1, 'regenerate'),
        await step(1, 'edit', { quote_primary: 'A new quote for a new design.' }),
        await step(0, 'edit', { quote_primary: 'Another new quote for a new design.' }),
      ];
      for (const answer of answers) expect([answer.status, await answer.json()]).toEqual([409, refusal]);
      // Nothing was designed here, nor changed: tshirt-gen is still making its third design, and no other.
      await services.runs!.runner.idle(id);
      const after = services.runs!.get(id)!;
      expect(after.products.map((p) => [p.status, p.quote_primary, p.imageUrl])).toEqual(
        run.products.map((p) => [p.status, p.quote_primary, p.imageUrl]),
      );
      expect(designs()).toEqual(before);
      // A change that makes no design is still saved.
      const price = await step(1, 'edit', { price: 31.5 });
      expect(price.status).toBe(200);
      expect((await runOf(price)).products[1]!.price).toBe(31.5);

      // Once tshirt-gen has finished, its process is gone and blocks nothing: Retry makes the design here.
      third.resolve();
      expect((await exit).code).toBe(3);
      const retry = await step(0, 'retry');
      expect(retry.status).toBe(200);
      await services.runs!.runner.idle(id);
      expect(services.runs!.get(id)!.products.map((p) => p.status)).toEqual(['ready', 'ready', 'ready']);
    } finally {
      third.resolve();
      child.kill('SIGKILL');
      await exit;
    }
  });
});

describe('going live', () => {
  it("says a published product is live only once the storefront answers its page, asking the site's own server", async () => {
    const services = servicesOver(dataDir());
    const run = await startAndFinish(services, 1);
    // The server that serves the built site: the product's page is missing until the "rebuild" lands.
    const asked: string[] = [];
    let rebuilt = false;
    const site = createServer((request, response) => {
      asked.push(`${request.method} ${request.url}`);
      response.writeHead(rebuilt && request.url === `/product/${services.runs!.get(run.id)!.products[0]!.handle}` ? 200 : 404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    try {
      const live = async () => {
        const answer = await call(
          services,
          productLive.GET,
          'GET',
          `/api/generator-runs/${run.id}/products/0/live`,
          { id: run.id, index: '0' },
          undefined,
          {},
          { siteUrl },
        );
        expect(answer.status).toBe(200);
        return ((await answer.json()) as { live: boolean }).live;
      };
      // Not published yet: not live, and the site is not even asked.
      expect(await live()).toBe(false);
      expect(asked).toEqual([]);

      const publish = await call(
        services,
        runAction.POST,
        'POST',
        `/api/generator-runs/${run.id}/publish`,
        { id: run.id, action: 'publish' },
        {},
      );
      expect(publish.status).toBe(200);
      await services.runs!.runner.idle(run.id);
      const handle = services.runs!.get(run.id)!.products[0]!.handle!;
      expect(await live()).toBe(false);
      rebuilt = true;
      expect(await live()).toBe(true);
      expect(asked).toEqual([`HEAD /product/${handle}`, `HEAD /product/${handle}`]);

      const missing = await call(
        services,
        productLive.GET,
        'GET',
        `/api/generator-runs/${run.id}/products/7/live`,
        { id: run.id, index: '7' },
        undefined,
        {},
        { siteUrl },
      );
      expect(missing.status).toBe(404);
      const anonymous = await call(
        services,
        productLive.GET,
        'GET',
        `/api/generator-runs/${run.id}/products/0/live`,
        { id: run.id, index: '0' },
        undefined,
        {},
        { signedIn: false, siteUrl },
      );
      expect(anonymous.status).toBe(401);
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });
});
