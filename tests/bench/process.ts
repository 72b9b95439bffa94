import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../support/child-process.ts';

/** Child processes for the benchmark: timed, bounded, with their output kept for error messages. */

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  timeoutMs?: number;
  /** Each output line as it arrives (progress for long steps). */
  onLine?: (line: string) => void;
}

export function run(
  command: string,
  args: readonly string[],
  { env = process.env, cwd = REPO_ROOT, timeoutMs = 600_000, onLine }: RunOptions = {},
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const lines = (chunk: Buffer) => {
      if (onLine) for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) onLine(line);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      lines(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      lines(chunk);
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${path(command)} ${args.join(' ')} did not finish within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

function path(command: string): string {
  return command === process.execPath ? 'node' : command;
}

/** The last non-empty lines of a process's output: enough to say why it failed. */
export function tail(text: string, count = 5): string {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-count)
    .join(' / ');
}

/** Runs and insists on exit code 0. */
export async function runOk(command: string, args: readonly string[], options: RunOptions = {}): Promise<Ran> {
  const ran = await run(command, args, options);
  if (ran.code !== 0) throw new Error(`${path(command)} ${args.join(' ')} exited with ${ran.code}: ${tail(ran.stderr || ran.stdout)}`);
  return ran;
}
