// The generator's browser-safe door: the pipeline, its types and messages. No providers, no zod.
export * from './messages.ts';
export * from './pipeline.ts';
export type * from './types.ts';
