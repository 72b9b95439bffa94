/** Small statistics for repeated measurements. */

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** The arithmetic mean; 0 for no values (a section with nothing to average reports 0). */
export function mean(values: readonly number[]): number {
  return values.length ? sum(values) / values.length : 0;
}

/** Kilobytes (1024 bytes) with one decimal, e.g. "75.1 KB". */
export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
