import type { ErrorKind } from '../../../shared/common/index.ts';
/** A Storefront failure at build time, carrying the Storefront client's message (docs/behaviour/errors.md) and no stack for users. */
export class CatalogueError extends Error {
  readonly kind: ErrorKind = 'upstream';
  override name = 'CatalogueError';

  constructor(message: string) {
    super(message);
    // Astro prints the stack and cause of a failed build; this is a shop answering badly, not a bug.
    this.stack = '';
  }

  static from(what: string, error: unknown): CatalogueError {
    const reason = error instanceof Error ? error.message : String(error);
    return new CatalogueError(`Could not load ${what} from the Storefront API: ${reason}`);
  }
}
