import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildClientSchema, parse, validate, type IntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { STOREFRONT_DOCUMENTS } from '../../shared/storefront/browser.ts';

/**
 * The contract with Shopify: every Storefront document the project sends is valid against Shopify's
 * real 2025-07 schema (storefront.schema.json from @shopify/hydrogen-react@2025.7.2).
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const introspection = JSON.parse(readFileSync(path.join(root, 'shared/storefront/storefront.schema.json'), 'utf8')) as IntrospectionQuery;
const schema = buildClientSchema(introspection);

function errorsOf(document: string): string[] {
  return validate(schema, parse(document)).map((e) => e.message);
}

describe('Storefront documents against Shopify 2025-07', () => {
  it.each(Object.entries(STOREFRONT_DOCUMENTS))('%s is valid', (_name, document) => {
    expect(errorsOf(document)).toEqual([]);
  });

  it('the check has teeth: a misspelled field is rejected', () => {
    const misspelled = STOREFRONT_DOCUMENTS.Products.replace('availableForSale', 'availableForSael');
    expect(errorsOf(misspelled).join('\n')).toMatch(/Cannot query field "availableForSael" on type "ProductVariant"/);
  });

  it('the vendored schema is the 2025-07 Storefront schema', () => {
    // Fields that arrived or left around 2025-07 pin the version more tightly than a checksum would.
    expect(schema.getQueryType()?.name).toBe('QueryRoot');
    expect(schema.getType('Cart')).toBeDefined();
    expect(schema.getType('CartDeliveryAddress')).toBeDefined();
  });

  it('no Storefront document is written outside shared/storefront/documents/', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const full = path.join(dir, entry);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.(ts|tsx|astro|js|mjs)$/.test(entry)) {
          const rel = path.relative(root, full);
          if (rel.startsWith(path.join('shared', 'storefront', 'documents') + path.sep) || /admin/i.test(rel)) continue;
          const text = readFileSync(full, 'utf8');
          if (/\b(query|mutation)\s+[A-Z]\w*\s*[({]/.test(text)) offenders.push(rel);
        }
      }
    };
    for (const dir of ['shared', 'site', 'cli']) {
      try {
        walk(path.join(root, dir));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    expect(offenders).toEqual([]);
  });
});
