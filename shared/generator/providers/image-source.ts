import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { request, type Dispatcher } from 'undici';
import { isPng, sniffFormat } from '../../design/index.ts';
import type { ErrorKind } from '../../common/index.ts';

/**
 * The bytes of a design image named by URL (http(s):, file: or a data: URL), checked to be a PNG of
 * bounded size. Both publishers read designs this way, whichever design store wrote them.
 */

export const MAX_DESIGN_IMAGE_BYTES = 25 * 1024 * 1024;

export class ImageSourceError extends Error {
  readonly kind: ErrorKind = 'internal';
  override name = 'ImageSourceError';
}

export interface ImageSourceOptions {
  /** What the image is, in messages ("design image", "print file"). */
  what?: string;
  maxBytes?: number;
  timeoutMs?: number;
  dispatcher?: Dispatcher;
  signal?: AbortSignal | undefined;
}

/** The URL without query or fragment, so a signed URL's secret never reaches a message. */
export function displayUrl(url: URL): string {
  if (url.protocol === 'data:') return 'a data: URL';
  return `${url.protocol}//${url.host}${url.pathname}`;
}

function checked(bytes: Uint8Array, where: string, max: number, what: string): Uint8Array {
  if (bytes.byteLength > max) throw new ImageSourceError(`The ${what} at ${where} is larger than ${Math.round(max / 1024 / 1024)} MB`);
  if (!isPng(bytes)) throw new ImageSourceError(`The ${what} at ${where} is not a PNG (${sniffFormat(bytes)})`);
  return bytes;
}

async function fromHttp(
  url: URL,
  where: string,
  opts: Required<Pick<ImageSourceOptions, 'maxBytes' | 'timeoutMs' | 'what'>> & ImageSourceOptions,
): Promise<Uint8Array> {
  const { what } = opts;
  let response;
  try {
    response = await request(url, {
      method: 'GET',
      signal: opts.signal,
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
      ...(opts.dispatcher ? { dispatcher: opts.dispatcher } : {}),
    });
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    const code = error instanceof Error ? ((error as { code?: unknown }).code ?? error.message) : String(error);
    throw new ImageSourceError(`Could not fetch the ${what} from ${where} (${String(code)})`);
  }
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw new ImageSourceError(`Could not fetch the ${what} from ${where} (HTTP ${response.statusCode})`);
  }
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.maxBytes) {
    await response.body.dump();
    throw new ImageSourceError(`The ${what} at ${where} is larger than ${Math.round(opts.maxBytes / 1024 / 1024)} MB`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    const buffer = chunk as Buffer;
    size += buffer.byteLength;
    // Stop reading as soon as the limit is passed, whatever the headers claimed.
    if (size > opts.maxBytes) {
      response.body.destroy();
      throw new ImageSourceError(`The ${what} at ${where} is larger than ${Math.round(opts.maxBytes / 1024 / 1024)} MB`);
    }
    chunks.push(buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

async function fromFile(url: URL, where: string, maxBytes: number, what: string): Promise<Uint8Array> {
  const file = fileURLToPath(url);
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) throw new ImageSourceError(`The ${what} ${where} is not a file`);
    if (stat.size > maxBytes) throw new ImageSourceError(`The ${what} at ${where} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
    return new Uint8Array(await fs.readFile(file));
  } catch (error) {
    if (error instanceof ImageSourceError) throw error;
    const code = (error as { code?: unknown }).code;
    throw new ImageSourceError(
      code === 'ENOENT' ? `The ${what} file does not exist: ${where}` : `Could not read the ${what} ${where} (${String(code ?? 'error')})`,
    );
  }
}

function fromDataUrl(url: URL, what: string): Uint8Array {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=\s]+)$/i.exec(url.href);
  if (!match) throw new ImageSourceError(`The ${what} data: URL must be a base64 image/png`);
  return new Uint8Array(Buffer.from(match[1] ?? '', 'base64'));
}

export async function loadDesignImage(imageUrl: string, options: ImageSourceOptions = {}): Promise<Uint8Array> {
  const opts = { maxBytes: MAX_DESIGN_IMAGE_BYTES, timeoutMs: 30_000, what: 'design image', ...options };
  const { what } = opts;
  let url: URL;
  try {
    url = new URL(imageUrl);
  } catch {
    throw new ImageSourceError(`The ${what} URL is not a valid URL`);
  }
  const where = displayUrl(url);
  switch (url.protocol) {
    case 'http:':
    case 'https:':
      return checked(await fromHttp(url, where, opts), where, opts.maxBytes, what);
    case 'file:':
      return checked(await fromFile(url, where, opts.maxBytes, what), where, opts.maxBytes, what);
    case 'data:':
      return checked(fromDataUrl(url, what), where, opts.maxBytes, what);
    default:
      throw new ImageSourceError(`The ${what} URL must be http(s):, file: or data:, not ${url.protocol}`);
  }
}

/** Print files are larger than previews: a 4500×5400 PNG of detailed artwork runs to tens of MB. */
export const MAX_PRINT_FILE_BYTES = 100 * 1024 * 1024;

/** The 4500×5400 print file's bytes, checked the same way (ImageSourceError naming the print file). */
export function loadPrintFile(printUrl: string, options: Omit<ImageSourceOptions, 'what' | 'maxBytes'> = {}): Promise<Uint8Array> {
  return loadDesignImage(printUrl, { ...options, what: 'print file', maxBytes: MAX_PRINT_FILE_BYTES });
}
