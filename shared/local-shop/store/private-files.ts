import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { InvalidImageError } from './image-files.ts';

/**
 * The shop's own files that shoppers never see (the print files behind `custom.print_file`), in
 * `{dataDir}/shop/files/`, apart from the product images: nothing under /cdn/shop/files/ can reach
 * them. Named by the SHA-256 of their bytes and written under a temporary name then renamed, like
 * the images, so a crash before the product's commit leaves only a harmless orphan.
 */

/** The only names ever stored or read: a lowercase hex digest and `.png`. */
export const PRIVATE_FILE_NAME = /^[0-9a-f]{64}\.png$/;

/** A 4500×5400 print PNG of detailed artwork runs to tens of MB. */
export const MAX_PRIVATE_FILE_BYTES = 100 * 1024 * 1024;
const MAX_SIDE = 20_000;

export interface StoredPrivateFile {
  file: string;
  size: number;
  width: number;
  height: number;
}

export class PrivateFiles {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** Absolute path of a stored file; throws on any name that is not a content-addressed file name. */
  pathOf(file: string): string {
    if (!PRIVATE_FILE_NAME.test(file)) throw new InvalidImageError(`Not a stored file name: ${JSON.stringify(file)}`);
    return path.join(this.dir, file);
  }

  /** Checks the bytes are a PNG of sane size, then stores them once. */
  async put(bytes: Uint8Array): Promise<StoredPrivateFile> {
    if (bytes.byteLength === 0) throw new InvalidImageError('The file is empty');
    if (bytes.byteLength > MAX_PRIVATE_FILE_BYTES)
      throw new InvalidImageError(`The file is larger than ${MAX_PRIVATE_FILE_BYTES / 1024 / 1024} MB`);
    let metadata: Metadata;
    try {
      metadata = await sharp(bytes).metadata();
    } catch {
      throw new InvalidImageError('The file is not a readable PNG');
    }
    const { format, width, height } = metadata;
    if (format !== 'png') throw new InvalidImageError(`The file is ${format ?? 'not an image'}, not a PNG`);
    if (!width || !height || width > MAX_SIDE || height > MAX_SIDE)
      throw new InvalidImageError(`Unsupported image size ${width ?? '?'}×${height ?? '?'} (at most ${MAX_SIDE} px a side)`);
    const file = `${createHash('sha256').update(bytes).digest('hex')}.png`;
    const target = path.join(this.dir, file);
    if (!fs.existsSync(target)) {
      await fs.promises.mkdir(this.dir, { recursive: true });
      const temp = path.join(this.dir, `.incoming-${process.pid}-${randomBytes(6).toString('hex')}`);
      await fs.promises.writeFile(temp, bytes);
      await fs.promises.rename(temp, target);
    }
    return { file, size: bytes.byteLength, width, height };
  }
}
