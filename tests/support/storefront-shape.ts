import { GraphQLSchema, buildClientSchema, execute, isAbstractType, parse, stripIgnoredCharacters, type IntrospectionQuery } from 'graphql';
import fs from 'node:fs';

/**
 * Checks an answer against Shopify's 2025-07 schema for the document that asked for it: the answer is
 * fed back through graphql-js as if it were the data source, so every selected field must be present,
 * non-null where the schema says so, of its scalar type, and a value of its enum. Returns the
 * problems, empty when the answer has Shopify's documented shape.
 */

let schema: GraphQLSchema | undefined;

function storefrontSchema(): GraphQLSchema {
  if (!schema) {
    const json = JSON.parse(fs.readFileSync(new URL('../../shared/storefront/storefront.schema.json', import.meta.url), 'utf8')) as
      | IntrospectionQuery
      | { data: IntrospectionQuery };
    const full = buildClientSchema('data' in json ? json.data : json).toConfig();
    // graphql-js executes @defer only in its incremental mode; the shape check needs the types alone.
    schema = new GraphQLSchema({ ...full, directives: full.directives.filter((d) => d.name !== 'defer' && d.name !== 'stream') });
  }
  return schema;
}

export function shapeProblems(query: string, data: unknown, variables: Record<string, unknown> = {}, operationName?: string): string[] {
  const s = storefrontSchema();
  // @defer'd fragments arrive merged into the data; the check reads the document without the directive.
  const document = parse(stripIgnoredCharacters(query).replace(/@defer(\([^)]*\))?/g, ''));
  const problems: string[] = [];
  const result = execute({
    schema: s,
    document,
    rootValue: data,
    variableValues: variables,
    ...(operationName ? { operationName } : {}),
    fieldResolver: (source, _args, _ctx, info) => {
      const value = (source as Record<string, unknown>)[info.path.key as string];
      if (value === undefined) problems.push(`missing ${String(info.path.key)} at ${JSON.stringify(pathOf(info.path))}`);
      return value;
    },
    typeResolver: (value, _ctx, info, abstract) => {
      const typename = (value as { __typename?: string }).__typename;
      if (typename) return typename;
      // Without __typename: the first possible type whose fields cover the answer's keys.
      const keys = Object.keys(value as object);
      const candidates = isAbstractType(abstract) ? info.schema.getPossibleTypes(abstract) : [];
      return candidates.find((t) => keys.every((k) => k in t.getFields()))?.name;
    },
  }) as { errors?: readonly { message: string; path?: readonly (string | number)[] }[] };
  for (const error of result.errors ?? []) problems.push(`${error.message} at ${JSON.stringify(error.path)}`);
  return problems;
}

function pathOf(path: { prev: unknown; key: string | number } | undefined): (string | number)[] {
  const out: (string | number)[] = [];
  for (let p = path; p; p = p.prev as typeof path) out.unshift(p.key);
  return out;
}
