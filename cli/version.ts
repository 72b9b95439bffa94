import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's version for --version, read from the nearest package.json above this module: that
 * is ../package.json in a checkout and ../../package.json in the compiled lib/ of an installed package.
 */
export function packageVersion(from: string = import.meta.url): string {
  let dir = path.dirname(fileURLToPath(from));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      const version = typeof parsed === 'object' && parsed !== null && 'version' in parsed ? parsed.version : undefined;
      return typeof version === 'string' ? version : 'unknown';
    }
    const parent = path.dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}
