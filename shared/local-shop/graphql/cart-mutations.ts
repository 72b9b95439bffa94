import { findCart } from '../carts.ts';
import { gid, numericId, parseGid } from '../gid.ts';
import { MAX_LINE_QUANTITY, checkCartLines, type CartLineRequest, type CartUserError } from '../store/cart-rules.ts';
import type { CartRecord } from '../store/records.ts';
import type { CartChangeResult, CartFields, CartWarning } from '../store/store.ts';
import type { ShopContext } from './context.ts';
import { defineFields, type Args, type TypeFields } from './field-map.ts';
import { notImplemented } from './shop-error.ts';

/**
 * The cart mutations a storefront sends: cartCreate, cartLinesAdd/Update/Remove, cartNoteUpdate,
 * cartAttributesUpdate, cartBuyerIdentityUpdate, cartDiscountCodesUpdate and cartGiftCardCodesUpdate.
 * Each answers Shopify's payload: the cart, `userErrors` (nothing changes when there is one) and
 * `warnings`.
 */

type Input = Readonly<Record<string, unknown>>;

const MAX_NOTE_LENGTH = 5000;
const MAX_ATTRIBUTES = 250;
const MAX_DISCOUNT_CODES = 250;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+[1-9]\d{6,14}$/;

/** Inputs the shop does not store are refused by name rather than silently dropped. */
function onlyFields(value: Input, allowed: readonly string[], typeName: string): void {
  for (const [name, field] of Object.entries(value)) {
    if (allowed.includes(name) || field === null || field === undefined) continue;
    if (Array.isArray(field) && field.length === 0) continue;
    throw notImplemented(`Input field '${typeName}.${name}'`);
  }
}

/** A cart arrives with its lines' products loaded; the variants' `product` and `image` fields use them. */
function remember(cart: CartRecord, ctx: ShopContext): CartRecord {
  ctx.remember(cart.lines.map((line) => line.product));
  return cart;
}

function payload(result: CartChangeResult, ctx: ShopContext, extraWarnings: CartWarning[] = []) {
  return result.ok
    ? { cart: remember(result.cart, ctx), userErrors: [], warnings: [...result.warnings, ...extraWarnings] }
    : { cart: null, userErrors: result.userErrors, warnings: [] };
}

const failed = (userErrors: CartUserError[]) => ({ cart: null, userErrors, warnings: [] });

const NO_CART: CartUserError = { field: ['cartId'], message: 'The specified cart does not exist.', code: 'INVALID' };

function openCart(args: Args, ctx: ShopContext): CartRecord | null {
  const parsed = typeof args.cartId === 'string' ? parseGid(args.cartId) : null;
  if (parsed?.type !== 'Cart') return null;
  return findCart(ctx.store, parsed.id, parsed.params.get('key'));
}

function lineRequests(lines: unknown): CartLineRequest[] {
  return (Array.isArray(lines) ? (lines as Input[]) : []).map((line) => {
    onlyFields(line, ['merchandiseId', 'quantity'], 'CartLineInput');
    return { merchandiseId: String(line.merchandiseId), quantity: typeof line.quantity === 'number' ? line.quantity : 1 };
  });
}

function readAttributes(value: unknown, field: string[]): { key: string; value: string }[] | CartUserError {
  const list = Array.isArray(value) ? (value as { key: string; value: string }[]) : [];
  if (list.length > MAX_ATTRIBUTES) return { field, message: `A cart can have at most ${MAX_ATTRIBUTES} attributes.`, code: 'INVALID' };
  const byKey = new Map<string, string>();
  for (const { key, value: v } of list) byKey.set(key, v);
  return [...byKey].map(([key, v]) => ({ key, value: v }));
}

