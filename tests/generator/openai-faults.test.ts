import type { APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import * as concepts from '../../site/pages/api/generate-product-concepts.ts';
import * as designs from '../../site/pages/api/generate-product-design.ts';
import * as settings from '../../site/pages/api/generator-settings.ts';
import { callRoute, openGeneratorServices, type OpenedGeneratorServices } from '../support/generator-api.ts';
import {
  chatCompletion,
  conceptsCompletion,
  FAST_RETRY,
  openAIError,
  startOpenAIServer,
  type OpenAIReply,
  type OpenAITestServer,
} from '../support/openai-server.ts';

/**
 * The /generator API with OpenAI configured and failing (rate limit, server errors, a refusal,
 * output that fails the schema, artwork errors): each call answers with OpenAI's failure in words,
 * a concept failure fails the whole request, an artwork failure only its design, and the offline
 * generators never stand in.
 */

const KEY = 'sk-test-api-SECRET-4d2e';
const ORIGIN = 'http://127.0.0.1:4321';
let logged: string[] = [];
let reply: (path: string) => OpenAIReply = () => ({ status: 500 });
let openai: OpenAITestServer;
let opened: OpenedGeneratorServices | undefined;

const concept = (i: number, patch: Record<string, unknown> = {}) => ({
  name: `Token Budget ${i}`,
  description: `A tee for prompt engineers, number ${i}.`,
  price: 24.99,
  category: 'AI Humor',
  quote_primary: `My context window is full, part ${i}.`,
  keywords: ['ai', 'tokens'],
  ...patch,
});

beforeAll(async () => {
  openai = await startOpenAIServer((request) => reply(request.path));
  opened = await openGeneratorServices({ HOST: '127.0.0.1', OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.baseURL });
  logged = opened.logged;
});

afterAll(async () => {
  await opened?.close();
  await openai?.close();
});

async function call(route: APIRoute | undefined, body?: unknown): Promise<{ status: number; json: Record<string, unknown>; text: string }> {
  const request = new Request(`${ORIGIN}/api/x`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...opened!.auth, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const response = await callRoute(route, request, opened!);
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) as Record<string, unknown>, text };
}

const conceptsBody = { productCount: 2, theme: 'prompt engineers', brand: BRAND };
const designBody = { productName: 'Token Budget', quote: 'My context window is full.', category: 'AI Humor', colors: [...BRAND.colors] };

describe('concepts from a failing OpenAI: the request fails with the reason, never offline concepts', () => {
  it('says the generators are OpenAI', async () => {
    expect((await call(settings.GET)).json.generators).toMatch(/OpenAI/);
  });

  it.each([
    [
      'a 429 that persists',
      { status: 429, headers: FAST_RETRY, json: openAIError('Rate limit reached', 'requests', 'rate_limit_exceeded') },
      /^OpenAI rate limited the request \(429\)/,
    ],
    [
      'a 500 storm',
      { status: 500, headers: FAST_RETRY, json: openAIError('The server had an error', 'server_error') },
      /^OpenAI had a server error \(500\)/,
    ],
    [
      'a refusal',
      { json: chatCompletion(null, { refusal: 'I cannot help with that.' }) },
      /^OpenAI declined to write product concepts: "I cannot help with that\."$/,
    ],
    [
      'output that fails the schema',
      { json: conceptsCompletion([concept(1), concept(2, { quote_primary: 'x'.repeat(300) })]) },
      /^OpenAI's answer did not pass validation: products\[1\]: quote_primary/,
    ],
    [
      'output that is not JSON',
      { json: chatCompletion('Here are some shirts!') },
      /^OpenAI's answer for product concepts was not valid JSON$/,
    ],
  ] as [string, OpenAIReply, RegExp][])('%s → 502 with a readable message', async (_, answer, message) => {
    reply = () => answer;
    const before = openai.requests.length;
    const { status, json, text } = await call(concepts.POST, conceptsBody);
    expect(status).toBe(502);
    expect(Object.keys(json)).toEqual(['error']);
    expect(json.error).toMatch(message);
    expect(text).not.toMatch(/\n\s+at |sk-test/);
    expect(openai.requests.length).toBeGreaterThan(before);
    expect(openai.requests.slice(before).every((r) => r.path === '/v1/chat/completions')).toBe(true);
  });

  it('a good answer after all that is used as it came', async () => {
    reply = () => ({ json: conceptsCompletion([concept(1), concept(2)]) });
    const { status, json } = await call(concepts.POST, conceptsBody);
    expect(status).toBe(200);
    expect((json.products as { name: string }[]).map((p) => p.name)).toEqual(['Token Budget 1', 'Token Budget 2']);
  });
});

describe('a design from a failing OpenAI: that design fails with the reason', () => {
  it.each([
    ['a 500 storm', { status: 500, headers: FAST_RETRY, json: openAIError('The server had an error', 'server_error') }, /^OpenAI/],
    [
      'a refused prompt',
      { status: 400, json: openAIError('Your prompt was rejected by the safety system', 'invalid_request_error') },
      /^OpenAI.*safety system/,
    ],
    ['an answer without an image', { json: { created: 1, data: [{}] } }, /^OpenAI/],
  ] as [string, OpenAIReply, RegExp][])('%s → 502 with a readable message', async (_, answer, message) => {
    reply = (requestPath) => (requestPath === '/v1/images/generations' ? answer : { status: 404 });
    const { status, json, text } = await call(designs.POST, designBody);
    expect(status).toBe(502);
    expect(json.error).toMatch(message);
    expect(text).not.toMatch(/\n\s+at |sk-test/);
  });

  it('never logs the key', () => {
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain(KEY);
  });
});
