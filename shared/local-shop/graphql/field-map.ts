import type { GraphQLResolveInfo } from 'graphql';
import type { ShopContext } from './context.ts';

/**
 * The implemented subset of the Storefront schema, as data: type name → field name → the arguments
 * it accepts and its resolver. The executor dispatches through it and the validation rule reads it,
 * so a field is implemented exactly when it is listed here.
 */

export type Args = Readonly<Record<string, unknown>>;

export type Resolve<S> = (source: S, args: Args, context: ShopContext, info: GraphQLResolveInfo) => unknown;

export interface FieldSpec {
  readonly args: readonly string[];
  // `never` erases the source type at the dispatch boundary; each map is typed where it is defined.
  resolve(source: never, args: Args, context: ShopContext, info: GraphQLResolveInfo): unknown;
}

export type TypeFields = Readonly<Record<string, FieldSpec>>;
export type FieldMap = Readonly<Record<string, TypeFields>>;

type FieldDefinition<S> = Resolve<S> | { args: readonly string[]; resolve: Resolve<S> };

export function defineFields<S>(fields: Record<string, FieldDefinition<S>>): TypeFields {
  const out: Record<string, FieldSpec> = {};
  for (const [name, definition] of Object.entries(fields)) {
    out[name] = typeof definition === 'function' ? { args: [], resolve: definition } : definition;
  }
  return out;
}

/** Fields read straight off the source object (value objects: MoneyV2, PageInfo, edges…). */
export function plainFields(...names: string[]): TypeFields {
  const out: Record<string, FieldSpec> = {};
  for (const name of names) {
    out[name] = { args: [], resolve: (source: Readonly<Record<string, unknown>>) => source[name] };
  }
  return out;
}

/** A connection type and its edge type, both plain. */
export function connectionTypes(connection: string, edge: string): Record<string, TypeFields> {
  return { [connection]: plainFields('edges', 'nodes', 'pageInfo'), [edge]: plainFields('cursor', 'node') };
}
