import { ERROR_KINDS, type ErrorKind } from '../common/index.ts';

/** A staff-account failure: its kind gives the HTTP status it answers with (docs/behaviour/errors.md#error-kinds). */
export class StaffError extends Error {
  override name = 'StaffError';
  readonly kind: ErrorKind;
  constructor(kind: ErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }

  get status(): number {
    return ERROR_KINDS[this.kind].status;
  }
}
