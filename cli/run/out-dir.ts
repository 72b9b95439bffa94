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

function reasonOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
}

/** Folders claimed by chooseOutDir that createOutDir has not taken yet, each with the first folder made to hold it. */
const claimed = new Map<string, string | undefined>();
let releasingAtExit = false;

/**
 * A claimed folder the run never took (a configuration error came first) is removed when the process
 * ends, with the folders made for it if they are empty, so such an error leaves nothing behind.
 */
function releaseClaims(): void {
  for (const [dir, firstMade] of claimed) {
    try {
      fs.rmdirSync(dir);
      if (firstMade === undefined) continue;
      for (let parent = path.dirname(dir); ; parent = path.dirname(parent)) {
        fs.rmdirSync(parent);
        if (parent === firstMade || path.dirname(parent) === parent) break;
      }
    } catch {
      // Not empty (another run's folder is there now) or already gone: left as it is.
    }
  }
  claimed.clear();
}

/**
 * The folder to use. `--out` is only checked here: createOutDir makes it later, so a configuration
 * error leaves no empty folder. Without `--out` the run claims a new folder at once, by making it
 * (mkdir of the folder itself, which fails when it exists): of runs started in the same second
 * each gets its own, the others moving on to -2, -3…, where checking for the name and making it later
 * let two runs pick the same folder. A claim createOutDir does not take is undone at exit.
 */
export function chooseOutDir(out: string | undefined, dataDir: string, now: Date = new Date()): string {
  if (out !== undefined) {
    const dir = path.resolve(out);
    if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) throw new UsageError(`--out ${out} is a file, not a folder`);
    return dir;
  }
  const base = path.join(path.resolve(dataDir), 'generated', stamp(now));
  const parent = path.dirname(base);
  try {
    let firstMade = fs.mkdirSync(parent, { recursive: true });
    for (let n = 1, remade = 0; ; n++) {
      const dir = n === 1 ? base : `${base}-${n}`;
      try {
        fs.mkdirSync(dir);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') continue;
        // Another run giving up its claim at exit removed the empty parent just now: make it again, same name.
        if (code === 'ENOENT' && remade++ < 3) {
          firstMade = fs.mkdirSync(parent, { recursive: true }) ?? firstMade;
          n--;
          continue;
        }
        throw error;
      }
      claimed.set(dir, firstMade);
      if (!releasingAtExit) process.once('exit', releaseClaims);
      releasingAtExit = true;
      return dir;
    }
  } catch (error) {
    throw new OutDirError(`Cannot write designs to ${base} (${reasonOf(error)}); set DATA_DIR or pass --out`);
  }
}

/** Makes the folder (`--out`) or takes over the one chooseOutDir claimed, and checks it can be written. */
export async function createOutDir(dir: string, fromFlag: boolean): Promise<void> {
  claimed.delete(dir);
  try {
    await fs.promises.mkdir(dir, { recursive: true });
    await fs.promises.access(dir, fs.constants.W_OK);
  } catch (error) {
    const message = `Cannot write designs to ${dir} (${reasonOf(error)})`;
    throw fromFlag ? new UsageError(`--out: ${message}`) : new OutDirError(`${message}; set DATA_DIR or pass --out`);
  }
}
