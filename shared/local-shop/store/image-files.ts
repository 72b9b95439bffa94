import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { ErrorKind } from '../../common/index.ts';

/**
 * Product images on disk, named by the SHA-256 of their bytes. A file is written under a temporary
 * name and renamed into place, so a reader never sees half an image and an orphan (a product write
 * that crashed before its commit) is harmless.
 */

export const IMAGE_CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
export type ImageExtension = keyof typeof IMAGE_CONTENT_TYPES;

/** The only names ever served: a lowercase hex digest and a known extension. */
export const IMAGE_FILE_NAME = /^([0-9a-f]{64})\.(png|jpg|webp)$/;

export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
const MAX_IMAGE_SIDE = 10_000;

export class InvalidImageError extends Error {
  readonly kind: ErrorKind = 'internal';
  override name = 'InvalidImageError';
}

export interface StoredImage {
  file: string;
  width: number;
  height: number;
}

const FORMAT_EXTENSIONS: Record<string, ImageExtension> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

export function isImageFileName(name: string): boolean {
  return IMAGE_FILE_NAME.test(name);
}

export class ImageFiles {
  readonly dir: string;
  readonly cacheDir: string;

  constructor(dir: string) {
    this.dir = dir;
    this.cacheDir = path.join(dir, 'resized');
    fs.mkdirSync(this.cacheDir, { recursive: true });
  }

  /** Absolute path of a stored original; throws on any name that is not a content-addressed file name. */
  pathOf(file: string): string {
    if (!isImageFileName(file)) throw new InvalidImageError(`Not an image file name: ${JSON.stringify(file)}`);
    return path.join(this.dir, file);
  }

  /** Checks the bytes are a PNG, JPEG or WebP image of sane size, then stores them once. */
  async put(bytes: Uint8Array): Promise<StoredImage> {
    if (bytes.byteLength === 0) throw new InvalidImageError('The image is empty');
    if (bytes.byteLength > MAX_IMAGE_BYTES) throw new InvalidImageError(`The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
    let format: string | undefined;
    let width: number | undefined;
    let height: number | undefined;
    try {
      ({ format, width, height } = await sharp(bytes).metadata());
    } catch {
      throw new InvalidImageError('The image bytes are not a readable image');
    }
    const ext = format ? FORMAT_EXTENSIONS[format] : undefined;
    if (!ext) throw new InvalidImageError(`Unsupported image format ${format ?? 'unknown'} (PNG, JPEG or WebP only)`);
    if (!width || !height || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
      throw new InvalidImageError(`Unsupported image size ${width ?? '?'}×${height ?? '?'} (at most ${MAX_IMAGE_SIDE} px a side)`);
    }
    const file = `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
    const target = path.join(this.dir, file);
    if (!fs.existsSync(target)) {
      const temp = path.join(this.dir, `.incoming-${process.pid}-${randomBytes(6).toString('hex')}`);
      await fs.promises.writeFile(temp, bytes);
      await fs.promises.rename(temp, target);
    }
    return { file, width, height };
  }
}
