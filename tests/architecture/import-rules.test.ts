import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astroSource } from '../support/astro-source.ts';
import { filesUnder } from '../support/files.ts';

/**
 * The import rules (docs/architecture.md#import-rules) run by dependency-cruiser with the project's own
 * `.dependency-cruiser.mjs` over a small tree in a temporary folder: the clean tree passes, and each
 * rule fails on one file that breaks it. Astro components are outside dependency-cruiser's reach, so
 * their front matter is checked here against the same door rule.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.mjs');
const DEPCRUISE = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
const run = promisify(execFile);

/** A tree that keeps every rule: two modules with doors, a browser door, an island, a store, a CLI file, a server handler. */
const CLEAN: Record<string, string> = {
  'shared/alpha/index.ts': "export { inner } from './inner.ts';\n",
  'shared/alpha/inner.ts': "import { z } from 'zod';\nexport const inner = z.string();\n",
  'shared/beta/browser.ts': "export const light = 1;\nexport type { Heavy } from './heavy.ts';\n",
  'shared/beta/heavy.ts': "import { z } from 'zod';\nexport const heavy = z.number();\nexport type Heavy = z.infer<typeof heavy>;\n",
  'shared/beta/index.ts':
    "export * from './browser.ts';\nexport { heavy } from './heavy.ts';\nimport { inner } from '../alpha/index.ts';\nexport const both = inner;\n",
  'shared/common/index.ts': "export { money } from './money.ts';\n",
  'shared/common/money.ts': 'export const money = (cents: number) => (cents / 100).toFixed(2);\n',
  'site/features/shop/Island.tsx':
    "import { useState } from 'react';\nimport { light, type Heavy } from '../../../shared/beta/browser.ts';\nimport { money } from '../../../shared/common/index.ts';\nimport { $count } from './shop-store.ts';\nexport const Island = (h: Heavy) => [useState(light), money(h), $count];\n",
  'site/features/shop/shop-store.ts': "import { atom } from 'nanostores';\nexport const $count = atom(0);\n",
  'site/features/shop/server/handler.ts': "import { both } from '../../../../shared/beta/index.ts';\nexport const handler = () => both;\n",
  'cli/main.ts': "import { inner } from '../shared/alpha/index.ts';\nexport const main = () => inner;\n",
};

/** One file changed per rule, and the rule that must name it. */
const VIOLATIONS: { rule: string; file: string; code: string }[] = [
  {
    rule: 'no-deep-imports',
    file: 'cli/main.ts',
    code: "import { inner } from '../shared/alpha/inner.ts';\nexport const main = () => inner;\n",
  },
  {
    rule: 'no-deep-imports-across-shared',
    file: 'shared/beta/index.ts',
    code: "export * from './browser.ts';\nimport { inner } from '../alpha/inner.ts';\nexport const both = inner;\n",
  },
  {
    rule: 'shared-stays-below',
    file: 'shared/alpha/inner.ts',
    code: "import { main } from '../../cli/main.ts';\nexport const inner = main;\n",
  },
  {
    rule: 'browser-takes-browser-doors',
    file: 'site/features/shop/Island.tsx',
    code: "import type { Heavy } from '../../../shared/beta/index.ts';\nexport const Island = (h: Heavy) => h;\n",
  },
  {
    rule: 'browser-runs-browser-code',
    file: 'site/features/shop/shop-store.ts',
    code: "import { z } from 'zod';\nexport const $count = z.number();\n",
  },
  {
    rule: 'browser-runs-browser-code',
    file: 'site/features/shop/shop-store.ts',
    code: "import { handler } from './server/handler.ts';\nexport const $count = handler;\n",
  },
  {
    rule: 'browser-safe-shared-stays-safe',
    file: 'shared/common/money.ts',
    code: "import { readFileSync } from 'node:fs';\nexport const money = (cents: number) => readFileSync(String(cents), 'utf8');\n",
  },
  {
    rule: 'test-only-packages',
    file: 'site/features/shop/server/handler.ts',
    code: "import { createStorefrontClient } from '@shopify/hydrogen-react';\nexport const handler = () => createStorefrontClient;\n",
  },
  {
    rule: 'no-cycles',
    file: 'shared/alpha/inner.ts',
    code: "import { z } from 'zod';\nimport { inner as again } from './index.ts';\nexport const inner = z.string().or(z.literal(String(again)));\n",
  },
  { rule: 'resolvable', file: 'cli/main.ts', code: "import { gone } from './missing.ts';\nexport const main = () => gone;\n" },
];

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-rules-'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.copyFileSync(path.join(ROOT, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeTree(files: Record<string, string>): void {
  for (const top of ['shared', 'site', 'cli']) fs.rmSync(path.join(dir, top), { recursive: true, force: true });
  for (const [file, code] of Object.entries(files)) {
    fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), code);
  }
}

/** The names of the rules dependency-cruiser reports as broken (empty when the tree passes). */
async function brokenRules(): Promise<string[]> {
  const args = [DEPCRUISE, 'shared', 'site', 'cli', '--config', CONFIG, '--output-type', 'json'];
  // The JSON reporter exits 0 or with the number of errors; either way the answer is on stdout.
  const stdout = await run(process.execPath, args, { cwd: dir }).then(
    (done) => done.stdout,
    (error: { stdout?: string }) => error.stdout ?? '',
  );
  const result = JSON.parse(stdout) as { summary: { violations: { rule: { name: string } }[] } };
  return [...new Set(result.summary.violations.map((v) => v.rule.name))].sort();
}

describe('the import rules (dependency-cruiser, .dependency-cruiser.mjs)', () => {
  it('pass on a tree that keeps them', async () => {
    writeTree(CLEAN);
    expect(await brokenRules()).toEqual([]);
  });

  for (const { rule, file, code } of VIOLATIONS) {
    it(`${rule} fails on ${file}: ${code.split('\n')[0]}`, async () => {
      writeTree({ ...CLEAN, [file]: code });
      expect(await brokenRules()).toContain(rule);
    });
  }
});

/** Relative import specifiers in an Astro component's front matter. */
function frontMatterImports(source: string): string[] {
  return [...astroSource(source).frontMatter.matchAll(/^\s*import\s[^'"]*?['"](\.[^'"]+)['"]/gm)].map((m) => m[1]!);
}

describe('Astro components use shared/ modules through their doors', () => {
  const DOOR = /^shared\/[^/]+\/(index|browser)\.ts$/;

  it('reads imports from the front matter', () => {
    const source = "---\nimport { a } from '../../shared/common/index.ts';\nimport Card from './Card.astro';\n---\n<p>{a}</p>";
    expect(frontMatterImports(source)).toEqual(['../../shared/common/index.ts', './Card.astro']);
  });

  it('every import of shared/ in site/**/*.astro names a door', () => {
    const files = filesUnder(path.join(ROOT, 'site')).filter((file) => file.endsWith('.astro'));
    expect(files.length).toBeGreaterThan(5);
    const deep: string[] = [];
    let shared = 0;
    for (const file of files) {
      for (const spec of frontMatterImports(fs.readFileSync(file, 'utf8'))) {
        const target = path
          .relative(ROOT, path.resolve(path.dirname(file), spec))
          .split(path.sep)
          .join('/');
        if (!target.startsWith('shared/')) continue;
        shared += 1;
        if (!DOOR.test(target)) deep.push(`${path.relative(ROOT, file)} → ${target}`);
      }
    }
    expect(shared).toBeGreaterThan(0);
    expect(deep).toEqual([]);
  });
});
