import type { ErrorKind } from '../common/index.ts';

/** A staff-account failure with the HTTP status it answers with; its kind makes the CLI exit 2 (usage) or 1. */
export class StaffError extends Error {
  override name = 'StaffError';
  readonly status: number;
  readonly kind: ErrorKind;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
    this.kind = status >= 500 ? 'internal' : 'bad-request';
  }
}
