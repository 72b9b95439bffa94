// Limits and defaults of a generator run with the one message of each rule: safe everywhere, browsers included.
export * from './limits.ts';