/** Shopify's guest checkout sends `buyerIdentity: {}`: nothing to set, nothing refused. */
function readBuyerIdentity(value: unknown, field: string[]): CartFields['buyerIdentity'] | CartUserError {
  const input = (value ?? {}) as Input;
  onlyFields(input, ['email', 'phone', 'countryCode'], 'CartBuyerIdentityInput');
  const out: NonNullable<CartFields['buyerIdentity']> = {};
  if (input.email !== undefined) {
    if (input.email !== null && !EMAIL.test(String(input.email)))
      return { field: [...field, 'email'], message: 'Email is invalid', code: 'INVALID' };
    out.email = input.email === null ? null : String(input.email);
  }
  if (input.phone !== undefined) {
    if (input.phone !== null && !PHONE.test(String(input.phone)))
      return { field: [...field, 'phone'], message: 'Phone is invalid (use the international format, e.g. +16135551111)', code: 'INVALID' };
    out.phone = input.phone === null ? null : String(input.phone);
  }
  if (input.countryCode !== undefined) out.countryCode = input.countryCode === null ? null : String(input.countryCode);
  return out;
}

function readDiscountCodes(value: unknown): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const code of Array.isArray(value) ? (value as string[]) : []) {
    const trimmed = code.trim();
    if (!trimmed || seen.has(trimmed.toLowerCase())) continue;
    seen.add(trimmed.toLowerCase());
    out.push(trimmed);
  }
  return out.slice(0, MAX_DISCOUNT_CODES);
}

const isError = (value: unknown): value is CartUserError =>
  typeof value === 'object' && value !== null && 'code' in value && 'message' in value;

/** Shopify's gift cards are sold by the shop; the embedded shop sells none, so every code is unknown. */
function giftCardErrors(codes: unknown, field: string[]): CartUserError[] {
  return (Array.isArray(codes) ? (codes as string[]) : []).map((_code, i) => ({
    field: [...field, String(i)],
    message: 'Gift card code is invalid',
    code: 'INVALID',
  }));
}

/** Warnings for codes that do not apply: unknown, or a subtotal below the code's minimum. */
function discountWarnings(cart: CartRecord, ctx: ShopContext): CartWarning[] {
  return cart.discountCodes.flatMap((code): CartWarning[] => {
    const found = ctx.store.content.discountCode(code);
    const target = gid('Cart', cart.token);
    if (!found) return [{ code: 'DISCOUNT_NOT_FOUND', message: `The discount code ${code} could not be found.`, target }];
    const subtotal = cart.lines.reduce((sum, l) => sum + l.quantity * l.variant.priceCents, 0);
    if (subtotal < found.minimumSubtotalCents)
      return [
        { code: 'DISCOUNT_PURCHASE_NOT_IN_RANGE', message: `The cart does not meet the minimum purchase for ${found.code}.`, target },
      ];
    return [];
  });
}

function cartCreate(args: Args, ctx: ShopContext) {
  const input = (args.input ?? {}) as Input;
  onlyFields(input, ['lines', 'note', 'attributes', 'buyerIdentity', 'discountCodes', 'giftCardCodes'], 'CartInput');
  const giftCards = giftCardErrors(input.giftCardCodes, ['input', 'giftCardCodes']);
  if (giftCards.length) return failed(giftCards);
  const attributes = readAttributes(input.attributes, ['input', 'attributes']);
  if (isError(attributes)) return failed([attributes]);
  const buyerIdentity = readBuyerIdentity(input.buyerIdentity, ['input', 'buyerIdentity']);
  if (isError(buyerIdentity)) return failed([buyerIdentity]);
  const note = typeof input.note === 'string' ? input.note : '';
  if (note.length > MAX_NOTE_LENGTH)
    return failed([
      { field: ['input', 'note'], message: `The note is too long (at most ${MAX_NOTE_LENGTH} characters).`, code: 'NOTE_TOO_LONG' },
    ]);
  const result = ctx.store.createCart(lineRequests(input.lines), {
    note,
    attributes,
    buyerIdentity,
    discountCodes: readDiscountCodes(input.discountCodes),
  });
  return payload(result, ctx, result.ok ? discountWarnings(result.cart, ctx) : []);
}

