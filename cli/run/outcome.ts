import type { GeneratedProduct } from '../../shared/generator/browser.ts';
import { EXIT_OK, EXIT_PARTIAL } from '../exit-codes.ts';
import type { RunStatus } from './run-document.ts';

/** A finished run's status and exit code: every product ready (and published, with --publish) is success. */
export function finishedOutcome(products: readonly GeneratedProduct[], publish: boolean): { status: RunStatus; exitCode: number } {
  const wanted = publish ? 'published' : 'ready';
  const complete = products.length > 0 && products.every((p) => p.status === wanted);
  return complete ? { status: 'succeeded', exitCode: EXIT_OK } : { status: 'partial', exitCode: EXIT_PARTIAL };
}
