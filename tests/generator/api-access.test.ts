import { afterAll, describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import * as concepts from '../../site/pages/api/generate-product-concepts.ts';
import * as designFiles from '../../site/pages/api/designs/[file].ts';
import * as settings from '../../site/pages/api/generator-settings.ts';
import { createGeneratorAccess, isLoopbackHost } from '../../site/features/generator/server/access.ts';
import { callRoute, openGeneratorServices, type OpenedGeneratorServices } from '../support/generator-api.ts';

/** Who may use the generator API: the staff token, loopback-only without one, and off when exposed without one. */

const TOKEN = 'staff-token-3f9a-never-echoed';
const opened: OpenedGeneratorServices[] = [];

afterAll(async () => {
  await Promise.all(opened.map((services) => services.close()));
});

function servicesFor(env: NodeJS.ProcessEnv): OpenedGeneratorServices {
  const services = openGeneratorServices(env);
  opened.push(services);
  return services;
}

function request(
  pathname: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Request {
  return new Request(`http://127.0.0.1:4321${pathname}`, { method, headers, ...(body === undefined ? {} : { body }) });
}

const conceptsRequest = (headers: Record<string, string> = {}, body = JSON.stringify({ productCount: 1, theme: 'cats', brand: BRAND })) =>
  request('/api/generate-product-concepts', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

async function answer(response: Response): Promise<{ status: number; error: string | undefined; text: string }> {
  const text = await response.text();
  const parsed = JSON.parse(text) as { error?: string };
  return { status: response.status, error: parsed.error, text };
}

describe('loopback addresses', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'app.localhost', '::ffff:127.0.0.1'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', '10.0.0.5', 'example.com', 'localhost.example.com', '::ffff:10.0.0.1'])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('with GENERATOR_TOKEN', () => {
  const { services, logged } = servicesFor({ GENERATOR_TOKEN: TOKEN, HOST: '0.0.0.0' });

  it('answers 401 without the token, with a wrong one, or a wrong scheme, and never echoes the token', async () => {
    for (const authorization of [
      undefined,
      'Bearer nope',
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      'Bearer',
    ]) {
      const response = await callRoute(concepts.POST, conceptsRequest(authorization ? { authorization } : {}), services);
      const { status, error, text } = await answer(response);
      expect(status, authorization).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="generator"');
      expect(error).toMatch(authorization?.startsWith('Bearer ') ? /^The staff token is not valid\.$/ : /needs a staff token/);
      expect(text).not.toContain(TOKEN);
    }
  });

  it('checks the token before reading the body: an oversized body without one is 401, not 413', async () => {
    const response = await callRoute(concepts.POST, conceptsRequest({ 'content-length': '50000000' }, '{}'), services);
    expect(response.status).toBe(401);
  });

  it('lets the right token through, on a server reachable from other machines too', async () => {
    const response = await callRoute(concepts.POST, conceptsRequest({ authorization: `Bearer ${TOKEN}` }), services);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { products: unknown[] }).products).toHaveLength(1);
    const page = await callRoute(
      settings.GET,
      request('/api/generator-settings', { headers: { authorization: `bearer  ${TOKEN}` } }),
      services,
    );
    expect(page.status).toBe(200);
  });

  it('serves design images without the token: an <img> cannot send one, and their names are unguessable', async () => {
    const response = await callRoute(designFiles.GET, request('/api/designs/x'), services, {
      file: 'nope-0123456789abcdef01234567-preview.png',
    });
    expect(response.status).toBe(404); // past the access check, to the missing file
  });

  it('is described for the startup log without the token', () => {
    expect(services.describe()).toContain('staff token required');
    expect(services.describe()).not.toContain(TOKEN);
    expect(logged.join('\n')).not.toContain(TOKEN);
  });
});

describe('without GENERATOR_TOKEN', () => {
  it('on a loopback address, is open to requests addressed to this machine only', async () => {
    const { services } = servicesFor({ HOST: '127.0.0.1' });
    const open = await callRoute(settings.GET, request('/api/generator-settings', { headers: { host: 'localhost:4321' } }), services);
    expect(open.status).toBe(200);
    // A page on another site whose name now points at 127.0.0.1 (DNS rebinding) gets nothing.
    const rebound = await callRoute(
      settings.GET,
      request('/api/generator-settings', { headers: { host: 'attacker.example:4321' } }),
      services,
    );
    expect(await answer(rebound)).toMatchObject({
      status: 403,
      error: expect.stringContaining('only answers requests addressed to this machine'),
    });
    expect(services.describe()).toContain('open to this machine only');
  });

  it.each(['0.0.0.0', '::', '192.168.1.20'])('listening on %s, answers 503 and says why, images included', async (host) => {
    const { services } = servicesFor({ HOST: host });
    const why = `The generator is switched off: this server listens on ${host}, which other machines can reach, and GENERATOR_TOKEN is not set. Set GENERATOR_TOKEN to use the generator.`;
    expect(await answer(await callRoute(concepts.POST, conceptsRequest(), services))).toMatchObject({ status: 503, error: why });
    expect(await answer(await callRoute(settings.GET, request('/api/generator-settings'), services))).toMatchObject({
      status: 503,
      error: why,
    });
    const image = await callRoute(designFiles.GET, request('/api/designs/x'), services, { file: 'a-0123456789abcdef01234567-preview.png' });
    expect(image.status).toBe(503);
    expect(services.describe()).toMatch(/^OFF: listening on .+ without GENERATOR_TOKEN; set GENERATOR_TOKEN to use it$/);
  });

  it('a configuration mistake switches the generator off with the reason, instead of failing the store', async () => {
    const { services } = servicesFor({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    const { status, error } = await answer(await callRoute(settings.GET, request('/api/generator-settings'), services));
    expect(status).toBe(503);
    expect(error).toMatch(/^The generator is not configured correctly: OPENAI_BASE_URL is set but OPENAI_API_KEY is not/);
  });
});

describe('the access rule alone', () => {
  it('compares tokens of any length without throwing', () => {
    const access = createGeneratorAccess({ token: TOKEN, host: '127.0.0.1' });
    for (const candidate of ['a', TOKEN.repeat(50), 'ü'.repeat(10)]) {
      expect(access.check(new Headers({ authorization: `Bearer ${candidate}` }))).toMatchObject({ allowed: false, status: 401 });
    }
    expect(access.check(new Headers({ authorization: `Bearer ${TOKEN}` }))).toEqual({ allowed: true });
  });
});
