import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_FILE_NAME, type ImageExtension, type ImageFiles } from './image-files.ts';

/**
 * Resized and re-encoded copies of stored images, like Shopify's CDN `width`/`height`/`format`
 * parameters: made with sharp on first request, kept on disk next to the originals, never enlarged.
 * Every copy is made at one of a fixed set of widths (a request snaps up to the next one), so however
 * many distinct sizes are asked for, an image has at most a few dozen copies on disk.
 * Concurrent requests for the same copy share one encode.
 */

export const MIN_IMAGE_SIDE = 16;
export const MAX_IMAGE_SIDE = 4096;

/** The widths copies are made at: the site's srcset widths (240 to 1400) and the usual others. */
export const IMAGE_COPY_WIDTHS = [
  16, 32, 48, 64, 96, 128, 160, 200, 240, 300, 360, 400, 480, 540, 600, 640, 720, 800, 960, 1080, 1200, 1400, 1600, 1920, 2048, 2400, 2880,
  3200, 3840, 4096,
] as const;

export const IMAGE_CROPS = ['center', 'top', 'bottom', 'left', 'right'] as const;
export type ImageCrop = (typeof IMAGE_CROPS)[number];

export interface ImageVariantRequest {
  width: number | undefined;
  height: number | undefined;
  format: ImageExtension;
  /** With both width and height: fill exactly that box, cutting from this side (Shopify's `crop`). */
  crop?: ImageCrop | undefined;
}

/** Crops keep the asked aspect ratio to 2 decimals, between these bounds, so copies on disk stay bounded. */
const MIN_CROP_RATIO = 0.1;
const MAX_CROP_RATIO = 10;

/** The exact box of a cropped copy: the width snapped up like every copy (never past what the original holds), the height from the ratio. */
export function cropBox(original: ImageSize, width: number, height: number): ImageSize {
  const ratio = Math.min(Math.max(Math.round((height / width) * 100) / 100, MIN_CROP_RATIO), MAX_CROP_RATIO);
  const widest = Math.floor(Math.min(original.width, original.height / ratio));
  const snapped = IMAGE_COPY_WIDTHS.find((w) => w >= width) ?? widest;
  const boxWidth = Math.max(1, Math.min(snapped, widest));
  return { width: boxWidth, height: Math.max(1, Math.round(boxWidth * ratio)) };
}

export interface ImageSize {
  width: number;
  height: number;
}

const inflight = new Map<string, Promise<string>>();

/** A requested side in pixels, clamped to sane bounds; undefined when absent or not a number. */
export function clampSide(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return undefined;
  const value = Number(raw);
  if (value === 0) return undefined;
  return Math.min(Math.max(value, MIN_IMAGE_SIDE), MAX_IMAGE_SIDE);
}

/**
 * The width of the copy that answers `request` for an image of `original` size: the box the request
 * asks for (fit inside, never enlarged) snapped up to the next of IMAGE_COPY_WIDTHS; undefined when
 * the answer is the original size.
 */
export function copyWidth(original: ImageSize, request: Pick<ImageVariantRequest, 'width' | 'height'>): number | undefined {
  const scales = [1];
  if (request.width) scales.push(request.width / original.width);
  if (request.height) scales.push(request.height / original.height);
  const wanted = Math.ceil(original.width * Math.min(...scales));
  const snapped = IMAGE_COPY_WIDTHS.find((width) => width >= wanted);
  return snapped === undefined || snapped >= original.width ? undefined : snapped;
}

async function encode(
  source: string,
  target: string,
  width: number | undefined,
  format: ImageExtension,
  crop?: ImageSize & { side: ImageCrop },
): Promise<void> {
  let pipeline = sharp(source).rotate();
  if (crop)
    pipeline = pipeline.resize({
      width: crop.width,
      height: crop.height,
      fit: 'cover',
      position: crop.side === 'center' ? 'centre' : crop.side,
    });
  else if (width) pipeline = pipeline.resize({ width, withoutEnlargement: true });
  if (format === 'webp') pipeline = pipeline.webp({ quality: 82 });
  else if (format === 'jpg') pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 84, progressive: true });
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

export interface ImageVariant {
  /** The file to serve: the original itself when nothing changes. */
  file: string;
  /** The copy's width from IMAGE_COPY_WIDTHS, undefined for the original size. */
  width: number | undefined;
}

/** The file that answers `request` for the stored image `file` of `size`, made on first request. */
export async function imageVariant(files: ImageFiles, file: string, size: ImageSize, request: ImageVariantRequest): Promise<ImageVariant> {
  const match = IMAGE_FILE_NAME.exec(file);
  if (!match) throw new Error(`Not an image file name: ${JSON.stringify(file)}`);
  const [, hash, ext] = match;
  const original = files.pathOf(file);
  if (request.crop && request.width && request.height) {
    const box = cropBox(size, request.width, request.height);
    const target = path.join(files.cacheDir, `${hash}-w${box.width}-h${box.height}-${request.crop}.${request.format}`);
    return {
      file: await make(target, () => encode(original, target, undefined, request.format, { ...box, side: request.crop! })),
      width: box.width,
    };
  }
  const width = copyWidth(size, request);
  if (!width && request.format === ext) return { file: original, width };
  const target = path.join(files.cacheDir, `${hash}-w${width ?? 0}.${request.format}`);
  return { file: await make(target, () => encode(original, target, width, request.format)), width };
}

/** The copy at `target`, encoded once however many requests want it at the same time. */
async function make(target: string, run: () => Promise<void>): Promise<string> {
  if (fs.existsSync(target)) return target;
  let pending = inflight.get(target);
  if (!pending) {
    pending = run()
      .then(() => target)
      .finally(() => inflight.delete(target));
    inflight.set(target, pending);
  }
  return pending;
}
