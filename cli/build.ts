import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Builds lib/ for the packed package: tsc compiles cli/main.ts and the shared modules it imports to
 * JS (relative `.ts` imports rewritten to `.js`), then the data files those modules read at run
 * time are copied beside them. `npm run build:cli`; npm runs it before `npm pack`/`npm publish`.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lib = path.join(root, 'lib');
// Files read through `new URL(…, import.meta.url)`, so they must sit at the same relative place in lib/.
const ASSETS = ['shared/storefront/storefront.schema.json'];

fs.rmSync(lib, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'cli', 'tsconfig.build.json')], { stdio: 'inherit' });
if (compiled.status !== 0) {
  process.stderr.write('build:cli: tsc failed\n');
  process.exit(compiled.status ?? 1);
}
for (const asset of ASSETS) {
  const target = path.join(lib, asset);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(path.join(root, asset), target);
}
const entry = path.join(lib, 'cli', 'main.js');
if (!fs.existsSync(entry)) {
  process.stderr.write(`build:cli: ${path.relative(root, entry)} was not produced\n`);
  process.exit(1);
}
process.stdout.write(`build:cli: ${path.relative(root, lib)}/ ready\n`);
