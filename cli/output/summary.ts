import path from 'node:path';
import { GENERATOR_MESSAGES } from '../../shared/generator/browser.ts';
import type { GeneratedProduct } from '../../shared/generator/browser.ts';
import type { RunInfo, RunState } from '../run/run-document.ts';
import type { Column } from './table.ts';
import { terminalSafe } from './terminal-text.ts';

/** The end-of-run texts every human-facing reporter prints: the table rows and the closing lines. */

export const SUMMARY_COLUMNS: readonly Column[] = [
  { header: '#', align: 'right' },
  { header: 'Name', maxWidth: 36 },
  { header: 'Price', align: 'right' },
  { header: 'Status' },
  { header: 'File', maxWidth: 56 },
  { header: 'Product ID' },
];

export const STATUS_COLUMN = 3;

export function summaryRows(products: readonly GeneratedProduct[]): string[][] {
  return products.map((p) => [
    String(p.index + 1),
    terminalSafe(p.name),
    `$${p.price.toFixed(2)}`,
    p.status,
    p.files ? path.basename(p.files.print) : '-',
    p.shopProductId ? terminalSafe(p.shopProductId) : '-',
  ]);
}

/** One line per failed product, with its message. */
export function failureLines(products: readonly GeneratedProduct[]): string[] {
  return products
    .filter((p) => p.status === 'error')
    .map((p) => `${p.index + 1}. ${terminalSafe(p.name)}: ${terminalSafe(p.error ?? 'failed')}`);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Where the ready products are going: "Publishing 3 products to local shop in /path/.data". */
export function publishingLine(target: string, count: number): string {
  return `Publishing ${plural(count, 'product')} to ${terminalSafe(target)}`;
}

/** The closing line: what happened and where the files are. */
export function closingLine(state: RunState): string {
  const { products, info } = state;
  const where = `${info.outDir} (${path.basename(info.conceptsFile)})`;
  const ready = products.filter((p) => p.status === 'ready' || p.status === 'published').length;
  const published = products.filter((p) => p.status === 'published').length;
  const failed = products.filter((p) => p.status === 'error').length;
  switch (state.status) {
    case 'failed':
      return GENERATOR_MESSAGES.failedToGenerate(terminalSafe(state.error ?? 'unknown error'));
    case 'cancelled': {
      const designed = products.filter((p) => p.files || p.status === 'ready' || p.status === 'published').length;
      return `Stopped (${state.signal ?? 'signal'}): ${designed} of ${plural(products.length, 'design')} finished and kept in ${where}.`;
    }
    default: {
      const made = info.publishTo
        ? `${published} of ${plural(products.length, 'product')} published to ${terminalSafe(info.publishTo)}`
        : `${ready} of ${plural(products.length, 'product')} ready`;
      return `${made}${failed ? `, ${failed} failed` : ''}. Files in ${where}.`;
    }
  }
}

export function startLines(info: RunInfo): string[] {
  return [
    `Theme: ${terminalSafe(info.theme)}`,
    `Providers: ${info.providers}${info.seed === undefined ? '' : `, seed ${info.seed}`}`,
    `Output: ${info.outDir}`,
    ...(info.publishTo ? [`Publishing to: ${terminalSafe(info.publishTo)}`] : []),
  ];
}

export function productLine(product: GeneratedProduct, phase: 'design' | 'publish', shopName: string): string {
  const name = terminalSafe(product.name);
  if (product.status === 'error') {
    const message = terminalSafe(product.error ?? 'failed');
    return phase === 'publish' ? `${name}: ${GENERATOR_MESSAGES.failedToPublish(message)}` : `${name}: ${message}`;
  }
  if (product.status === 'published')
    return `${GENERATOR_MESSAGES.published(name, shopName)} (${terminalSafe(product.shopProductId ?? '')})`;
  return product.files ? `${name} -> ${path.basename(product.files.print)}` : name;
}

/** A product another publisher took first: "{name}: taken meanwhile by the /generator page or tshirt-gen runs (now publishing)". */
export function skippedLine(product: GeneratedProduct, now: string): string {
  return `${terminalSafe(product.name)}: taken meanwhile by the /generator page or tshirt-gen runs (now ${now})`;
}
