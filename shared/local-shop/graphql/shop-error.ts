import type { ErrorKind } from '../../common/index.ts';
/**
 * An error the embedded shop means to show the caller, with a GraphQL `extensions.code`. Anything
 * else thrown during execution is an internal fault: logged, and answered as "Internal error".
 */
export class ShopError extends Error {
  readonly kind: ErrorKind = 'bad-request';
  override name = 'ShopError';
  readonly code: string;

  constructor(message: string, code = 'BAD_REQUEST') {
    super(message);
    this.code = code;
  }
}

export const NOT_IMPLEMENTED = 'NOT_IMPLEMENTED';

export function notImplemented(what: string): ShopError {
  return new ShopError(`${what} is not implemented by the embedded shop`, NOT_IMPLEMENTED);
}
