// Variant selection and product ids: safe everywhere, browsers included.
export * from './gid.ts';
export * from './variants.ts';
