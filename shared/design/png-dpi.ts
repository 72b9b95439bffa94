/** Print resolution metadata: a pHYs chunk spliced into an existing PNG (resvg writes none). */
import { crc32 } from 'node:zlib';

const PNG_SIGNATURE_LENGTH = 8;
/** Signature, then IHDR: length (4) + type (4) + 13 bytes of data + CRC (4). */
const AFTER_IHDR = PNG_SIGNATURE_LENGTH + 4 + 4 + 13 + 4;
const INCH_IN_METRES = 0.0254;

/** Pixels per metre for a DPI, as PNG stores it (300 DPI is 11811). */
export function pixelsPerMetre(dpi: number): number {
  return Math.round(dpi / INCH_IN_METRES);
}

function phys(dpi: number): Buffer {
  const chunk = Buffer.alloc(4 + 4 + 9 + 4);
  const ppm = pixelsPerMetre(dpi);
  chunk.writeUInt32BE(9, 0);
  chunk.write('pHYs', 4, 'latin1');
  chunk.writeUInt32BE(ppm, 8);
  chunk.writeUInt32BE(ppm, 12);
  chunk.writeUInt8(1, 16); // unit: metre
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 17)), 17);
  return chunk;
}

/** Chunk types after IHDR up to the first IDAT (where pHYs may legally appear). */
function chunkTypesBeforeData(png: Buffer): string[] {
  const types: string[] = [];
  let offset = AFTER_IHDR;
  while (offset + 8 <= png.length) {
    const type = png.toString('latin1', offset + 4, offset + 8);
    if (type === 'IDAT') break;
    types.push(type);
    offset += 12 + png.readUInt32BE(offset);
  }
  return types;
}

/**
 * The PNG with a pHYs chunk right after IHDR (so before any IDAT, as the format requires), without
 * decoding or re-encoding the image data. An existing pHYs is an error: it would be ambiguous.
 */
export function withDpi(png: Buffer, dpi: number): Buffer {
  if (png.length < AFTER_IHDR || png.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('Not a PNG: IHDR is not the first chunk.');
  }
  if (chunkTypesBeforeData(png).includes('pHYs')) throw new Error('PNG already has a pHYs chunk.');
  return Buffer.concat([png.subarray(0, AFTER_IHDR), phys(dpi), png.subarray(AFTER_IHDR)]);
}
