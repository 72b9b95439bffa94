/** PNG recognition by its 8-byte signature, for bytes that claim to be a design image. */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length > PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte);
}

/** What the bytes look like instead, for an error message ("JPEG", "HTML", "empty"). */
export function sniffFormat(bytes: Uint8Array): string {
  if (bytes.length === 0) return 'empty';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'JPEG';
  if (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46) return 'GIF';
  if (bytes[0] === 0x52 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x46) return 'RIFF/WebP';
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 64)).trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'HTML';
  if (head.startsWith('{') || head.startsWith('[')) return 'JSON';
  if (head.startsWith('<svg') || head.startsWith('<?xml')) return 'SVG/XML';
  return 'not an image format we know';
}
