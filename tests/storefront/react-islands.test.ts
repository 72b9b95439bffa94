import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REACT_RENDERER, reactIslands } from '../../site/features/shell/react-islands.ts';
import { astroSource } from '../support/astro-source.ts';
import { filesUnder } from '../support/files.ts';

/**
 * Islands are marked as React's so Astro renders each once per page instead of twice (a throwaway
 * render to find its framework, then the real one): the marking itself, and a check that no
 * hydrated component in site/ is left unmarked, which would quietly bring the second render back.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const RENDERER = Symbol.for('astro:renderer');

describe('reactIslands', () => {
  it('marks each component with the React renderer, out of sight of enumeration', () => {
    const island = function island() {
      return null;
    };
    const other = () => null;
    reactIslands(island, other);
    expect((island as unknown as Record<symbol, unknown>)[RENDERER]).toBe(REACT_RENDERER);
    expect((other as unknown as Record<symbol, unknown>)[RENDERER]).toBe('@astrojs/react');
    expect(Object.getOwnPropertySymbols(island).filter((s) => Object.getOwnPropertyDescriptor(island, s)?.enumerable)).toEqual([]);
  });

  it('can be called on every render: a marked component is left as it is', () => {
    const island = () => null;
    reactIslands(island);
    expect(() => reactIslands(island)).not.toThrow();
    const foreign = () => null;
    Object.defineProperty(foreign, RENDERER, { value: 'astro:jsx' });
    reactIslands(foreign);
    expect((foreign as unknown as Record<symbol, unknown>)[RENDERER]).toBe('astro:jsx');
  });
});

/** Components given a hydration directive in a template, and the names passed to reactIslands(...) in its front matter. */
function islandsOf(source: string): { hydrated: string[]; marked: string[] } {
  const { frontMatter, template } = astroSource(source);
  const hydrated = [...template.matchAll(/<([A-Z]\w*)\b[^>]*?\sclient:(?!only\b)\w+/g)].map((m) => m[1]!);
  const marked = [...frontMatter.matchAll(/reactIslands\(([^)]*)\)/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
  return { hydrated: [...new Set(hydrated)], marked };
}

describe('every island in site/ is marked', () => {
  it('reads hydrated components and marked names from a component', () => {
    const source =
      '---\nimport A from \'./A.tsx\';\nimport B from \'./B.tsx\';\nreactIslands(A);\n---\n<A client:load />\n<div><B client:interact="stale" x={1} /></div>\n<C client:only="react" />\n<D />';
    expect(islandsOf(source)).toEqual({ hydrated: ['A', 'B'], marked: ['A'] });
  });

  it('passes each hydrated component to reactIslands in the same file', () => {
    const files = filesUnder(path.join(ROOT, 'site')).filter((file) => file.endsWith('.astro'));
    const unmarked: string[] = [];
    let islands = 0;
    for (const file of files) {
      const { hydrated, marked } = islandsOf(fs.readFileSync(file, 'utf8'));
      islands += hydrated.length;
      for (const name of hydrated) if (!marked.includes(name)) unmarked.push(`${path.relative(ROOT, file)}: ${name}`);
    }
    // Storefront and staff islands alike: the header's two, the product page's two, the grids', the staff pages'.
    expect(islands).toBeGreaterThanOrEqual(11);
    expect(unmarked).toEqual([]);
  });
});
