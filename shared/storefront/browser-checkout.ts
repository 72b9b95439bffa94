import { isRecord } from '../common/index.ts';
import { withCheckoutChannel } from './checkout-url.ts';
import { CART_CREATE_MUTATION } from './documents/cart.ts';
import { STOREFRONT_MESSAGES, StorefrontError, checkCartPayload } from './errors.ts';
import { browserGraphql, type BrowserEndpoint, type BrowserRequestOptions } from './fetch.ts';

// Checkout's call, apart from the plain fetch client: only the cart drawer, loaded on first open,
// needs it and its document, so the pages' own scripts do not carry them.

export interface BrowserCheckout {
  id: string;
  checkoutUrl: string;
  totalQuantity: number;
}

/** A line the shop cannot sell as the cart has it: `available` is what it can sell now (0: none). */
export interface ShortLine {
  merchandiseId: string;
  available: number;
}

/**
 * The shop cannot sell some lines as the cart has them, so the checkout it would open is not the
 * cart the shopper sees: a variant that no longer exists (a user error on `input.lines.{n}`), or,
 * since API version 2024-10, a warning on a cart that was made anyway, with a sold-out line kept at
 * quantity 0 (`MERCHANDISE_OUT_OF_STOCK`) or a quantity lowered to the stock
 * (`MERCHANDISE_NOT_ENOUGH_STOCK`). `lines` names them.
 */
export class ShortLinesError extends StorefrontError {
  override name = 'ShortLinesError';
  declare readonly kind: 'user-errors';
  readonly lines: readonly ShortLine[];

  constructor(messages: string[], lines: readonly ShortLine[]) {
    super('user-errors', STOREFRONT_MESSAGES.cartUserErrors(messages), 'CartCreate');
    this.lines = lines;
  }
}

const STOCK_WARNINGS = ['MERCHANDISE_OUT_OF_STOCK', 'MERCHANDISE_NOT_ENOUGH_STOCK'];

const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/** Lines named by the user errors' `field` (`["input", "lines", "0", "merchandiseId"]`): variants the shop does not have. */
function missingLines(payload: Record<string, unknown>, lines: readonly { merchandiseId: string }[]): ShortLine[] {
  return list(payload.userErrors).flatMap(({ field }) => {
    const path = Array.isArray(field) ? field.map(String) : [];
    const line = path[0] === 'input' && path[1] === 'lines' && path[3] === 'merchandiseId' ? lines[Number(path[2])] : undefined;
    return line ? [{ merchandiseId: line.merchandiseId, available: 0 }] : [];
  });
}

/** Lines the stock warnings point at (`target` is the remote cart line's id), at the quantity the shop kept. */
function stockShortLines(warnings: Record<string, unknown>[], cart: Record<string, unknown>): ShortLine[] {
  const remote = list(isRecord(cart.lines) ? list(cart.lines.edges).map((edge) => edge.node) : []);
  return warnings.flatMap(({ target }) => {
    const line = remote.find((node) => node.id === target);
    const merchandise = line && isRecord(line.merchandise) ? line.merchandise : undefined;
    return typeof merchandise?.id === 'string' && typeof line?.quantity === 'number'
      ? [{ merchandiseId: merchandise.id, available: line.quantity }]
      : [];
  });
}

/**
 * Creates the remote cart at checkout; its URL carries channel=online_store. Throws `ShortLinesError`
 * when the shop cannot sell every line as asked, rather than open a checkout that differs from the cart.
 */
export async function browserCartCreate(
  endpoint: BrowserEndpoint,
  lines: { merchandiseId: string; quantity: number }[],
  options?: BrowserRequestOptions,
): Promise<BrowserCheckout> {
  const data = await browserGraphql(endpoint, 'CartCreate', CART_CREATE_MUTATION, { input: { lines } }, options);
  const payload = isRecord(data.cartCreate) ? data.cartCreate : {};
  const missing = missingLines(payload, lines);
  if (missing.length > 0)
    throw new ShortLinesError(
      list(payload.userErrors).map((e) => String(e.message)),
      missing,
    );
  const { cart } = checkCartPayload(data.cartCreate);
  const warnings = list(payload.warnings).filter((warning) => STOCK_WARNINGS.includes(String(warning.code)));
  const short = stockShortLines(warnings, cart);
  if (short.length > 0)
    throw new ShortLinesError(
      warnings.map((w) => String(w.message)),
      short,
    );
  let checkoutUrl: string;
  try {
    checkoutUrl = withCheckoutChannel(cart.checkoutUrl);
  } catch {
    throw new StorefrontError(
      'invalid-response',
      `Unexpected response from the Storefront API (CartCreate): checkoutUrl is not a URL`,
      'CartCreate',
    );
  }
  return {
    id: typeof cart.id === 'string' ? cart.id : '',
    checkoutUrl,
    totalQuantity: typeof cart.totalQuantity === 'number' ? cart.totalQuantity : 0,
  };
}
