import type http from 'node:http';
import sharp from 'sharp';
import type { Concept } from '../../shared/generator/browser.ts';
import { startScriptedServer } from './scripted-server.ts';

/**
 * A loopback HTTP server that speaks the OpenAI wire format well enough for the real SDK:
 * `POST /v1/chat/completions` and `POST /v1/images/generations`, each answer scripted by the test.
 */

export interface OpenAIRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: unknown;
}

export interface OpenAIReply {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  /** Raw body instead of JSON. */
  text?: string;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
}

export interface OpenAITestServer {
  /** For the SDK's `baseURL`: `http://127.0.0.1:{port}/v1`. */
  baseURL: string;
  requests: OpenAIRequest[];
  close(): Promise<void>;
}

export async function startOpenAIServer(
  answer: (request: OpenAIRequest, index: number) => OpenAIReply | Promise<OpenAIReply>,
): Promise<OpenAITestServer> {
  const requests: OpenAIRequest[] = [];
  const server = await startScriptedServer(async (recorded, index) => {
    let body: unknown;
    try {
      body = recorded.body ? JSON.parse(recorded.body) : undefined;
    } catch {
      body = undefined;
    }
    const request: OpenAIRequest = { method: recorded.method, path: recorded.url.split('?')[0] ?? '', headers: recorded.headers, body };
    requests.push(request);
    const reply = await answer(request, index);
    // JSON unless the reply is raw text; the SDK reads the body by its content type.
    return {
      status: reply.status,
      headers: { 'content-type': reply.text === undefined ? 'application/json' : 'text/plain', ...reply.headers },
      body: reply.text ?? (reply.json === undefined ? undefined : JSON.stringify(reply.json)),
      delayMs: reply.delayMs,
    };
  });
  return { baseURL: `${new URL(server.url).origin}/v1`, requests, close: server.close };
}

/** A `chat.completion` whose one choice carries `content` (or a refusal). */
export function chatCompletion(
  content: string | null,
  options: { refusal?: string; finishReason?: 'stop' | 'length' | 'content_filter'; model?: string } = {},
): unknown {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: options.model ?? 'test-model',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: options.refusal ?? null },
        logprobs: null,
        finish_reason: options.finishReason ?? 'stop',
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

export const conceptsCompletion = (products: unknown[]) => chatCompletion(JSON.stringify({ products }));

/** The i-th of a run's concepts as a concept model would answer it, with `patch` over it. */
export const concept = (i: number, patch: Partial<Concept> = {}): Concept => ({
  name: `Prompt Whisperer ${i}`,
  description: `A tee for people who talk to chatbots, number ${i}.`,
  price: 24.99,
  category: 'AI Humor',
  quote_primary: `Per my last prompt, part ${i}.`,
  keywords: ['ai', 'prompts'],
  ...patch,
});

/** A real transparent portrait PNG, as an image model would send. */
export function artworkPng(): Promise<Buffer> {
  return sharp({ create: { width: 256, height: 384, channels: 4, background: { r: 254, g: 151, b: 46, alpha: 0.8 } } })
    .png()
    .toBuffer();
}

export function imagesResponse(b64: string | undefined): unknown {
  return { created: 1_700_000_000, data: [b64 === undefined ? {} : { b64_json: b64 }] };
}

/** OpenAI's error body. */
export function openAIError(message: string, type = 'invalid_request_error', code: string | null = null): unknown {
  return { error: { message, type, param: null, code } };
}

/** Answers 429/5xx quickly: the SDK honours `retry-after-ms`, so retries take a millisecond, not seconds. */
export const FAST_RETRY = { 'retry-after-ms': '1' } as const;
