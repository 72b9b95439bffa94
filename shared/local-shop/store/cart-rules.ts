import { numericId } from '../gid.ts';
import type { ProductRecord, VariantRecord } from './records.ts';

/**
 * The checks `cartCreate` makes before a cart exists, with Shopify's wording where Shopify has one:
 * unknown or malformed merchandise ids, quantities out of range. Lines for the same variant are
 * merged, as Shopify does. Stock is not a user error (since API version 2024-10): `limitToStock`
 * keeps a sold-out line at quantity 0 and lowers a quantity above the stock, each with a warning.
 */

export const MAX_CART_LINES = 250;
export const MAX_LINE_QUANTITY = 10_000;

export interface CartLineRequest {
  merchandiseId: string;
  quantity: number;
}

export type CartErrorCode = 'INVALID' | 'MAXIMUM_EXCEEDED' | 'CART_TOO_LARGE' | 'NOTE_TOO_LONG';

export interface CartUserError {
  field: string[];
  message: string;
  code: CartErrorCode;
}

export interface AcceptedLine {
  variantId: number;
  quantity: number;
}

export type VariantLookup = (variantId: number) => { variant: VariantRecord; product: Pick<ProductRecord, 'title'> } | null;

export function checkCartLines(
  requested: readonly CartLineRequest[],
  lookup: VariantLookup,
  field: readonly string[] = ['input', 'lines'],
): { ok: true; lines: AcceptedLine[] } | { ok: false; userErrors: CartUserError[] } {
  const userErrors: CartUserError[] = [];
  if (requested.length > MAX_CART_LINES) {
    return {
      ok: false,
      userErrors: [{ field: [...field], message: `A cart can have at most ${MAX_CART_LINES} lines.`, code: 'CART_TOO_LARGE' }],
    };
  }
  const merged = new Map<number, AcceptedLine>();
  requested.forEach((line, index) => {
    const at = [...field, String(index)];
    if (!Number.isInteger(line.quantity) || line.quantity < 1) {
      userErrors.push({ field: [...at, 'quantity'], message: 'The quantity must be at least 1.', code: 'INVALID' });
    } else if (line.quantity > MAX_LINE_QUANTITY) {
      userErrors.push({
        field: [...at, 'quantity'],
        message: `The quantity must be at most ${MAX_LINE_QUANTITY}.`,
        code: 'MAXIMUM_EXCEEDED',
      });
    }
    const variantId = numericId(line.merchandiseId, 'ProductVariant');
    const found = variantId === null ? null : lookup(variantId);
    if (!found) {
      userErrors.push({
        field: [...at, 'merchandiseId'],
        message: `The merchandise with id ${line.merchandiseId} does not exist.`,
        code: 'INVALID',
      });
      return;
    }
    const existing = merged.get(found.variant.id);
    if (existing) existing.quantity += line.quantity;
    else merged.set(found.variant.id, { variantId: found.variant.id, quantity: line.quantity });
  });
  // Merged lines can pass the per-line check one by one and still exceed it together.
  if (userErrors.length === 0 && [...merged.values()].some((line) => line.quantity > MAX_LINE_QUANTITY)) {
    userErrors.push({ field: [...field], message: `The quantity must be at most ${MAX_LINE_QUANTITY}.`, code: 'MAXIMUM_EXCEEDED' });
  }
  return userErrors.length > 0 ? { ok: false, userErrors } : { ok: true, lines: [...merged.values()] };
}

export interface StockWarning {
  code: 'MERCHANDISE_NOT_ENOUGH_STOCK' | 'MERCHANDISE_OUT_OF_STOCK';
  message: string;
  variantId: number;
}

/**
 * Lines as Shopify keeps them against its stock: a line whose variant is sold out stays in the cart
 * at quantity 0 (`MERCHANDISE_OUT_OF_STOCK`, on every change while it is there), and a quantity above
 * a variant's tracked stock is lowered to it (`MERCHANDISE_NOT_ENOUGH_STOCK`).
 */
export function limitToStock<L extends { variantId: number; quantity: number }>(
  lines: readonly L[],
  lookup: VariantLookup,
): { lines: L[]; warnings: StockWarning[] } {
  const warnings: StockWarning[] = [];
  const out = lines.map((line) => {
    const found = lookup(line.variantId);
    if (!found) return line;
    if (!found.variant.availableForSale) {
      warnings.push({
        code: 'MERCHANDISE_OUT_OF_STOCK',
        message: `The product '${found.product.title}' is already sold out.`,
        variantId: line.variantId,
      });
      return line.quantity === 0 ? line : { ...line, quantity: 0 };
    }
    const stock = found.variant.quantityAvailable;
    if (stock === null || line.quantity <= stock || stock < 1) return line;
    warnings.push({
      code: 'MERCHANDISE_NOT_ENOUGH_STOCK',
      message: `Only ${stock} item${stock === 1 ? ' was' : 's were'} added to your cart due to availability.`,
      variantId: line.variantId,
    });
    return { ...line, quantity: stock };
  });
  return { lines: out, warnings };
}
