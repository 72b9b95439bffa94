import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../usage-error.ts';
import type { ErrorKind } from '../../shared/common/index.ts';

/**
 * Where a run's designs go: `--out DIR` when given, otherwise a new folder per run,
 * `{DATA_DIR}/generated/{UTC timestamp}` (e.g. .data/generated/2026-11-05T14-03-22Z), so runs never
 * overwrite each other and the files sit next to the embedded shop's data.
 */

export class OutDirError extends Error {
  readonly kind: ErrorKind = 'internal';
  override name = 'OutDirError';
}

function stamp(now: Date): string {
  return `${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
}

/** The folder to use; nothing is created yet (a configuration error should leave no empty folder). */
export function chooseOutDir(out: string | undefined, dataDir: string, now: Date = new Date()): string {
  if (out !== undefined) {
    const dir = path.resolve(out);
    if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) throw new UsageError(`--out ${out} is a file, not a folder`);
    return dir;
  }
  const base = path.join(dataDir, 'generated', stamp(now));
  let dir = base;
  // Two runs in the same second get -2, -3…
  for (let n = 2; fs.existsSync(dir); n++) dir = `${base}-${n}`;
  return dir;
}

export async function createOutDir(dir: string, fromFlag: boolean): Promise<void> {
  try {
    await fs.promises.mkdir(dir, { recursive: true });
    await fs.promises.access(dir, fs.constants.W_OK);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    const message = `Cannot write designs to ${dir} (${reason})`;
    throw fromFlag ? new UsageError(`--out: ${message}`) : new OutDirError(`${message}; set DATA_DIR or pass --out`);
  }
}
