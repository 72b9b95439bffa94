import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** Node child processes for the multi-process tests, on this same Node (24, which runs .ts directly). */

export const SUPPORT_DIR = path.dirname(new URL(import.meta.url).pathname);
export const REPO_ROOT = path.resolve(SUPPORT_DIR, '..', '..');

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** `env` replaces the environment when given (default: this process's). */
export function spawnNode(args: string[], options: { env?: NodeJS.ProcessEnv } = {}): ChildProcess {
  return spawn(process.execPath, args, { cwd: REPO_ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Every setting that would point a child at a real OpenAI account, a configured Shopify store,
 * another shop, data directory or port, and everything a test runner or CI sets (vitest sets DEV,
 * MODE, NODE_ENV=test; CI, NO_COLOR and FORCE_COLOR change what commands print).
 */
const NOT_INHERITED =
  /^(OPENAI_|SHOPIFY_|STOREFRONT_|LOCAL_SHOP_|SITE_|GENERATOR_|STAFF_|SMTP_|VITEST)|^(DEPLOY_HOOK_URL|DESIGN_RETENTION_DAYS|DATA_DIR|HOST|PORT|NODE_ENV|TEST|DEV|PROD|MODE|SSR|BASE_URL|CI|NO_COLOR|FORCE_COLOR|TRUST_PROXY|MAIL_FROM)$/;

/** This process's environment without any of those settings, plus `extra` (which wins). */
export function isolatedEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!NOT_INHERITED.test(name)) env[name] = value;
  return { ...env, ...extra };
}

export function finished(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** Resolves with the first match of `pattern` in what `stream` printed; rejects if the process ends first. */
export function waitForOutput(child: ChildProcess, stream: 'stdout' | 'stderr', pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = text.match(pattern);
      if (match) {
        child[stream]?.off('data', onData);
        child.off('close', onClose);
        resolve(match);
      }
    };
    const onClose = (code: number | null) => reject(new Error(`the process ended (${code}) before ${stream} matched ${pattern}:\n${text}`));
    child[stream]?.on('data', onData);
    child.once('close', onClose);
  });
}
