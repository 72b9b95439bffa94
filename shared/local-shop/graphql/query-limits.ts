import {
  GraphQLError,
  Kind,
  Lexer,
  Source,
  TokenKind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { MAX_PAGE_SIZE } from '../../storefront/browser.ts';

/**
 * Cheap guards that run before validation and execution, so no document can make the shop hang:
 * document size, token count, bracket nesting (before parsing), fields written, selection depth,
 * schema introspections, and a cost that multiplies what a connection selects by its page size (so
 * a thousand aliased `products(first: 250)` are refused up front). Fragments are measured once each,
 * so fragment "bombs" cost linear time to measure.
 */

export const QUERY_LIMITS = {
  maxDocumentBytes: 100 * 1024,
  maxTokens: 15_000,
  /** Open `{`, `[` and `(` at once: graphql-js parses recursively and overflows its stack at about 2,000. */
  maxNesting: 64,
  /** Fields written in the document, aliases included (the project's largest document has 34). */
  maxFields: 1_000,
  /** The deepest open-storefront document measured is 12 (tests/local-shop/storefront-clients.test.ts keeps the margin). */
  maxDepth: 15,
  /**
   * Each field 1, times the page size of the connections around it. The costliest open-storefront
   * document measured (a Next.js cart: 100 lines × a 250-variant product fragment) costs 318,315,
   * which Shopify accepts; 2,000,000 keeps a margin over it and still refuses 250 × 250 × 250 nests.
   */
  maxCost: 2_000_000,
  /** `__schema` selections per operation: each answers about 0.5 MB of the whole schema. */
  maxSchemaIntrospections: 1,
} as const;

interface Measure {
  depth: number;
  cost: number;
  introspections: number;
}

const OPENING = new Set<string>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSING = new Set<string>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/**
 * How deep the raw document nests brackets, read token by token before it is parsed. Null when it
 * is within the limit, or when it does not even lex (the parser then reports the syntax error).
 */
export function checkNesting(query: string): GraphQLError | null {
  const source = new Source(query);
  const lexer = new Lexer(source);
  let depth = 0;
  let tokens = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (++tokens > QUERY_LIMITS.maxTokens) return null; // the parser's own token limit says so
      if (OPENING.has(token.kind) && ++depth > QUERY_LIMITS.maxNesting) {
        return new GraphQLError(`The query document nests brackets more than ${QUERY_LIMITS.maxNesting} levels deep`, {
          source,
          positions: [token.start],
          extensions: { code: 'MAX_DEPTH_EXCEEDED' },
        });
      }
      if (CLOSING.has(token.kind)) depth = Math.max(0, depth - 1);
    }
  } catch {
    return null;
  }
  return null;
}

/** Fields written anywhere in the document (operations and fragments, each counted once). */
function countFields(document: DocumentNode): number {
  let count = 0;
  const pending: SelectionSetNode[] = [];
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION)
      pending.push(definition.selectionSet);
  }
  // A stack rather than recursion, so the count needs no assumption about depth.
  for (let set = pending.pop(); set; set = pending.pop()) {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) count++;
      if (selection.kind !== Kind.FRAGMENT_SPREAD && selection.selectionSet) pending.push(selection.selectionSet);
    }
  }
  return count;
}

function intValue(
  field: FieldNode,
  name: string,
  variables: Readonly<Record<string, unknown>>,
  operation: OperationDefinitionNode | undefined,
): number | null {
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

/** Depth and cost of each operation the request runs (the costliest storefront documents are measured with it). */
export function measureOperations(
  document: DocumentNode,
  variables: Readonly<Record<string, unknown>>,
  operationName: string | undefined,
): { operation: OperationDefinitionNode; depth: number; cost: number; introspections: number }[] {
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
    const total: Measure = { depth: 0, cost: 0, introspections: 0 };
    for (const selection of set?.selections ?? []) {
      let part: Measure;
      if (selection.kind === Kind.FIELD) {
        const inner = measure(selection.selectionSet);
        const introspections = inner.introspections + (selection.name.value === '__schema' ? 1 : 0);
        part = { depth: inner.depth + 1, cost: multiplier(selection) * (1 + inner.cost), introspections };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        part = measure(selection.selectionSet);
      } else {
        const name = selection.name.value;
        const cached = memo.get(name);
        if (cached) part = cached;
        else if (inProgress.has(name) || !fragments.has(name))
          part = { depth: 0, cost: 0, introspections: 0 }; // cycles and unknown names: validation reports them
        else {
          inProgress.add(name);
          part = measure(fragments.get(name)!.selectionSet);
          inProgress.delete(name);
          memo.set(name, part);
        }
      }
      total.depth = Math.max(total.depth, part.depth);
      total.cost = Math.min(total.cost + part.cost, Number.MAX_SAFE_INTEGER);
      total.introspections = Math.min(total.introspections + part.introspections, Number.MAX_SAFE_INTEGER);
    }
    return total;
  };

  return selected.map((op) => {
    operation = op;
    memo.clear();
    return { operation: op, ...measure(op.selectionSet) };
  });
}

export function checkQueryLimits(
  document: DocumentNode,
  variables: Readonly<Record<string, unknown>>,
  operationName: string | undefined,
): GraphQLError[] {
  const errors: GraphQLError[] = [];
  for (const { operation: op, depth, cost, introspections } of measureOperations(document, variables, operationName)) {
    const name = op.name ? `Operation '${op.name.value}'` : 'The operation';
    if (depth > QUERY_LIMITS.maxDepth) {
      errors.push(
        new GraphQLError(`${name} has a selection depth of ${depth}, which exceeds the limit of ${QUERY_LIMITS.maxDepth}`, {
          nodes: op,
          extensions: { code: 'MAX_DEPTH_EXCEEDED' },
        }),
      );
    }
    if (cost > QUERY_LIMITS.maxCost) {
      errors.push(
        new GraphQLError(
          `${name} has a cost of ${cost}, which exceeds the limit of ${QUERY_LIMITS.maxCost} (each field counts 1, multiplied by the first/last of the connections around it)`,
          { nodes: op, extensions: { code: 'MAX_COST_EXCEEDED' } },
        ),
      );
    }
    if (introspections > QUERY_LIMITS.maxSchemaIntrospections) {
      errors.push(
        new GraphQLError(
          `${name} selects __schema ${introspections} times; the limit is ${QUERY_LIMITS.maxSchemaIntrospections} (the whole schema is about 0.5 MB each time)`,
          {
            nodes: op,
            extensions: { code: 'MAX_INTROSPECTION_EXCEEDED' },
          },
        ),
      );
    }
  }
  const fields = countFields(document);
  if (fields > QUERY_LIMITS.maxFields) {
    errors.push(
      new GraphQLError(
        `The query document selects ${fields} fields (aliases included), which exceeds the limit of ${QUERY_LIMITS.maxFields}`,
        {
          extensions: { code: 'MAX_FIELDS_EXCEEDED' },
        },
      ),
    );
  }
  return errors;
}
