import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every file under `dir`, recursively, leaving out node_modules (a builds root outside the project links the project's). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (entry === 'node_modules') return [];
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}
