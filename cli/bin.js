#!/usr/bin/env node
// The `tshirt-gen` command. In a checkout Node runs the TypeScript entry directly (type stripping);
// an installed package runs the compiled lib/ (Node will not strip types under node_modules).
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

// node:sqlite (the embedded shop) needs no flag from Node 22.13; older Nodes would fail with a stack trace.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 13)) {
  process.stderr.write(`tshirt-gen: needs Node.js 22.13 or newer (this is ${process.version})\n`);
  process.exit(1);
}

// Keeps compiled (and type-stripped) modules on disk: a run after the first starts in about half the time.
module.enableCompileCache?.();

const source = new URL('./main.ts', import.meta.url);
const compiled = new URL('../lib/cli/main.js', import.meta.url);
// Source first when it can run, so a stale lib/ from an earlier `npm pack` never shadows edits.
const runSource =
  existsSync(source) && Boolean(process.features.typescript) && !fileURLToPath(source).split(/[\\/]/).includes('node_modules');

if (!runSource && !existsSync(compiled)) {
  process.stderr.write('tshirt-gen: lib/cli/main.js is missing; build it with `npm run build:cli` (or use Node 22.18+ in a checkout)\n');
  process.exit(1);
}
const { main } = await import(runSource ? source.href : compiled.href);
process.exitCode = await main(process.argv);
