import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import type { Concept } from '../../shared/generator/browser.ts';
import {
  chatCompletion,
  conceptsCompletion,
  imagesResponse,
  openAIError,
  startOpenAIServer,
  type OpenAIReply,
  type OpenAIRequest,
} from './openai-server.ts';

/**
 * A stand-in OpenAI model on 127.0.0.1 for a whole `npm start`: with `env` (OPENAI_API_KEY and
 * OPENAI_BASE_URL) the store's generator uses its OpenAI providers, and the real `openai` SDK in its
 * worker thread asks this server for concepts and artwork over OpenAI's wire format.
 *
 * Unscripted, it answers as an obliging model would: the number of concepts asked for, about the
 * theme it was given (so what a staff member typed comes back in names, quotes and categories), and
 * artwork drawn in the first colour the prompt allows. A test scripts the exceptions: the concepts
 * for a theme, an artwork request that fails, or one held until the test lets it go.
 */

export const MODEL_API_KEY = 'sk-loopback-model-SECRET-5a1e77';

export interface ArtworkAsk {
  /** The product the artwork was for, read from the prompt. */
  name: string;
  /** When the request arrived (performance.now() of the test process). */
  at: number;
}

export interface HeldArtwork {
  /** Resolves when the held request has arrived. */
  readonly reached: Promise<void>;
  /** Answers it (if anyone still waits for it). */
  release(): void;
}

export interface LoopbackModel {
  /** The store's settings that point its generator here. */
  env: { OPENAI_API_KEY: string; OPENAI_BASE_URL: string };
  /** Every artwork request so far, in the order they arrived. */
  readonly artwork: readonly ArtworkAsk[];
  /** How many artwork requests there were for `name`. */
  artworkAsks(name: string): number;
  /** Answers `answer` to every concepts request whose theme contains `marker` (concepts, or a refusal). */
  conceptsFor(marker: string, answer: readonly Concept[] | { refusal: string }): void;
  /** The next `times` artwork requests for `name` get `reply` (e.g. a 400 with OpenAI's error body). */
  failArtwork(name: string, reply: OpenAIReply, times?: number): void;
  /** The next artwork request for `name` waits until released. */
  holdArtwork(name: string): HeldArtwork;
  close(): Promise<void>;
}

/** The JSON string literal after `label` in a prompt (the providers quote every untrusted text so). */
function quotedAfter(text: string, label: string): string | undefined {
  const at = text.indexOf(label);
  if (at < 0) return undefined;
  const literal = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(at + label.length));
  return literal ? (JSON.parse(literal[0]) as string) : undefined;
}

function userPromptOf(request: OpenAIRequest): string {
  const messages = (request.body as { messages?: Array<{ role: string; content: string }> } | undefined)?.messages ?? [];
  return messages.find((m) => m.role === 'user')?.content ?? '';
}

/** `count` concepts about `theme`, inside the limits generation checks. */
export function conceptsAbout(theme: string, count: number): Concept[] {
  const subject = theme.replace(/\s+/g, ' ').trim().slice(0, 60).trim() || 'AI at work';
  return Array.from({ length: count }, (_, i) => ({
    name: `${subject} Tee ${i + 1}`,
    description: `A tee about ${subject}, number ${i + 1}.`,
    price: 24.99,
    category: subject.slice(0, 40).trim(),
    quote_primary: `Ask me about ${subject}, part ${i + 1}.`,
    keywords: [subject.slice(0, 40).trim().toLowerCase()],
  }));
}

const pngs = new Map<string, Promise<string>>();

/** Solid artwork in `hex` (#rrggbb), base64, as the image model sends it. */
function artworkIn(hex: string): Promise<string> {
  const color = /^#[0-9a-f]{6}$/i.test(hex) ? hex : '#fe972e';
  let png = pngs.get(color);
  if (!png) {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)) as [number, number, number];
    png = sharp({ create: { width: 64, height: 96, channels: 4, background: { r, g, b, alpha: 1 } } })
      .png()
      .toBuffer()
      .then((bytes) => bytes.toString('base64'));
    pngs.set(color, png);
  }
  return png;
}

export async function startOpenAIModel(): Promise<LoopbackModel> {
  const scripted: Array<{ marker: string; answer: readonly Concept[] | { refusal: string } }> = [];
  const failures = new Map<string, { reply: OpenAIReply; left: number }>();
  const holds = new Map<string, { reached: () => void; released: Promise<void>; release: () => void }>();
  const artwork: ArtworkAsk[] = [];
  const releases = new Set<() => void>();

  async function answerConcepts(request: OpenAIRequest): Promise<OpenAIReply> {
    const prompt = userPromptOf(request);
    const count = Number(/Create exactly (\d+) product concept/.exec(prompt)?.[1] ?? 1);
    const theme = quotedAfter(prompt, '<theme>\n') ?? '';
    const script = scripted.find((s) => theme.includes(s.marker));
    if (!script) return { json: conceptsCompletion(conceptsAbout(theme, count)) };
    if ('refusal' in script.answer) return { json: chatCompletion(null, { refusal: script.answer.refusal }) };
    return { json: conceptsCompletion([...script.answer]) };
  }

  async function answerArtwork(request: OpenAIRequest): Promise<OpenAIReply> {
    const prompt = (request.body as { prompt?: string } | undefined)?.prompt ?? '';
    const name = quotedAfter(prompt, 'Product (for subject matter only): ') ?? '';
    artwork.push({ name, at: performance.now() });
    const hold = holds.get(name);
    if (hold) {
      holds.delete(name);
      hold.reached();
      await hold.released;
    }
    const failure = failures.get(name);
    if (failure) {
      if (--failure.left <= 0) failures.delete(name);
      return failure.reply;
    }
    const first = /using only these colours: ([^,.\n]+)/.exec(prompt)?.[1]?.trim() ?? '';
    return { json: imagesResponse(await artworkIn(first)) };
  }

  const server = await startOpenAIServer((request) => {
    if (request.method === 'POST' && request.path === '/v1/chat/completions') return answerConcepts(request);
    if (request.method === 'POST' && request.path === '/v1/images/generations') return answerArtwork(request);
    return { status: 404, json: openAIError(`No route ${request.method} ${request.path}`) };
  });

  return {
    env: { OPENAI_API_KEY: MODEL_API_KEY, OPENAI_BASE_URL: server.baseURL },
    artwork,
    artworkAsks: (name) => artwork.filter((ask) => ask.name === name).length,
    conceptsFor(marker, answer) {
      scripted.push({ marker, answer });
    },
    failArtwork(name, reply, times = 1) {
      failures.set(name, { reply, left: times });
    },
    holdArtwork(name) {
      let reached: () => void = () => {};
      let release: () => void = () => {};
      const arrived = new Promise<void>((resolve) => {
        reached = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      releases.add(release);
      holds.set(name, { reached, released, release });
      return { reached: arrived, release };
    },
    async close() {
      for (const release of releases) release();
      await server.close();
    },
  };
}
