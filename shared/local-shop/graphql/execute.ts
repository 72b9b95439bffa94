import {
  GraphQLError,
  type ExecutionResult,
  Kind,
  legacyExecuteIncrementally,
  visit,
  type ASTVisitor,
  execute,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type FormattedExecutionResult,
  type GraphQLFormattedError,
} from 'graphql';
import type { ShopContext } from './context.ts';
import { implementedSubsetRule } from './implemented-subset-rule.ts';
import { QUERY_LIMITS, checkNesting, checkQueryLimits } from './query-limits.ts';
import { IMPLEMENTED_FIELDS, RETURNED_TYPES, dispatchField } from './resolvers.ts';
import { executionSchema, storefrontSchema } from './schema.ts';
import { ShopError } from './shop-error.ts';

/**
 * One GraphQL request, start to finish: size → parse → depth and cost → validation against Shopify's
 * schema plus the implemented subset → execution. Every failure is an `errors` entry (HTTP 200, as
 * Shopify answers); faults inside the shop are logged and answered as "Internal error".
 */

export interface GraphqlRequest {
  query: string;
  variables: Readonly<Record<string, unknown>>;
  operationName: string | undefined;
}

interface Prepared {
  document: DocumentNode | null;
  errors: readonly GraphQLError[];
  validated: readonly GraphQLError[] | null;
}

const CACHE_SIZE = 200;
const cache = new Map<string, Prepared>();
const subsetRule = implementedSubsetRule(IMPLEMENTED_FIELDS, RETURNED_TYPES);

function prepare(query: string): Prepared {
  const hit = cache.get(query);
  if (hit) {
    cache.delete(query);
    cache.set(query, hit);
    return hit;
  }
  const tooDeep = checkNesting(query);
  let prepared: Prepared;
  if (tooDeep) prepared = { document: null, errors: [tooDeep], validated: null };
  else {
    try {
      prepared = { document: parse(query, { maxTokens: QUERY_LIMITS.maxTokens }), errors: [], validated: null };
    } catch (error) {
      prepared = { document: null, errors: [error instanceof GraphQLError ? error : new GraphQLError(String(error))], validated: null };
    }
  }
  cache.set(query, prepared);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return prepared;
}

/** graphql-js gives up on documents too costly to check (fields merged too many times) with a bare "Validation aborted.". */
function explainAbort(error: GraphQLError): GraphQLError {
  if (error.message !== 'Validation aborted.') return error;
  return new GraphQLError(
    'The query document is too complex to validate (the same fields are selected too many times); send a simpler one',
    {
      extensions: { code: 'MAX_COMPLEXITY_EXCEEDED' },
    },
  );
}

function formatError(error: GraphQLError, onInternalError: (error: unknown) => void): GraphQLFormattedError {
  const original = error.originalError;
  if (original instanceof ShopError) {
    return { ...error.toJSON(), message: original.message, extensions: { code: original.code } };
  }
  if (original && !(original instanceof GraphQLError)) {
    onInternalError(original);
    const { locations, path } = error.toJSON();
    return {
      message: 'Internal error in the embedded shop',
      ...(locations ? { locations } : {}),
      ...(path ? { path } : {}),
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  }
  return error.toJSON();
}

/** The answer to a document with `@defer`: the first part at once, the deferred parts as they resolve (Shopify's multipart format). */
export interface IncrementalAnswer {
  initial: Record<string, unknown>;
  subsequent: AsyncIterable<Record<string, unknown>>;
}

const DEFER = /@defer\b/;

/**
 * Runs the document; with `incremental` (the client accepts multipart/mixed) a document using
 * `@defer` answers in parts, otherwise every deferred field arrives in the one answer.
 */
export async function runGraphql(
  request: GraphqlRequest,
  context: ShopContext,
  onInternalError: (error: unknown) => void,
  options: { incremental?: boolean } = {},
): Promise<FormattedExecutionResult | IncrementalAnswer> {
  const fail = (errors: readonly GraphQLError[]): FormattedExecutionResult => ({
    errors: errors.map((e) => formatError(e, onInternalError)),
  });

  if (Buffer.byteLength(request.query) > QUERY_LIMITS.maxDocumentBytes) {
    return fail([
      new GraphQLError(`The query document is larger than ${QUERY_LIMITS.maxDocumentBytes / 1024} KB`, {
        extensions: { code: 'MAX_QUERY_SIZE_EXCEEDED' },
      }),
    ]);
  }
  const prepared = prepare(request.query);
  if (!prepared.document) return fail(prepared.errors);
  const limits = checkQueryLimits(prepared.document, request.variables, request.operationName);
  if (limits.length > 0) return fail(limits);
  prepared.validated ??= validate(storefrontSchema(), prepared.document, [...specifiedRules, subsetRule], { maxErrors: 25 }).map(
    explainAbort,
  );
  if (prepared.validated.length > 0) return fail(prepared.validated);

  if (options.incremental && DEFER.test(request.query)) {
    const incremental = await legacyExecuteIncrementally({
      schema: storefrontSchema(),
      document: prepared.document,
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue: context,
      fieldResolver: dispatchField,
    });
    if ('initialResult' in incremental) {
      const format = (part: { errors?: readonly GraphQLError[] }) =>
        part.errors ? { ...part, errors: part.errors.map((e) => formatError(e, onInternalError)) } : part;
      const subsequent = incremental.subsequentResults;
      return {
        initial: format(incremental.initialResult) as Record<string, unknown>,
        subsequent: (async function* () {
          for await (const part of subsequent) {
            yield {
              ...part,
              ...(part.incremental
                ? { incremental: part.incremental.map((item) => format(item as { errors?: readonly GraphQLError[] })) }
                : {}),
            } as Record<string, unknown>;
          }
        })(),
      };
    }
    return toFormatted(incremental, onInternalError);
  }
  // Without incremental delivery the deferred fragments are plain fragments.
  const document = DEFER.test(request.query) ? withoutDefer(prepared.document) : prepared.document;
  const result = await execute({
    schema: executionSchema(),
    document,
    variableValues: request.variables,
    operationName: request.operationName,
    contextValue: context,
    fieldResolver: dispatchField,
  });
  return toFormatted(result, onInternalError);
}

/** Drops every @defer, so its fragments run as plain fragments. */
const DROP_DEFER: ASTVisitor = {
  enter: (node) => (node.kind === Kind.DIRECTIVE && node.name.value === 'defer' ? null : undefined),
};

function withoutDefer(document: DocumentNode): DocumentNode {
  return visit(document, DROP_DEFER);
}

function toFormatted(result: ExecutionResult, onInternalError: (error: unknown) => void): FormattedExecutionResult {
  const formatted: FormattedExecutionResult = {};
  if (result.errors?.length) formatted.errors = result.errors.map((e) => formatError(e, onInternalError));
  if ('data' in result) formatted.data = result.data ?? null;
  return formatted;
}