function lineId(value: unknown, cart: CartRecord): number | null {
  const parsed = typeof value === 'string' ? parseGid(value) : null;
  if (parsed?.type !== 'CartLine' || parsed.params.get('cart') !== cart.token) return null;
  const id = numericId(`gid://shopify/CartLine/${parsed.id}`, 'CartLine');
  return id !== null && cart.lines.some((l) => l.id === id) ? id : null;
}

function missingLine(id: unknown, field: string[]): CartUserError {
  return { field, message: `The merchandise line with id ${String(id)} does not exist.`, code: 'INVALID' };
}

function cartLinesAdd(args: Args, ctx: ShopContext) {
  const cart = openCart(args, ctx);
  if (!cart) return failed([NO_CART]);
  const requested = lineRequests(args.lines);
  return payload(
    ctx.store.changeCartLines(cart.token, (current) => {
      const checked = checkCartLines(requested, (id) => ctx.store.cartVariant(id), ['lines']);
      if (!checked.ok) return checked;
      const lines = current.map((l) => ({ ...l }));
      for (const added of checked.lines) {
        const existing = lines.find((l) => l.variantId === added.variantId);
        if (existing) existing.quantity += added.quantity;
        else lines.push({ variantId: added.variantId, quantity: added.quantity, lineId: undefined as unknown as number });
      }
      if (lines.some((l) => l.quantity > MAX_LINE_QUANTITY))
        return {
          ok: false,
          userErrors: [{ field: ['lines'], message: `The quantity must be at most ${MAX_LINE_QUANTITY}.`, code: 'MAXIMUM_EXCEEDED' }],
        };
      return { ok: true, lines: lines.map((l) => (l.lineId === undefined ? { variantId: l.variantId, quantity: l.quantity } : l)) };
    }),
    ctx,
  );
}

function cartLinesUpdate(args: Args, ctx: ShopContext) {
  const cart = openCart(args, ctx);
  if (!cart) return failed([NO_CART]);
  const updates = (Array.isArray(args.lines) ? args.lines : []) as Input[];
  const userErrors: CartUserError[] = [];
  const changes = updates.map((update, i) => {
    onlyFields(update, ['id', 'quantity', 'merchandiseId'], 'CartLineUpdateInput');
    const id = lineId(update.id, cart);
    if (id === null) userErrors.push(missingLine(update.id, ['lines', String(i), 'id']));
    const quantity = typeof update.quantity === 'number' ? update.quantity : undefined;
    if (quantity !== undefined && (!Number.isInteger(quantity) || quantity < 0))
      userErrors.push({ field: ['lines', String(i), 'quantity'], message: 'The quantity must be at least 0.', code: 'INVALID' });
    if (quantity !== undefined && quantity > MAX_LINE_QUANTITY)
      userErrors.push({
        field: ['lines', String(i), 'quantity'],
        message: `The quantity must be at most ${MAX_LINE_QUANTITY}.`,
        code: 'MAXIMUM_EXCEEDED',
      });
    let variantId: number | undefined;
    if (typeof update.merchandiseId === 'string') {
      const checked = checkCartLines([{ merchandiseId: update.merchandiseId, quantity: 1 }], (v) => ctx.store.cartVariant(v), [
        'lines',
        String(i),
      ]);
      if (!checked.ok) userErrors.push(...checked.userErrors.map((e) => ({ ...e, field: ['lines', String(i), 'merchandiseId'] })));
      else variantId = checked.lines[0]!.variantId;
    }
    return { id, quantity, variantId };
  });
  if (userErrors.length) return failed(userErrors);
  return payload(
    ctx.store.changeCartLines(cart.token, (current) => {
      // Quantity 0 removes the line, as Shopify does (a sold-out line the update leaves alone stays).
      const lines = current.flatMap((line) => {
        const change = changes.find((c) => c.id === line.lineId);
        if (!change) return [line];
        if (change.quantity === 0) return [];
        return [{ ...line, quantity: change.quantity ?? line.quantity, variantId: change.variantId ?? line.variantId }];
      });
      return { ok: true, lines };
    }),
    ctx,
  );
}

