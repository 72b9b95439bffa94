/** A staff-account failure with the HTTP status it answers with (the CLI turns it into exit code 2 or 1). */
export class StaffError extends Error {
  override name = 'StaffError';
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}
