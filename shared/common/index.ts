// The store's brand, money, HTML escaping, meta descriptions and a record guard: safe everywhere, browsers included.
export { BRAND, STORE_NAME, type BrandProfile } from './brand.ts';
export { descriptionHtml, escapeHtml } from './html.ts';
export { isRecord } from './is-record.ts';
export { META_DESCRIPTION_LENGTH, metaDescription } from './text.ts';
export { DEFAULT_CURRENCY, formatAmount, formatPrice, fromCents, toCents, type Money } from './money.ts';
export { ERROR_KINDS, exitCodeOf, httpStatusOf, isErrorKind, kindOf, type ErrorKind } from './error-kinds.ts';
