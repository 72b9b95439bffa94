import OpenAI from 'openai';

/**
 * The OpenAI SDK client as the providers use it: the key and base URL from config, retries and
 * timeout set explicitly (the SDK retries 408/409/429/5xx and connection errors with backoff).
 */

export interface OpenAISettings {
  apiKey: string;
  baseURL?: string | undefined;
  /** Chat model for concepts (OPENAI_MODEL). */
  model: string;
  /** Image model for artwork (OPENAI_IMAGE_MODEL). */
  imageModel: string;
  /** Per request, per attempt. */
  timeoutMs?: number;
  maxRetries?: number;
}

export const OPENAI_DEFAULTS = {
  /** Structured concepts for 20 products take a while on a busy model. */
  conceptTimeoutMs: 90_000,
  /** Image generation is slower still. */
  imageTimeoutMs: 180_000,
  maxRetries: 2,
} as const;

export function createOpenAIClient(settings: OpenAISettings, timeoutMs: number): OpenAI {
  return new OpenAI({
    apiKey: settings.apiKey,
    ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
    timeout: timeoutMs,
    maxRetries: settings.maxRetries ?? OPENAI_DEFAULTS.maxRetries,
  });
}
