import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_FILE_NAME, type ImageExtension, type ImageFiles } from './image-files.ts';

/**
 * Resized and re-encoded copies of stored images, like Shopify's CDN `width`/`height`/`format`
 * parameters: made with sharp on first request, kept on disk next to the originals, never enlarged.
 * Concurrent requests for the same copy share one encode.
 */

export const MIN_IMAGE_SIDE = 16;
export const MAX_IMAGE_SIDE = 4096;

export interface ImageVariantRequest {
  width: number | undefined;
  height: number | undefined;
  format: ImageExtension;
}

const inflight = new Map<string, Promise<string>>();

/** A requested side in pixels, clamped to sane bounds; undefined when absent or not a number. */
export function clampSide(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return undefined;
  const value = Number(raw);
  if (value === 0) return undefined;
  return Math.min(Math.max(value, MIN_IMAGE_SIDE), MAX_IMAGE_SIDE);
}

async function encode(source: string, target: string, request: ImageVariantRequest): Promise<void> {
  let pipeline = sharp(source).rotate();
  if (request.width || request.height) {
    pipeline = pipeline.resize({ width: request.width, height: request.height, fit: 'inside', withoutEnlargement: true });
  }
  if (request.format === 'webp') pipeline = pipeline.webp({ quality: 82 });
  else if (request.format === 'jpg') pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 84, progressive: true });
  else pipeline = pipeline.png({ compressionLevel: 8 });
  const temp = path.join(path.dirname(target), `.incoming-${process.pid}-${randomBytes(6).toString('hex')}`);
  try {
    await pipeline.toFile(temp);
    await fs.promises.rename(temp, target);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
}

/** Path of the file to serve for `file` under `request` (the original itself when nothing changes). */
export async function imageVariantPath(files: ImageFiles, file: string, request: ImageVariantRequest): Promise<string> {
  const match = IMAGE_FILE_NAME.exec(file);
  if (!match) throw new Error(`Not an image file name: ${JSON.stringify(file)}`);
  const [, hash, ext] = match;
  const original = files.pathOf(file);
  if (!request.width && !request.height && request.format === ext) return original;
  const target = path.join(files.cacheDir, `${hash}-w${request.width ?? 0}-h${request.height ?? 0}.${request.format}`);
  if (fs.existsSync(target)) return target;
  let pending = inflight.get(target);
  if (!pending) {
    pending = encode(original, target, request)
      .then(() => target)
      .finally(() => inflight.delete(target));
    inflight.set(target, pending);
  }
  return pending;
}
