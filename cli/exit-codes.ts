/** The command's exit statuses; scripts and CI rely on them, so --help and the README list them. */

export const EXIT_OK = 0;
/** The run failed as a whole: no concepts, or an error that stopped everything. */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
/** The run finished but some products failed (design or publishing), or another publisher took one. */
export const EXIT_PARTIAL = 3;
/** 128 + the signal number, as shells report a process stopped by that signal. */
export const EXIT_SIGINT = 130;
export const EXIT_SIGTERM = 143;

export function exitCodeForSignal(signal: NodeJS.Signals): number {
  return signal === 'SIGTERM' ? EXIT_SIGTERM : EXIT_SIGINT;
}

export const EXIT_CODES_HELP = [
  'Exit codes:',
  '  0    every product is ready (and published, with --publish)',
  '  1    the run failed (no concepts, or a fatal error)',
  '  2    usage or configuration error',
  '  3    some products failed (design or publishing), or another publisher took',
  '       one; the rest are kept',
  '  130  stopped by Ctrl-C (SIGINT), 143 by SIGTERM; finished designs are kept',
].join('\n');
