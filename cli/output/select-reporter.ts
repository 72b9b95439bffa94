import { createJsonReporter } from './json-reporter.ts';
import { createPlainReporter } from './plain-reporter.ts';
import type { Reporter } from './reporter.ts';
import { createTtyReporter } from './tty-reporter.ts';

/** Which reporter a run gets: --json wins; a spinner only on an interactive terminal; plain lines otherwise. */

function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** A terminal a person is watching: stdout is a TTY and neither CI, NO_COLOR nor TERM=dumb says otherwise. */
export function isInteractive(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): boolean {
  // A pseudo-terminal with no size (columns 0) sends ora's line clearing into an endless loop.
  const sized = (stream.columns ?? 0) > 0;
  return stream.isTTY === true && sized && !isSet(env.CI) && !(env.NO_COLOR !== undefined && env.NO_COLOR !== '') && env.TERM !== 'dumb';
}

export function selectReporter(options: { json: boolean }, env: NodeJS.ProcessEnv = process.env): Reporter {
  if (options.json) return createJsonReporter(process.stdout, process.stderr);
  if (isInteractive(process.stdout, env)) return createTtyReporter(process.stdout, process.stderr);
  return createPlainReporter({ out: process.stdout, err: process.stderr, table: true });
}
