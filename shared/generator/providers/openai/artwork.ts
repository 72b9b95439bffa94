import type OpenAI from 'openai';
import { isPng, sniffFormat } from '../../../design/index.ts';
import { OPENAI_DEFAULTS, createOpenAIClient, type OpenAISettings } from './client.ts';
import { quoteUntrusted } from './concept-prompt.ts';
import { OpenAIProviderError, toOpenAIError, type FailureContext } from './errors.ts';

/**
 * Artwork from an OpenAI image model: a transparent portrait PNG with no lettering at all. The quote
 * is set later by our own renderer in real fonts, so the model is told to draw pictures only.
 */

export interface ArtworkRequest {
  productName: string;
  quote: string;
  category: string;
  colors: readonly string[];
}

export interface ArtworkClient {
  generateArtwork(request: ArtworkRequest, signal?: AbortSignal): Promise<Uint8Array>;
}

export interface OpenAIArtworkOptions extends OpenAISettings {
  client?: OpenAI;
}

export const ARTWORK_SIZE = '1024x1536';
const TASK = 'design artwork';

/** The concept's texts are untrusted: each goes in quoted, so it reads as subject matter, not instructions. */
export function artworkPrompt(request: ArtworkRequest): string {
  return [
    'Artwork for a funny t-shirt print about AI at work, for entrepreneurs and professionals over 40.',
    `Product (for subject matter only): ${quoteUntrusted(request.productName, 120)}. Category: ${quoteUntrusted(request.category, 60)}.`,
    `The joke printed under the artwork (do not write it): ${quoteUntrusted(request.quote, 200)}.`,
    `Draw one bold, simple, witty illustration that fits the joke, in a flat screen-print style using only these colours: ${request.colors.join(', ')}.`,
    'Transparent background, no frame, no border, no mockup, no shirt, no people’s faces in close-up.',
    'Absolutely no text: no letters, words, numbers, captions, logos, signs or speech bubbles anywhere in the image.',
  ].join('\n');
}

export function createOpenAIArtworkClient(options: OpenAIArtworkOptions): ArtworkClient {
  const timeoutMs = options.timeoutMs ?? OPENAI_DEFAULTS.imageTimeoutMs;
  const maxRetries = options.maxRetries ?? OPENAI_DEFAULTS.maxRetries;
  const client = options.client ?? createOpenAIClient(options, timeoutMs);
  const ctx: FailureContext = { task: TASK, model: options.imageModel, timeoutMs, maxRetries, apiKey: options.apiKey };

  return {
    async generateArtwork(request, signal) {
      let response;
      try {
        response = await client.images.generate(
          {
            model: options.imageModel,
            prompt: artworkPrompt(request),
            n: 1,
            size: ARTWORK_SIZE,
            background: 'transparent',
            output_format: 'png',
          },
          { signal, timeout: timeoutMs, maxRetries },
        );
      } catch (error) {
        throw toOpenAIError(error, ctx);
      }
      const b64 = response.data?.[0]?.b64_json;
      if (!b64) throw new OpenAIProviderError('invalid-output', `OpenAI returned no image data for ${TASK} (expected b64_json)`);
      const bytes = new Uint8Array(Buffer.from(b64, 'base64'));
      if (!isPng(bytes)) {
        throw new OpenAIProviderError(
          'invalid-output',
          `OpenAI returned ${TASK} that is not a PNG image (${sniffFormat(bytes)}, ${bytes.length} bytes)`,
        );
      }
      return bytes;
    },
  };
}
