import { redact, secretsFromEnv } from './redact.ts';

/**
 * The server's and the shop's log: with LOG_FORMAT=json one JSON object per line
 * (`{"time","level","msg",...fields}`) for a log collector, otherwise the readable line alone.
 * Every message and field is redacted before it is written (docs/behaviour/operations.md).
 */

export type LogLevel = 'info' | 'warn' | 'error';
export type LogFormat = 'json' | 'text';
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** `info` as a plain `(line) => void`, for the modules that take a log function. */
  readonly line: (message: string) => void;
}

export interface LoggerOptions {
  format?: LogFormat;
  /** Secret values to redact; default: those in `env`. */
  secrets?: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** Where lines go (default: info to stdout, warnings and errors to stderr). */
  write?: (line: string, level: LogLevel) => void;
  now?: () => Date;
}

function defaultWrite(line: string, level: LogLevel): void {
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}

export function createLogger({
  format = 'text',
  env = process.env,
  secrets = secretsFromEnv(env),
  write = defaultWrite,
  now = () => new Date(),
}: LoggerOptions = {}): Logger {
  function emit(level: LogLevel, message: string, fields: LogFields = {}): void {
    const msg = redact(message, secrets);
    if (format === 'json') {
      const clean: LogFields = {};
      for (const [key, value] of Object.entries(fields)) clean[key] = typeof value === 'string' ? redact(value, secrets) : value;
      write(JSON.stringify({ time: now().toISOString(), level, msg, ...clean }), level);
      return;
    }
    // Readable: each line of a multi-line message stays a line of its own.
    const extra = Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${typeof value === 'string' ? redact(value, secrets) : String(value)}`);
    write(extra.length ? `${msg} (${extra.join(' ')})` : msg, level);
  }
  return {
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
    line: (message) => emit('info', message),
  };
}
