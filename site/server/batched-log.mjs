// Astro's log destination for this project (astro.config.mjs, `logger`): the lines Astro's own Node
// logger prints, in its format, written to the terminal in batches instead of one write per line.
// A build prints two pieces of text per page (its path, then its time); written one by one into a
// pipe, each woke the reading process and took the rendering thread's core from it (5 % of a
// 5,000-product build's main thread, the largest single item in its profile). Plain JavaScript:
// Astro loads a logger before it can read TypeScript.
import { styleText } from 'node:util';

/** Pending text is written this long after its first line at the latest... */
const FLUSH_AFTER_MS = 100;
/** ...or at once when this much is pending. */
const FLUSH_AT_CHARS = 64 * 1024;

const clock = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

/** Colours only where the stream shows them (a terminal, unless NO_COLOR or FORCE_COLOR=0 says otherwise). */
const paint = (format, text, stream) => styleText(format, text, { stream });

export default function batchedLog() {
  let pending = '';
  let timer;
  let second = -1;
  let stamp = '';

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const text = pending;
    pending = '';
    process.stdout.write(text);
  };
  // Whatever is pending when the process ends is written then (writes to a pipe, a file or a terminal are synchronous there).
  process.once('exit', flush);

  /** The time, level and label before a message, as Astro's Node logger writes them. */
  const prefix = ({ level, label }, stream) => {
    const now = Math.floor(Date.now() / 1000);
    if (now !== second) {
      second = now;
      stamp = clock.format(new Date(now * 1000));
    }
    if (level === 'error' || level === 'warn') {
      const parts = [paint('bold', stamp, stream), `[${level.toUpperCase()}]`, ...(label ? [`[${label}]`] : [])].join(' ');
      return paint(level === 'error' ? 'red' : 'yellow', parts, stream);
    }
    return label ? `${paint('dim', stamp, stream)} ${paint('blue', `[${label}]`, stream)}` : paint('dim', stamp, stream);
  };

  return {
    write(event) {
      // Errors to standard error, the rest (warnings too) to standard output, as Astro's Node logger does.
      const stream = event.level === 'error' ? process.stderr : process.stdout;
      const text = `${event.label === 'SKIP_FORMAT' ? event.message : `${prefix(event, stream)} ${event.message}`}${event.newLine ? '\n' : ''}`;
      if (stream === process.stderr) {
        // An error follows the lines before it, at once.
        flush();
        process.stderr.write(text);
        return true;
      }
      pending += text;
      if (pending.length >= FLUSH_AT_CHARS) flush();
      else timer ??= setTimeout(flush, FLUSH_AFTER_MS).unref();
      return true;
    },
    flush,
    close: flush,
  };
}
