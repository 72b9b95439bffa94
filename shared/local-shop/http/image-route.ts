import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { IMAGE_CONTENT_TYPES, IMAGE_FILE_NAME, type ImageExtension } from '../store/image-files.ts';
import { IMAGE_CROPS, clampSide, imageVariant, type ImageCrop, type ImageVariant } from '../store/image-variants.ts';
import type { LocalShopStore } from '../store/store.ts';
import { IMAGE_PATH_PREFIX } from '../urls.ts';
import { BASE_HEADERS, sendText } from './responses.ts';

/**
 * `GET /cdn/shop/files/{sha256}.{ext}` with Shopify CDN-style `width`, `height` and `format`
 * parameters (WebP also when the browser's Accept asks for it); sizes snap up to a fixed set of
 * widths, so the copies on disk stay bounded. Only exact content-addressed names that a product uses
 * are served, so no path can reach outside the image folder. URLs never change content, hence a year
 * of immutable caching.
 */

const FORMAT_PARAMS: Record<string, ImageExtension> = { webp: 'webp', png: 'png', jpg: 'jpg', pjpg: 'jpg', jpeg: 'jpg' };

/** The file's size in bytes, or null when there is no such file. */
async function sizeOf(file: string): Promise<number | null> {
  try {
    return (await fs.promises.stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function handleImage(
  req: IncomingMessage,
  res: ServerResponse,
  rawPath: string,
  query: URLSearchParams,
  store: LocalShopStore,
  onInternalError: (error: unknown) => void,
): Promise<void> {
  const headOnly = req.method === 'HEAD';
  const name = rawPath.slice(IMAGE_PATH_PREFIX.length);
  const match = IMAGE_FILE_NAME.exec(name);
  const record = match ? store.imageByFile(name) : null;
  const original = record ? store.images.pathOf(name) : null;
  const originalSize = original ? await sizeOf(original) : null;
  if (!match || !record || originalSize === null) {
    sendText(res, 404, 'Image not found', {}, headOnly);
    return;
  }
  const originalExt = match[2] as ImageExtension;
  const accepts = req.headers.accept ?? '';
  const format = FORMAT_PARAMS[query.get('format') ?? ''] ?? (/\bimage\/webp\b/i.test(accepts) ? 'webp' : originalExt);
  const width = clampSide(query.get('width'));
  const height = clampSide(query.get('height'));
  const cropParam = query.get('crop');
  const crop = IMAGE_CROPS.includes(cropParam as ImageCrop) ? (cropParam as ImageCrop) : undefined;

  let variant: ImageVariant;
  try {
    variant = await imageVariant(store.images, name, record, { width, height, format, crop });
  } catch (error) {
    onInternalError(error);
    sendText(res, 500, 'The image could not be prepared', {}, headOnly);
    return;
  }
  const file = variant.file;
  const copy = file === original ? 'original' : path.basename(file, path.extname(file)).slice(match[1]!.length + 1);
  const etag = `"${match[1]!.slice(0, 20)}-${copy}-${format}"`;
  const headers = {
    ...BASE_HEADERS,
    'Content-Type': IMAGE_CONTENT_TYPES[format],
    'Cache-Control': 'public, max-age=31536000, immutable',
    Vary: 'Accept',
    ETag: etag,
    'Access-Control-Allow-Origin': '*',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  // The original was just measured; a resized copy is measured now.
  const size = file === original ? originalSize : (await fs.promises.stat(file)).size;
  res.writeHead(200, { ...headers, 'Content-Length': size });
  if (headOnly) {
    res.end();
    return;
  }
  const stream = fs.createReadStream(file);
  stream.on('error', (error) => {
    onInternalError(error);
    res.destroy();
  });
  stream.pipe(res);
}
