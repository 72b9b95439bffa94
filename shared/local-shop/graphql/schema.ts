import fs from 'node:fs';
import { GraphQLSchema, buildClientSchema, type IntrospectionQuery } from 'graphql';
import { STOREFRONT_SCHEMA_FILE } from '../../storefront/index.ts';

/**
 * Shopify's own Storefront API 2025-07 schema (the introspection JSON vendored in shared/storefront),
 * built once per process. Documents are validated against it exactly, so the shop accepts and rejects
 * what Shopify would. Execution uses the same types without the @defer directive, which graphql-js
 * only executes in its experimental incremental mode (the shop refuses @defer during validation).
 */

const SCHEMA_FILE = STOREFRONT_SCHEMA_FILE;

let schemas: { validation: GraphQLSchema; execution: GraphQLSchema } | undefined;

function load() {
  if (!schemas) {
    const introspection = JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8')) as IntrospectionQuery | { data: IntrospectionQuery };
    const validation = buildClientSchema('data' in introspection ? introspection.data : introspection);
    const config = validation.toConfig();
    const execution = new GraphQLSchema({
      ...config,
      directives: config.directives.filter((d) => d.name !== 'defer' && d.name !== 'stream'),
    });
    schemas = { validation, execution };
  }
  return schemas;
}

export function storefrontSchema(): GraphQLSchema {
  return load().validation;
}

export function executionSchema(): GraphQLSchema {
  return load().execution;
}
