import fs from 'node:fs';
import path from 'node:path';
import { errorMessage, type RunRecord, writeAtomically } from '../../shared/generator/index.ts';
import type { ProductStatus } from '../../shared/generator/browser.ts';
import { CONCEPTS_FILE_NAME } from './concepts-file.ts';
import { linkOrCopy } from './link-file.ts';
import { type RunDocument, type RunStatus, toJson } from './run-document.ts';

/**
 * After `tshirt-gen runs resume` of a `tshirt-gen generate` run (docs/behaviour/cli.md, "runs"): the
 * run's output folder gets the designs made since it stopped, and its concepts.json the run as it
 * stands now, so the folder tells what the run holds as if it had never stopped. The new designs are
 * linked from the designs folder (a copy across file systems), under their stored names; designs the
 * folder already has are left as they are. Returns one line to show, or nothing when there is no
 * folder to bring up to date.
 */
export async function updateOutputFolder(
  run: RunRecord,
  designsDir: string,
  exitCode: number,
  signal?: NodeJS.Signals,
): Promise<string | undefined> {
  const outDir = run.cli?.outDir;
  if (!outDir) return undefined;
  if (!fs.existsSync(outDir)) return `The output folder ${outDir} is gone; the run's designs are in ${designsDir}.`;

  const conceptsPath = path.join(outDir, CONCEPTS_FILE_NAME);
  let document: RunDocument | undefined;
  let unreadable: string | undefined;
  try {
    document = JSON.parse(fs.readFileSync(conceptsPath, 'utf8')) as RunDocument;
    if (!Array.isArray(document.products)) throw new Error('it has no products list');
  } catch (error) {
    unreadable = errorMessage(error);
    document = undefined;
  }

  let linked = 0;
  const present = filesIn(outDir);
  for (const product of run.products) {
    const record = document?.products[product.index];
    const preview = product.preview && path.join(designsDir, product.preview);
    const print = product.print && path.join(designsDir, product.print);
    // Files disk clean-up removed are not brought back: the record keeps what the folder has.
    if (preview && print && fs.existsSync(preview) && fs.existsSync(print)) {
      const found = { preview: present.find(preview), print: present.find(print) };
      if (!found.preview || !found.print) linked++;
      const files = { print: found.print ?? linkInto(outDir, print), preview: found.preview ?? linkInto(outDir, preview) };
      if (record) record.files = files;
    }
    if (!record) continue;
    record.status = fileStatus(product.status);
    if (product.error) record.error = product.error;
    else delete record.error;
    if (product.shopId) record.productId = product.shopId;
    if (product.handle && product.status === 'published') record.handle = product.handle;
  }

  const designs = `${linked} new design${linked === 1 ? '' : 's'}`;
  if (!document) return `${designs} in ${outDir}; ${CONCEPTS_FILE_NAME} could not be read (${unreadable}) and is left as it was.`;
  document.status = runStatus(run, exitCode);
  document.exitCode = exitCode;
  if (signal) document.signal = signal;
  else delete document.signal;
  if (run.state === 'failed' && run.error) document.error = run.error;
  else delete document.error;
  document.finishedAt = new Date().toISOString();
  await writeAtomically(conceptsPath, `${toJson(document)}\n`);
  return `${designs} in ${outDir}; ${CONCEPTS_FILE_NAME} updated.`;
}

/**
 * The folder's files, to tell which stored designs it already holds: `generate` linked each of its
 * designs into the designs folder under another name, so the same file (or, across file systems, a
 * copy with the same bytes) may sit here under its first name.
 */
function filesIn(outDir: string): { find(source: string): string | undefined } {
  const entries = fs
    .readdirSync(outDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.png'))
    .map((entry) => ({ name: entry.name, stat: fs.statSync(path.join(outDir, entry.name)) }));
  return {
    find(source) {
      const wanted = fs.statSync(source);
      const same = entries.find(({ stat }) => stat.ino === wanted.ino && stat.dev === wanted.dev);
      if (same) return same.name;
      const bytes = fs.readFileSync(source);
      return entries.find(({ name, stat }) => stat.size === wanted.size && fs.readFileSync(path.join(outDir, name)).equals(bytes))?.name;
    },
  };
}

/** The stored design in the folder under its stored name; answers that name. */
function linkInto(outDir: string, source: string): string {
  const name = path.basename(source);
  linkOrCopy(source, path.join(outDir, name));
  return name;
}

/** The store tells a publish in progress apart; the file knows only the page's statuses. */
function fileStatus(status: RunRecord['products'][number]['status']): ProductStatus {
  return status === 'publishing' ? 'ready' : status;
}

function runStatus(run: RunRecord, exitCode: number): RunStatus {
  if (run.state === 'stopped') return 'cancelled';
  if (run.state === 'failed' && run.products.length === 0) return 'failed';
  return exitCode === 0 ? 'succeeded' : 'partial';
}
