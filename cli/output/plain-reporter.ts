import type { Writable } from 'node:stream';
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
  SUMMARY_COLUMNS,
  summaryRows,
} from './summary.ts';
import { renderTable } from './table.ts';
import { terminalSafe } from './terminal-text.ts';

/**
 * Plain lines for CI logs, pipes and NO_COLOR: no spinner, no colours, no escape codes at all.
 * Progress goes to `out`; the failure or stop note goes to `err`. With `table: false` (under --json)
 * the summary table is left to the JSON document.
 */

export interface PlainReporterOptions {
  out: Writable;
  err: Writable;
  table: boolean;
}

export function createPlainReporter(options: PlainReporterOptions): Reporter {
  const { out, err } = options;
  const line = (text: string) => out.write(`${text}\n`);
  let shopName = 'Shopify';

  return {
    start(info: RunInfo) {
      for (const text of startLines(info)) line(text);
    },
    progress(message: string) {
      line(terminalSafe(message));
    },
    product(product: GeneratedProduct, phase: ProductPhase) {
      line(`  ${product.status}: ${productLine(product, phase, shopName)}`);
    },
    skipped(product: GeneratedProduct, now: string) {
      line(`  skipped: ${skippedLine(product, now)}`);
    },
    publishing(target: string, name: string, count: number) {
      shopName = name;
      line(publishingLine(target, count));
    },
    stopping(signal: NodeJS.Signals) {
      err.write(`Stopping (${signal}) after the current step; press Ctrl-C again to quit at once.\n`);
    },
    end(state: RunState) {
      if (options.table && state.products.length > 0) {
        line('');
        for (const text of renderTable(SUMMARY_COLUMNS, summaryRows(state.products))) line(text);
        const failures = failureLines(state.products);
        if (failures.length) {
          line('');
          line('Failed:');
          for (const text of failures) line(`  ${text}`);
        }
        line('');
      }
      const closing = closingLine(state);
      if (state.status === 'failed' || state.status === 'cancelled') err.write(`${closing}\n`);
      else line(closing);
    },
  };
}
