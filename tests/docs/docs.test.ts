import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATOR_MESSAGES } from '../../shared/generator/browser.ts';
import { SHOP_NAME } from '../../shared/generator/index.ts';
import { STAFF_MESSAGES } from '../../shared/staff/browser.ts';
import { STOREFRONT_MESSAGES } from '../../shared/storefront/browser.ts';

/**
 * Keeps docs/ honest where that is cheap to check: the route table, the messages quoted verbatim,
 * the paths and links the documents name, and no pointer to a document outside the repository.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (relative: string) => readFileSync(path.join(ROOT, relative), 'utf8');

/** Every file under `dir` (relative to the root), skipping dependencies and build output. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(relative));
    else out.push(relative);
  }
  return out;
}

const docFiles = filesUnder('docs').filter((file) => file.endsWith('.md'));
// Markdown wraps long sentences; a quoted message may span lines.
const flat = (text: string) => text.replace(/\s+/g, ' ');
const behaviourText = flat(
  docFiles
    .filter((file) => file.startsWith('docs/behaviour/'))
    .map(read)
    .join('\n'),
);

describe('docs/README.md: the table of screens and endpoints', () => {
  const index = read('docs/README.md');
  const routeFiles = filesUnder('site/pages');

  it('finds the route files it checks', () => {
    expect(routeFiles).toContain('site/pages/index.astro');
    expect(routeFiles.length).toBeGreaterThanOrEqual(10);
  });

  it.each(routeFiles)('lists %s', (file) => {
    expect(index, `${file} is a route: add it to the table in docs/README.md`).toContain(`\`${file}\``);
  });

  it('lists every CLI command', () => {
    for (const command of ['tshirt-gen [generate]', 'tshirt-gen shop', 'tshirt-gen staff']) expect(index).toContain(command);
  });
});

/** Values that stand in for a message's parameters, and how the documents write each one. */
const COUNT = 900_001;
const INDEX = 900_002;
const STATUS = 900_003;
const NAME = '\u27e8name\u27e9';
const MESSAGE = '\u27e8message\u27e9';
const PLACEHOLDERS: [string, string][] = [
  [String(COUNT), 'N'],
  [String(INDEX), 'i'],
  [String(STATUS), '{status}'],
  [NAME, '{name}'],
  [MESSAGE, '{message}'],
];

function asDocumented(rendered: string): string {
  return PLACEHOLDERS.reduce((text, [value, placeholder]) => text.split(value).join(placeholder), rendered);
}

/** How each generator message with parameters is called here; a new one must be added (and documented). */
const GENERATOR_ARGS: Record<string, readonly unknown[]> = {
  generatedConcepts: [COUNT],
  generatingDesign: [INDEX, COUNT, NAME],
  createdIdeas: [COUNT],
  allDesignsCreated: [SHOP_NAME],
  published: [NAME, SHOP_NAME],
  failedToGenerate: [MESSAGE],
  failedToPublish: [MESSAGE],
};

function documentedForms(messages: Record<string, string | ((...args: never[]) => string)>, args: Record<string, readonly unknown[]>) {
  return Object.entries(messages).map(([key, message]): [string, string] => {
    if (typeof message === 'string') return [key, message];
    const given = args[key];
    if (!given) throw new Error(`${key} takes parameters: add how to call it to this test, and quote it in docs/behaviour/`);
    return [key, asDocumented((message as (...values: unknown[]) => string)(...given))];
  });
}

describe('docs/behaviour: messages quoted verbatim', () => {
  it('has the behaviour documents', () => {
    for (const name of ['storefront', 'cart', 'generator', 'cli', 'embedded-shop', 'errors', 'constants']) {
      expect(docFiles).toContain(`docs/behaviour/${name}.md`);
    }
  });

  it.each(documentedForms(GENERATOR_MESSAGES, GENERATOR_ARGS))('quotes the generator message %s', (_key, text) => {
    expect(behaviourText.includes(`"${text}"`), `"${text}" is not quoted in docs/behaviour/`).toBe(true);
  });

  it.each(Object.entries(STAFF_MESSAGES))('quotes the staff message %s', (_key, text) => {
    expect(behaviourText.includes(`"${text}"`), `"${text}" is not quoted in docs/behaviour/`).toBe(true);
  });

  const storefrontArgs = { httpStatus: [STATUS], graphqlErrors: [[MESSAGE]], cartUserErrors: [[MESSAGE]] };
  it.each(documentedForms(STOREFRONT_MESSAGES, storefrontArgs))('quotes the Storefront message %s', (_key, text) => {
    // A list of messages is written "{messages joined by ', '}" in the catalogue.
    const quoted = `"${text.replace('{message}', "{messages joined by ', '}")}"`;
    expect(behaviourText.includes(quoted), `${quoted} is not quoted in docs/behaviour/`).toBe(true);
  });
});

describe('docs/: paths and links', () => {
  it.each(docFiles)('%s names only files and folders that exist', (file) => {
    const missing: string[] = [];
    for (const [, named] of read(file).matchAll(/`((?:site|shared|cli|tests)\/[^`\s]*)`/g)) {
      // Patterns ({a,b}, <feature>, *, …) name families of paths, not one path.
      if (!named || /[{}<>*…]/.test(named)) continue;
      if (!existsSync(path.join(ROOT, named))) missing.push(named);
    }
    expect(missing).toEqual([]);
  });

  it.each(docFiles)('%s links only to files that exist', (file) => {
    const missing: string[] = [];
    for (const [, target] of read(file).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (!target || /^[a-z]+:/.test(target)) continue;
      if (!existsSync(path.resolve(ROOT, path.dirname(file), target))) missing.push(target);
    }
    expect(missing).toEqual([]);
  });
});

describe('the repository explains itself', () => {
  // Built from pieces so this file does not match itself.
  const outside = new RegExp([`SPEC\\s*${'§'}`, `SPEC${'\\.'}md`, `DESIGN${'\\.'}md`, `/work/${'shared'}`].join('|'));
  const scanned = [
    ...['shared', 'site', 'cli', 'tests', 'docs'].flatMap(filesUnder),
    'README.md',
    'BENCHMARKS.md',
    'astro.config.mjs',
  ].filter((file) => /\.(ts|tsx|astro|mjs|js|md|css|json)$/.test(file) && statSync(path.join(ROOT, file)).size < 2_000_000);

  it('scans the source and the documents', () => {
    expect(scanned).toContain('shared/generator/messages.ts');
    expect(scanned.length).toBeGreaterThan(200);
  });

  it('no file cites a document outside the repository', () => {
    const citing = scanned.filter((file) => outside.test(read(file)));
    expect(citing).toEqual([]);
  });
});
