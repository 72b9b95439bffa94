import { createHash } from 'node:crypto';

/** The CSP source for an inline script or style: `sha256-` and the base64 digest of its exact text. */
export function cspHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;
}
