import { styleText } from 'node:util';
import ora from 'ora';
import type { GeneratedProduct } from '../../shared/generator/browser.ts';
import type { RunInfo, RunState } from '../run/run-document.ts';
import type { ProductPhase, Reporter } from './reporter.ts';
import {
  closingLine,
  failureLines,
  productLine,
  publishingLine,
  skippedLine,
  startLines,
  STATUS_COLUMN,
  SUMMARY_COLUMNS,
  summaryRows,
} from './summary.ts';
import { renderTable } from './table.ts';
import { terminalSafe } from './terminal-text.ts';

/**
 * An interactive terminal: an ora spinner carrying the pipeline's progress line, one persisted line
 * per finished product, then a summary table with coloured statuses.
 */

type Colour = Parameters<typeof styleText>[0];

const STATUS_COLOURS: Record<string, Colour> = {
  ready: 'green',
  published: 'green',
  error: 'red',
  pending: 'yellow',
  generating: 'yellow',
};

export function createTtyReporter(stream: NodeJS.WriteStream, errStream: NodeJS.WriteStream): Reporter {
  // Only chosen for a TTY without NO_COLOR/CI (select-reporter.ts), so colours are always wanted here.
  const paint = (colour: Colour, text: string) => styleText(colour, text, { validateStream: false });
  // discardStdin off: Ctrl-C must reach the process as a real SIGINT (signals.ts handles it).
  const spinner = ora({ stream, discardStdin: false, isEnabled: true });
  const line = (text: string) => stream.write(`${text}\n`);
  let shopName = 'Shopify';

  return {
    start(info: RunInfo) {
      for (const text of startLines(info)) line(paint('dim', text));
      spinner.start();
    },
    progress(message: string) {
      spinner.text = terminalSafe(message);
      if (!spinner.isSpinning) spinner.start();
    },
    product(product: GeneratedProduct, phase: ProductPhase, total: number) {
      const text = productLine(product, phase, shopName);
      // The pipeline pauses after each design; say so rather than leave the finished design's line spinning.
      const next = phase === 'design' ? `Designs done: ${product.index + 1}/${total}` : spinner.text;
      if (product.status === 'error') spinner.stopAndPersist({ symbol: paint('red', '✖'), text: paint('red', text) });
      else spinner.stopAndPersist({ symbol: paint('green', '✔'), text });
      spinner.start(next);
    },
    skipped(product: GeneratedProduct, now: string) {
      const next = spinner.text;
      spinner.stopAndPersist({ symbol: paint('yellow', '-'), text: skippedLine(product, now) });
      spinner.start(next);
    },
    publishing(target: string, name: string, count: number) {
      shopName = name;
      spinner.text = publishingLine(target, count);
    },
    stopping(signal: NodeJS.Signals) {
      spinner.text = `Stopping (${signal}) after the current step… press Ctrl-C again to quit at once`;
    },
    end(state: RunState) {
      spinner.stop();
      if (state.products.length > 0) {
        line('');
        const statusCell = (text: string, _row: number, column: number) => {
          const colour = column === STATUS_COLUMN ? STATUS_COLOURS[text] : undefined;
          return colour ? paint(colour, text) : text;
        };
        const [header, rule, ...rows] = renderTable(SUMMARY_COLUMNS, summaryRows(state.products), statusCell);
        line(paint('bold', header ?? ''));
        line(paint('dim', rule ?? ''));
        for (const text of rows) line(text);
        const failures = failureLines(state.products);
        if (failures.length) {
          line('');
          line(paint('red', 'Failed:'));
          for (const text of failures) line(`  ${text}`);
        }
        line('');
      }
      const closing = closingLine(state);
      if (state.status === 'failed' || state.status === 'cancelled') errStream.write(`${paint('red', closing)}\n`);
      else line(paint(state.status === 'succeeded' ? 'green' : 'yellow', closing));
    },
  };
}
