import type { ProductSummary } from '../store/catalogue-index.ts';
import { ShopError } from './shop-error.ts';

/**
 * Shopify's product search syntax, as `products(query:)`, `search` and `predictiveSearch` read it:
 * words (all must match; `OR` between two terms makes either enough), `"quoted phrases"`, `-word` or
 * `NOT word`, `word*` prefixes, and the fields `title:`, `product_type:`, `vendor:`, `tag:`,
 * `tag_not:`, `available_for_sale:`, `variants.price:` (with `<`, `<=`, `>`, `>=`), `created_at:`,
 * `updated_at:` and `id:`. Relevance: a match in the title counts most, then type and tags, then text.
 */

type Comparison = '=' | '<' | '<=' | '>' | '>=';

interface Term {
  field: string | null;
  value: string;
  comparison: Comparison;
  negated: boolean;
  prefix: boolean;
}

/** Terms joined by AND; each entry is a group of alternatives joined by OR. */
export type ParsedQuery = Term[][];

const FIELDS = new Set([
  'title',
  'product_type',
  'vendor',
  'tag',
  'tag_not',
  'available_for_sale',
  'variants.price',
  'created_at',
  'updated_at',
  'id',
  'handle',
  'sku',
]);

function tokens(query: string): string[] {
  const out: string[] = [];
  const pattern = /(-?[\w.]+:(?:[<>]=?)?"[^"]*"|-?"[^"]*"|[^\s()]+)/g;
  for (const match of query.matchAll(pattern)) out.push(match[0]);
  return out;
}

function unquote(value: string): string {
  return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1) : value;
}

