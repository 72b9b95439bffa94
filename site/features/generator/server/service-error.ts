import { ERROR_KINDS, type ErrorKind, kindOf } from '../../../../shared/common/index.ts';

/**
 * A generator API failure with a message for staff; its kind gives the HTTP status through the one
 * table (docs/behaviour/errors.md#error-kinds). The endpoints (bundled separately from this module)
 * recognise it by its `status` and `message` alone.
 */
export class GeneratorServiceError extends Error {
  override name = 'GeneratorServiceError';
  readonly kind: ErrorKind;
  constructor(kind: ErrorKind, message: string, options?: ErrorOptions) {
    super(message, options);
    this.kind = kind;
  }

  get status(): number {
    return ERROR_KINDS[this.kind].status;
  }
}

/** A provider's failure as a service error: the provider's own message, the status of its kind. */
export function serviceErrorFrom(error: unknown): GeneratorServiceError {
  if (error instanceof GeneratorServiceError) return error;
  const kind = kindOf(error);
  if (kind === 'cancelled') return new GeneratorServiceError(kind, 'The request was cancelled', { cause: error });
  const message = error instanceof Error && error.message ? error.message : 'The generator failed without saying why';
  return new GeneratorServiceError(kind, message, { cause: error });
}
