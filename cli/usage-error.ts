import type { ErrorKind } from '../shared/common/index.ts';
/** A mistake in how the command was called: reported as one line, exit status 2, never a stack trace. */
export class UsageError extends Error {
  readonly kind: ErrorKind = 'bad-request';
  override name = 'UsageError';
}
