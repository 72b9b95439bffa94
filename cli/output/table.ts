import { displayWidth, truncate } from './terminal-text.ts';

/** A plain-text table (no escape codes): the summary printed at the end of a run. */

export interface Column {
  header: string;
  align?: 'left' | 'right';
  /** Longer cells are cut with an ellipsis. */
  maxWidth?: number;
}

function pad(text: string, width: number, align: 'left' | 'right'): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return align === 'right' ? fill + text : text + fill;
}

/** Colours a body cell after padding, so escape codes never upset the alignment. */
export type CellPainter = (padded: string, row: number, column: number) => string;

/** Rows of already terminal-safe cells in, lines out (no trailing spaces); `rule: false` leaves out the dashes under the header. */
export function renderTable(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  paint?: CellPainter,
  { rule = true }: { rule?: boolean } = {},
): string[] {
  const cells = rows.map((row) => columns.map((column, i) => truncate(row[i] ?? '', column.maxWidth ?? Number.POSITIVE_INFINITY)));
  const widths = columns.map((column, i) => Math.max(displayWidth(column.header), ...cells.map((row) => displayWidth(row[i]!))));
  const line = (row: readonly string[], r?: number) =>
    row
      .map((cell, i) => {
        const padded = pad(cell, widths[i]!, columns[i]!.align ?? 'left');
        if (r === undefined || !paint) return padded;
        // Paint the text, not the trailing padding that trimEnd would otherwise remove.
        const text = padded.trimEnd();
        return paint(text, r, i) + padded.slice(text.length);
      })
      .join('  ')
      .trimEnd();
  const dashes = rule ? [widths.map((w) => '-'.repeat(w)).join('  ')] : [];
  return [line(columns.map((c) => c.header)), ...dashes, ...cells.map((row, r) => line(row, r))];
}
