import path from 'node:path';
import { renderTable } from '../output/table.ts';
import { UsageError } from '../usage-error.ts';

/**
 * What the commands around the shop, staff accounts and backups share: lines and JSON documents on
 * stdout, listings, standard input, the data directory, and a store or service closed after use.
 */

export function out(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** A note for the person at the terminal, on stderr (stdout stays for what a script reads). */
export function note(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** One JSON document on stdout (what `--json` promises). */
export function printJson(value: unknown): void {
  out(JSON.stringify(value, null, 2));
}

export interface Listing<T> {
  /** `--json`: one document, `{[key]: items}`. */
  json: boolean | undefined;
  key: string;
  /** The line printed when there is nothing to list. */
  empty: string;
  headers: readonly string[];
  /** One row of terminal-safe cells per item, in the headers' order. */
  row: (item: T) => string[];
}

/** A list as one JSON document, a line saying it is empty, or a table under its headers. */
export function printListing<T>(items: readonly T[], { json, key, empty, headers, row }: Listing<T>): void {
  if (json) printJson({ [key]: items });
  else if (items.length === 0) out(empty);
  else
    for (const line of renderTable(
      headers.map((header) => ({ header })),
      items.map(row),
      undefined,
      { rule: false },
    ))
      out(line);
}

/** Everything on standard input; `whenTerminal` is the usage error when nothing is piped in. */
export async function readStdin(whenTerminal: string): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError(whenTerminal);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The `-d, --data <dir>` option the data commands share. */
export const DATA_OPTION = ['-d, --data <dir>', 'data directory (default DATA_DIR or .data)'] as const;

/** `--data` resolved, or DATA_DIR (`.data`) from the environment. */
export async function dataDirOf(data: string | undefined): Promise<string> {
  if (data !== undefined) return path.resolve(data);
  const { loadConfig } = await import('../../shared/config/index.ts');
  return loadConfig().localShop.dataDir;
}

/** Runs `work` with `resource`, closing it after; the errors `isUsage` picks become one-line usage errors (exit 2). */
export async function closingAfter<R extends { close(): void }>(
  resource: R,
  work: (resource: R) => unknown,
  isUsage: (error: unknown) => error is Error,
): Promise<void> {
  try {
    await work(resource);
  } catch (error) {
    if (isUsage(error)) throw new UsageError(error.message);
    throw error;
  } finally {
    resource.close();
  }
}
