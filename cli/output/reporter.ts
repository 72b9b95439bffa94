import type { GeneratedProduct } from '../../shared/generator/browser.ts';
import type { RunInfo, RunState } from '../run/run-document.ts';

/**
 * What a run tells its user, independent of how: a spinner and a table on a terminal, plain lines
 * in CI and pipes, or one JSON document. The run calls these in order; each reporter renders them.
 */

export type ProductPhase = 'design' | 'publish';

export interface Reporter {
  start(info: RunInfo): void;
  /** The pipeline's progress lines, verbatim ('Generating design 2/6: …'). */
  progress(message: string): void;
  /** A product finished a step: ready or error after its design, published or error after publishing. */
  product(product: GeneratedProduct, phase: ProductPhase, total: number): void;
  /**
   * A ready product this run does not publish: the /generator page or `tshirt-gen runs` took it first;
   * `now` is what the run store says it is now ('publishing', 'published', 'discarded', …).
   */
  skipped(product: GeneratedProduct, now: string): void;
  /** Publishing starts: `target` describes the shop, `shopName` is its label ('Shopify'). */
  publishing(target: string, shopName: string, count: number): void;
  /** The first Ctrl-C or SIGTERM arrived; the run is winding down. */
  stopping(signal: NodeJS.Signals): void;
  end(state: RunState): void;
}
