import { GraphQLError, isAbstractType, type ASTVisitor, type ValidationContext, type ValidationRule } from 'graphql';
import type { FieldMap } from './field-map.ts';
import { NOT_IMPLEMENTED } from './shop-error.ts';

/**
 * Validation on top of Shopify's schema: a field, argument or directive that Shopify has but the
 * embedded shop does not implement is refused before anything runs, with an error that names it.
 * Types the shop never returns (reachable only through fragments on abstract types) are not checked:
 * those selections can never run.
 */

const UNSUPPORTED_DIRECTIVES = new Set(['stream']);

function refuse(message: string, node: ConstructorParameters<typeof GraphQLError>[1]): GraphQLError {
  return new GraphQLError(`${message} is not implemented by the embedded shop`, { ...node, extensions: { code: NOT_IMPLEMENTED } });
}

export function implementedSubsetRule(fields: FieldMap, returnedTypes: Readonly<Record<string, readonly string[]>>): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    Field(node) {
      const parent = context.getParentType();
      const name = node.name.value;
      // Unknown fields are FieldsOnCorrectTypeRule's to report; introspection is always served.
      if (!parent || !context.getFieldDef() || name.startsWith('__') || parent.name.startsWith('__')) return;
      const concrete = isAbstractType(parent)
        ? (returnedTypes[parent.name] ??
          context
            .getSchema()
            .getPossibleTypes(parent)
            .map((t) => t.name))
        : [parent.name];
      for (const typeName of concrete) {
        const typeFields = fields[typeName];
        if (!typeFields) continue;
        const spec = typeFields[name];
        if (!spec) {
          context.reportError(refuse(`Field '${typeName}.${name}'`, { nodes: node }));
          return;
        }
        for (const argument of node.arguments ?? []) {
          if (!spec.args.includes(argument.name.value)) {
            context.reportError(refuse(`Argument '${argument.name.value}' on Field '${typeName}.${name}'`, { nodes: argument }));
          }
        }
      }
    },
    Directive(node) {
      if (UNSUPPORTED_DIRECTIVES.has(node.name.value)) context.reportError(refuse(`Directive '@${node.name.value}'`, { nodes: node }));
    },
  });
}
