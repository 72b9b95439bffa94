import { spawn } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from './build-dirs.ts';
import type { ErrorKind } from '../../shared/common/index.ts';

/**
 * Runs `astro build` in a child process, so a failing build (or one that runs out of memory)
 * cannot take the serving process down with it.
 */

/** Settings the build never needs; kept out of its environment so no page can ever carry them. */
const SECRETS = ['SHOPIFY_ADMIN_TOKEN', 'OPENAI_API_KEY', 'DEPLOY_HOOK_URL', 'STAFF_AUTH_SECRET', 'SMTP_URL'] as const;

/** Names Vite gives `import.meta.env` itself; a value inherited from a parent (a test runner sets DEV=1) would win. */
const VITE_RESERVED = ['DEV', 'PROD', 'MODE', 'SSR', 'BASE_URL', 'SITE', 'ASSETS_PREFIX'] as const;

export class SiteBuildError extends Error {
  readonly kind: ErrorKind = 'internal';
  override name = 'SiteBuildError';
}

export interface AstroBuildOptions {
  outDir: string;
  env?: NodeJS.ProcessEnv;
  /** Every line the build prints (default: dropped). */
  onLine?: (line: string) => void;
  /** Stops the build (the child is killed) when aborted. */
  signal?: AbortSignal;
}

/**
 * The line that says why a build failed. Astro prints the error message flush left, after its
 * time-stamped progress lines; indented lines under it are location, hint and stack details.
 */
export function failureReason(lines: readonly string[]): string {
  const messages = lines
    .map((line) => line.replace(/\x1b\[[0-9;]*m/g, '').trimEnd())
    .filter((line) => /^\S/.test(line) && !/^\d\d:\d\d:\d\d /.test(line) && !/^npm (warn|notice)/i.test(line));
  return messages.at(-1) ?? 'astro build failed without saying why';
}

/** The build's environment: the caller's, minus every secret and Vite's reserved names, set for a production build into `outDir`. */
export function buildEnvironment(env: NodeJS.ProcessEnv, outDir: string): NodeJS.ProcessEnv {
  // A production build whatever the caller's NODE_ENV (a test runner sets `test`, which Vite honours).
  const childEnv: NodeJS.ProcessEnv = {
    ...env,
    NODE_ENV: 'production',
    SITE_OUT_DIR: outDir,
    ASTRO_TELEMETRY_DISABLED: '1',
    FORCE_COLOR: '0',
  };
  for (const name of [...SECRETS, ...VITE_RESERVED]) delete childEnv[name];
  return childEnv;
}

export function astroBuild({ outDir, env = process.env, onLine, signal }: AstroBuildOptions): Promise<void> {
  const childEnv = buildEnvironment(env, outDir);
  const astro = path.join(PROJECT_ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const child = spawn(process.execPath, [astro, 'build'], { cwd: PROJECT_ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], signal });
  const tail: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      onLine?.(line);
      tail.push(line);
      if (tail.length > 40) tail.shift();
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise<void>((resolve, reject) => {
    child.once('error', (error) => {
      if (signal?.aborted) reject(new SiteBuildError('The site build was cancelled'));
      else reject(new SiteBuildError(`Could not run astro build: ${error.message}`));
    });
    child.once('close', (code, killedBy) => {
      if (signal?.aborted) reject(new SiteBuildError('The site build was cancelled'));
      else if (code === 0) resolve();
      else reject(new SiteBuildError(`The site build failed: ${killedBy ? `stopped by ${killedBy}` : failureReason(tail)}`));
    });
  });
}
