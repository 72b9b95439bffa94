import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { MAX_PAGE_SIZE } from '../../storefront/constants.ts';

/**
 * Cheap guards that run before validation and execution, so no document can make the shop hang:
 * document size, token count, selection depth, and a cost that multiplies what a connection selects
 * by its page size (so a thousand aliased `products(first: 250)` are refused up front). Fragments are
 * measured once each, so fragment "bombs" cost linear time to measure.
 */

export const QUERY_LIMITS = {
  maxDocumentBytes: 100 * 1024,
  maxTokens: 15_000,
  maxDepth: 15,
  maxCost: 100_000,
} as const;

interface Measure {
  depth: number;
  cost: number;
}

function intValue(field: FieldNode, name: string, variables: Readonly<Record<string, unknown>>, operation: OperationDefinitionNode | undefined): number | null {
  const argument = field.arguments?.find((a) => a.name.value === name);
  if (!argument) return null;
  const value = argument.value;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const given = variables[value.name.value];
    if (typeof given === 'number') return given;
    const fallback = operation?.variableDefinitions?.find((d) => d.variable.name.value === value.name.value)?.defaultValue;
    if (fallback?.kind === Kind.INT) return Number(fallback.value);
  }
  return null;
}

export function checkQueryLimits(
  document: DocumentNode,
  variables: Readonly<Record<string, unknown>>,
  operationName: string | undefined,
): GraphQLError[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: OperationDefinitionNode[] = [];
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    if (definition.kind === Kind.OPERATION_DEFINITION) operations.push(definition);
  }
  const selected = operationName ? operations.filter((o) => o.name?.value === operationName) : operations;
  const memo = new Map<string, Measure>();
  const inProgress = new Set<string>();
  let operation: OperationDefinitionNode | undefined;

  const multiplier = (field: FieldNode) => {
    const size = Math.max(intValue(field, 'first', variables, operation) ?? 0, intValue(field, 'last', variables, operation) ?? 0);
    // Oversized pages are the resolver's to refuse with its own message; here they count as the maximum.
    return Math.min(Math.max(size, 1), MAX_PAGE_SIZE);
  };

  const measure = (set: SelectionSetNode | undefined): Measure => {
    const total: Measure = { depth: 0, cost: 0 };
    for (const selection of set?.selections ?? []) {
      let part: Measure;
      if (selection.kind === Kind.FIELD) {
        const inner = measure(selection.selectionSet);
        part = { depth: inner.depth + 1, cost: multiplier(selection) * (1 + inner.cost) };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        part = measure(selection.selectionSet);
      } else {
        const name = selection.name.value;
        const cached = memo.get(name);
        if (cached) part = cached;
        else if (inProgress.has(name) || !fragments.has(name)) part = { depth: 0, cost: 0 }; // cycles and unknown names: validation reports them
        else {
          inProgress.add(name);
          part = measure(fragments.get(name)!.selectionSet);
          inProgress.delete(name);
          memo.set(name, part);
        }
      }
      total.depth = Math.max(total.depth, part.depth);
      total.cost = Math.min(total.cost + part.cost, Number.MAX_SAFE_INTEGER);
    }
    return total;
  };

  const errors: GraphQLError[] = [];
  for (const op of selected) {
    operation = op;
    memo.clear();
    const { depth, cost } = measure(op.selectionSet);
    const name = op.name ? `Operation '${op.name.value}'` : 'The operation';
    if (depth > QUERY_LIMITS.maxDepth) {
      errors.push(new GraphQLError(`${name} has a selection depth of ${depth}, which exceeds the limit of ${QUERY_LIMITS.maxDepth}`, { nodes: op, extensions: { code: 'MAX_DEPTH_EXCEEDED' } }));
    }
    if (cost > QUERY_LIMITS.maxCost) {
      errors.push(
        new GraphQLError(
          `${name} has a cost of ${cost}, which exceeds the limit of ${QUERY_LIMITS.maxCost} (each field counts 1, multiplied by the first/last of the connections around it)`,
          { nodes: op, extensions: { code: 'MAX_COST_EXCEEDED' } },
        ),
      );
    }
  }
  return errors;
}
