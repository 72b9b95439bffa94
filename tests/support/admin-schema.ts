import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  GraphQLError,
  GraphQLScalarType,
  Kind,
  buildClientSchema,
  getVariableValues,
  parse,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type IntrospectionQuery,
  type OperationDefinitionNode,
} from 'graphql';

/**
 * Shopify's own Admin GraphQL API 2025-07 schema, from the introspection `@shopify/dev-mcp@1.4.1`
 * ships (dist/data/admin_2025-07.json.gz), built once per process. The Admin stand-in checks every
 * document against it (graphql's validation rules) and coerces every variables object against the
 * operation's variable types (getVariableValues), so a misspelt field, an unknown input field or an
 * enum value 2025-07 does not have is answered with a GraphQL error, as Shopify would answer it.
 *
 * Introspection carries no scalar rules, so the few custom scalars the app sends are given Shopify's
 * documented input forms: Money and Decimal are decimal strings (or numbers), UnsignedInt64 a string
 * of digits (or a whole number), URL an absolute URL.
 */

const require = createRequire(import.meta.url);

export const ADMIN_SCHEMA_VERSION = '2025-07';
export const ADMIN_SCHEMA_FILE = path.join(
  path.dirname(require.resolve('@shopify/dev-mcp/package.json')),
  'dist',
  'data',
  `admin_${ADMIN_SCHEMA_VERSION}.json.gz`,
);

const DECIMAL = /^-?\d+(\.\d+)?$/;

const SCALAR_INPUT_RULES: Record<string, (value: unknown) => unknown> = {
  Money: (value) => {
    if ((typeof value === 'string' && DECIMAL.test(value)) || (typeof value === 'number' && Number.isFinite(value))) return value;
    throw new GraphQLError(`Money must be a decimal amount like "24.99", got ${JSON.stringify(value)}`);
  },
  Decimal: (value) => {
    if ((typeof value === 'string' && DECIMAL.test(value)) || (typeof value === 'number' && Number.isFinite(value))) return value;
    throw new GraphQLError(`Decimal must be a decimal number, got ${JSON.stringify(value)}`);
  },
  UnsignedInt64: (value) => {
    if ((typeof value === 'string' && /^\d{1,20}$/.test(value)) || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0))
      return value;
    throw new GraphQLError(`UnsignedInt64 must be a whole number of at least 0 as a string of digits, got ${JSON.stringify(value)}`);
  },
  URL: (value) => {
    if (typeof value === 'string' && URL.canParse(value)) return value;
    throw new GraphQLError(`URL must be an absolute URL, got ${JSON.stringify(value)}`);
  },
};

let cached: GraphQLSchema | undefined;

/** The Admin 2025-07 schema; read, unzipped and built on the first call only. */
export function adminSchema(): GraphQLSchema {
  if (!cached) {
    const json = JSON.parse(zlib.gunzipSync(fs.readFileSync(ADMIN_SCHEMA_FILE)).toString('utf8')) as { data: IntrospectionQuery };
    // graphql 17 rejects some of the deprecation details in Shopify's introspection unless told to trust it.
    const schema = buildClientSchema(json.data, { assumeValid: true });
    for (const [name, rule] of Object.entries(SCALAR_INPUT_RULES)) {
      const type = schema.getType(name);
      if (!(type instanceof GraphQLScalarType)) throw new Error(`The Admin schema has no ${name} scalar`);
      // Introspection builds these scalars with identity coercion; give them Shopify's input rules.
      Object.assign(type, { coerceInputValue: rule, parseValue: rule });
    }
    cached = schema;
  }
  return cached;
}

/** One entry of a GraphQL `errors` answer. */
export interface AdminGraphQLError {
  message: string;
  locations?: Array<{ line: number; column: number }>;
  extensions: { code: string };
}

export type AdminCheck =
  | {
      ok: true;
      document: DocumentNode;
      operation: OperationDefinitionNode;
      /** The operation's name (`productCreate`), or '' for an anonymous one. */
      name: string;
      /** The top-level fields it selects, aliases resolved to field names. */
      rootFields: string[];
      /** The variables after coercion (defaults filled in). */
      variables: Record<string, unknown>;
    }
  | { ok: false; errors: AdminGraphQLError[] };

const asError = (error: GraphQLError, code: string): AdminGraphQLError => ({
  message: error.message,
  ...(error.locations?.length ? { locations: error.locations.map(({ line, column }) => ({ line, column })) } : {}),
  extensions: { code },
});

/** Parses, validates and coerces one Admin request the way Shopify's GraphQL endpoint does before running it. */
export function checkAdminRequest(query: unknown, variables: unknown, operationName?: unknown): AdminCheck {
  if (typeof query !== 'string' || query.trim() === '')
    return { ok: false, errors: [{ message: 'No query string was present', extensions: { code: 'BAD_REQUEST' } }] };
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables)))
    return { ok: false, errors: [{ message: 'Variables must be a JSON object', extensions: { code: 'BAD_REQUEST' } }] };
  const schema = adminSchema();
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    return { ok: false, errors: [asError(error as GraphQLError, 'GRAPHQL_PARSE_FAILED')] };
  }
  const invalid = validate(schema, document);
  if (invalid.length > 0) return { ok: false, errors: invalid.map((error) => asError(error, 'GRAPHQL_VALIDATION_FAILED')) };

  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation =
    typeof operationName === 'string'
      ? operations.find((o) => o.name?.value === operationName)
      : operations.length === 1
        ? operations[0]
        : undefined;
  if (!operation) {
    const message =
      typeof operationName === 'string'
        ? `No operation named "${operationName}"`
        : 'An operation name is required when the document has several';
    return { ok: false, errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] };
  }
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], (variables ?? {}) as Record<string, unknown>, {
    maxErrors: 10,
  });
  if (coerced.errors) return { ok: false, errors: coerced.errors.map((error) => asError(error, 'INVALID_VARIABLE')) };

  const rootFields = operation.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : []));
  return {
    ok: true,
    document,
    operation,
    name: operation.name?.value ?? '',
    rootFields,
    variables: { ...coerced.variableValues.coerced },
  };
}
