// The generator's door for servers and the CLI: the browser-safe part, plus the concept schema and
// the providers (concepts, designs, publishers) chosen from the configuration.
export * from './browser.ts';
export * from './concept-schema.ts';
export * from './providers/index.ts';
export { planGenerators, planPublisher, SHOP_NAME } from './providers/selection.ts';
export { tempNameFor, writeAtomically, writeAtomicallySync } from './write-atomically.ts';
export * from './runs/run-store.ts';
export * from './runs/runner.ts';
export * from './runs/owner.ts';
export * from './runs/design-folder.ts';
export * from './runs/prune.ts';
