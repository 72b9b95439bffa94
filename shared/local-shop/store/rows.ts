import type { SQLOutputValue } from 'node:sqlite';
import type { ImageRecord, ProductOptionRecord, ProductRecord, SelectedOption, VariantRecord } from './records.ts';
import { type ErrorKind, isRecord } from '../../common/index.ts';

/** Typed reads of SQLite rows: a wrong column type is a corrupt store, reported by name. */

type Row = Record<string, SQLOutputValue>;

export class CorruptRowError extends Error {
  readonly kind: ErrorKind = 'internal';
  override name = 'CorruptRowError';
}

function fail(table: string, column: string, expected: string): never {
  throw new CorruptRowError(`The shop database has an unreadable ${table}.${column} (expected ${expected})`);
}

export function int(row: Row, table: string, column: string): number {
  const value = row[column];
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'bigint') return Number(value);
  return fail(table, column, 'an integer');
}

export function text(row: Row, table: string, column: string): string {
  const value = row[column];
  return typeof value === 'string' ? value : fail(table, column, 'text');
}

export function nullableText(row: Row, table: string, column: string): string | null {
  const value = row[column];
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : fail(table, column, 'text or null');
}

export function nullableInt(row: Row, table: string, column: string): number | null {
  const value = row[column];
  if (value === null || value === undefined) return null;
  return int(row, table, column);
}

/** A JSON column, parsed; a corrupt value is reported by name. */
export function jsonValue(row: Row, table: string, column: string): unknown {
  return json(row, table, column);
}

function json(row: Row, table: string, column: string): unknown {
  try {
    return JSON.parse(text(row, table, column));
  } catch {
    return fail(table, column, 'JSON');
  }
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

export function stringList(row: Row, table: string, column: string): string[] {
  const value = json(row, table, column);
  return isStringArray(value) ? value : fail(table, column, 'a JSON list of strings');
}

export function optionList(row: Row, table: string, column: string): ProductOptionRecord[] {
  const value = json(row, table, column);
  if (Array.isArray(value) && value.every((o) => isRecord(o) && typeof o.name === 'string' && isStringArray(o.values))) {
    return value.map((o: { name: string; values: string[] }) => ({ name: o.name, values: o.values }));
  }
  return fail(table, column, 'a JSON list of {name, values}');
}

export function selectedOptionList(row: Row, table: string, column: string): SelectedOption[] {
  const value = json(row, table, column);
  if (Array.isArray(value) && value.every((o) => isRecord(o) && typeof o.name === 'string' && typeof o.value === 'string')) {
    return value.map((o: { name: string; value: string }) => ({ name: o.name, value: o.value }));
  }
  return fail(table, column, 'a JSON list of {name, value}');
}

export function readImage(row: Row): ImageRecord {
  return {
    __typename: 'Image',
    id: int(row, 'images', 'id'),
    productId: int(row, 'images', 'product_id'),
    file: text(row, 'images', 'file'),
    width: int(row, 'images', 'width'),
    height: int(row, 'images', 'height'),
    altText: nullableText(row, 'images', 'alt_text'),
  };
}

export function readVariant(row: Row): VariantRecord {
  return {
    __typename: 'ProductVariant',
    id: int(row, 'variants', 'id'),
    productId: int(row, 'variants', 'product_id'),
    title: text(row, 'variants', 'title'),
    sku: nullableText(row, 'variants', 'sku'),
    priceCents: int(row, 'variants', 'price_cents'),
    currencyCode: text(row, 'variants', 'currency_code'),
    availableForSale: int(row, 'variants', 'available') === 1,
    selectedOptions: selectedOptionList(row, 'variants', 'selected_options'),
    imageId: nullableInt(row, 'variants', 'image_id'),
    quantityAvailable: nullableInt(row, 'variants', 'quantity_available'),
  };
}

/** A product row without its variants and images (the store attaches those). */
export function readProductRow(row: Row): Omit<ProductRecord, 'variants' | 'images'> {
  return {
    __typename: 'Product',
    id: int(row, 'products', 'id'),
    handle: text(row, 'products', 'handle'),
    title: text(row, 'products', 'title'),
    description: text(row, 'products', 'description'),
    productType: text(row, 'products', 'product_type'),
    vendor: text(row, 'products', 'vendor'),
    tags: stringList(row, 'products', 'tags'),
    options: optionList(row, 'products', 'options'),
    createdAt: text(row, 'products', 'created_at'),
    updatedAt: text(row, 'products', 'updated_at'),
    seoTitle: nullableText(row, 'products', 'seo_title'),
    seoDescription: nullableText(row, 'products', 'seo_description'),
  };
}