/** `prefixLast`: the last word matches as a prefix (predictive search, `search(prefix: LAST)`). */
export function parseProductQuery(query: string, prefixLast = false): ParsedQuery {
  const groups: ParsedQuery = [];
  let joinNext = false;
  let negateNext = false;
  const raws = tokens(query.slice(0, 1000));
  raws.forEach((raw, i) => {
    if (raw === 'OR') {
      joinNext = groups.length > 0;
      return;
    }
    if (raw === 'AND') return;
    if (raw === 'NOT') {
      negateNext = true;
      return;
    }
    let word = raw;
    let negated = negateNext;
    negateNext = false;
    if (word.startsWith('-') && word.length > 1) {
      negated = !negated;
      word = word.slice(1);
    }
    let field: string | null = null;
    const colon = word.indexOf(':');
    if (colon > 0 && !word.startsWith('"') && FIELDS.has(word.slice(0, colon).toLowerCase())) {
      field = word.slice(0, colon).toLowerCase();
      word = word.slice(colon + 1);
    }
    let comparison: Comparison = '=';
    const op = /^(<=|>=|<|>)/.exec(word);
    if (op && field) {
      comparison = op[1] as Comparison;
      word = word.slice(op[1]!.length);
    }
    let value = unquote(word);
    let prefix = false;
    if (value.endsWith('*')) {
      prefix = true;
      value = value.slice(0, -1);
    } else if (prefixLast && i === raws.length - 1 && !raw.endsWith('"')) prefix = true;
    // A free word of only punctuation or symbols ("+", "&", an emoji) has nothing to find: it is left
    // out of the query, as Shopify's search leaves it ("Ctrl + Alt" finds what "Ctrl Alt" finds).
    if (!value || (field === null && !/\s/.test(value) && words(value).length === 0)) return;
    const term: Term = { field, value: value.toLowerCase(), comparison, negated, prefix };
    if (joinNext) groups[groups.length - 1]!.push(term);
    else groups.push([term]);
    joinNext = false;
  });
  return groups;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function textMatches(text: string, term: Term): boolean {
  const value = term.value;
  if (/\s/.test(value)) return text.toLowerCase().includes(value);
  const parts = words(value);
  // A field's value of only punctuation or symbols (`title:&`; free words like it are left out when the
  // query is read) has no word to find: it matches nothing, rather than every text.
  if (parts.length === 0) return false;
  const haystack = words(text);
  // Every word of the term appears as a word (or, for a prefix term, the start of one) in the text.
  return parts.every((part, i) => {
    const asPrefix = term.prefix && i === parts.length - 1;
    return haystack.some((w) => w === part || isPlural(w, part) || (asPrefix && w.startsWith(part)));
  });
}

/** "shirts" finds "shirt" and the other way round, as Shopify's search does. */
function isPlural(word: string, term: string): boolean {
  return word === `${term}s` || term === `${word}s` || word === `${term}es` || term === `${word}es`;
}

function compare(actual: number, expected: number, comparison: Comparison): boolean {
  switch (comparison) {
    case '<':
      return actual < expected;
    case '<=':
      return actual <= expected;
    case '>':
      return actual > expected;
    case '>=':
      return actual >= expected;
    default:
      return actual === expected;
  }
}

function number(value: string, field: string): number {
  const n = Number(value);
  if (!Number.isFinite(n)) throw new ShopError(`The search term ${field}:${value} needs a number`);
  return n;
}

function time(value: string, field: string): number {
  const t = Date.parse(value);
  if (Number.isNaN(t)) throw new ShopError(`The search term ${field}:${value} needs a date such as 2025-01-31`);
  return t;
}

function termMatches(product: ProductSummary, term: Term): boolean {
  const eq = (text: string) => (term.prefix ? text.toLowerCase().startsWith(term.value) : text.toLowerCase() === term.value);
  switch (term.field) {
    case 'title':
      return textMatches(product.title, term);
    case 'product_type':
      return eq(product.productType);
    case 'vendor':
      return eq(product.vendor);
    case 'tag':
      return product.tags.some(eq);
    case 'tag_not':
      return !product.tags.some(eq);
    case 'handle':
      return eq(product.handle);
    case 'sku':
      return product.variants.some((v) => v.sku !== null && eq(v.sku));
    case 'available_for_sale':
      return product.available === (term.value === 'true');
    case 'id':
      return compare(product.id, number(term.value.replace(/^gid:\/\/shopify\/product\//, ''), 'id'), term.comparison);
    case 'variants.price': {
      const cents = Math.round(number(term.value, 'variants.price') * 100);
      return product.variants.some((v) => compare(v.priceCents, cents, term.comparison));
    }
    case 'created_at':
      return compare(Date.parse(product.createdAt), time(term.value, 'created_at'), term.comparison);
    case 'updated_at':
      return compare(Date.parse(product.updatedAt), time(term.value, 'updated_at'), term.comparison);
    default:
      return (
        textMatches(product.title, term) ||
        textMatches(product.productType, term) ||
        textMatches(product.vendor, term) ||
        product.tags.some((tag) => textMatches(tag, term)) ||
        textMatches(product.description, term) ||
        product.variants.some((v) => textMatches(v.title, term))
      );
  }
}

export function matchesQuery(product: ProductSummary, query: ParsedQuery): boolean {
  return query.every((group) => group.some((term) => termMatches(product, term) !== term.negated));
}

/** Higher is more relevant: title words count 4, type and tags 2, the description 1. */
export function relevance(product: ProductSummary, query: ParsedQuery): number {
  let score = 0;
  for (const term of query.flat()) {
    if (term.negated || (term.field !== null && term.field !== 'title')) continue;
    if (textMatches(product.title, term)) score += 4;
    if (textMatches(product.productType, term) || product.tags.some((tag) => textMatches(tag, term))) score += 2;
    if (textMatches(product.description, term)) score += 1;
  }
  return score;
}

/** Plain words of the query, for matching pages, articles and collections. */
export function textTerms(query: ParsedQuery): Term[] {
  return query.flat().filter((t) => !t.negated && (t.field === null || t.field === 'title'));
}

export function textMatchesQuery(text: string, query: ParsedQuery): boolean {
  const terms = textTerms(query);
  return terms.length > 0 && terms.every((term) => textMatches(text, term));
}