function cartLinesRemove(args: Args, ctx: ShopContext) {
  const cart = openCart(args, ctx);
  if (!cart) return failed([NO_CART]);
  const ids = (Array.isArray(args.lineIds) ? args.lineIds : []).map((raw, i) => ({ raw, i, id: lineId(raw, cart) }));
  const missing = ids.filter((x) => x.id === null).map((x) => missingLine(x.raw, ['lineIds', String(x.i)]));
  if (missing.length) return failed(missing);
  const removed = new Set(ids.map((x) => x.id));
  return payload(
    ctx.store.changeCartLines(cart.token, (current) => ({ ok: true, lines: current.filter((l) => !removed.has(l.lineId)) })),
    ctx,
  );
}

/** The mutations that set one of the cart's own fields. */
function fieldUpdate(read: (args: Args) => CartFields | CartUserError, warn?: (cart: CartRecord, ctx: ShopContext) => CartWarning[]) {
  return (args: Args, ctx: ShopContext) => {
    const cart = openCart(args, ctx);
    if (!cart) return failed([NO_CART]);
    const fields = read(args);
    if (isError(fields)) return failed([fields]);
    const updated = remember(ctx.store.updateCartFields(cart.token, fields)!, ctx);
    return { cart: updated, userErrors: [], warnings: warn ? warn(updated, ctx) : [] };
  };
}

const cartNoteUpdate = fieldUpdate((args) => {
  const note = String(args.note ?? '');
  return note.length > MAX_NOTE_LENGTH
    ? { field: ['note'], message: `The note is too long (at most ${MAX_NOTE_LENGTH} characters).`, code: 'NOTE_TOO_LONG' }
    : { note };
});

const cartAttributesUpdate = fieldUpdate((args) => {
  const attributes = readAttributes(args.attributes, ['attributes']);
  return isError(attributes) ? attributes : { attributes };
});

const cartBuyerIdentityUpdate = fieldUpdate((args) => {
  const identity = readBuyerIdentity(args.buyerIdentity, ['buyerIdentity']);
  return isError(identity) ? identity : { buyerIdentity: identity };
});

const cartDiscountCodesUpdate = fieldUpdate((args) => ({ discountCodes: readDiscountCodes(args.discountCodes) }), discountWarnings);

function cartGiftCardCodesUpdate(args: Args, ctx: ShopContext) {
  const cart = openCart(args, ctx);
  if (!cart) return failed([NO_CART]);
  const errors = giftCardErrors(args.giftCardCodes, ['giftCardCodes']);
  return errors.length ? failed(errors) : { cart: remember(cart, ctx), userErrors: [], warnings: [] };
}

export const CART_MUTATIONS: TypeFields = defineFields<unknown>({
  cartCreate: { args: ['input'], resolve: (_r, args, ctx) => cartCreate(args, ctx) },
  cartLinesAdd: { args: ['cartId', 'lines'], resolve: (_r, args, ctx) => cartLinesAdd(args, ctx) },
  cartLinesUpdate: { args: ['cartId', 'lines'], resolve: (_r, args, ctx) => cartLinesUpdate(args, ctx) },
  cartLinesRemove: { args: ['cartId', 'lineIds'], resolve: (_r, args, ctx) => cartLinesRemove(args, ctx) },
  cartNoteUpdate: { args: ['cartId', 'note'], resolve: (_r, args, ctx) => cartNoteUpdate(args, ctx) },
  cartAttributesUpdate: { args: ['cartId', 'attributes'], resolve: (_r, args, ctx) => cartAttributesUpdate(args, ctx) },
  cartBuyerIdentityUpdate: { args: ['cartId', 'buyerIdentity'], resolve: (_r, args, ctx) => cartBuyerIdentityUpdate(args, ctx) },
  cartDiscountCodesUpdate: { args: ['cartId', 'discountCodes'], resolve: (_r, args, ctx) => cartDiscountCodesUpdate(args, ctx) },
  cartGiftCardCodesUpdate: { args: ['cartId', 'giftCardCodes'], resolve: (_r, args, ctx) => cartGiftCardCodesUpdate(args, ctx) },
});
