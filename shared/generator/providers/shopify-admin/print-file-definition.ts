import { isRecord, type ErrorKind } from '../../../common/index.ts';
import { PRINT_FILE_METAFIELD } from '../print-file.ts';
import type { AdminClient } from './admin-client.ts';
import { METAFIELD_DEFINITION_CREATE, METAFIELD_DEFINITION_LOOKUP } from './documents.ts';
import { describeUserErrors, userErrorsOf } from './errors.ts';

/**
 * The print file's metafield definition on a Shopify store: `custom.print_file` on products, type
 * file_reference, kept off the storefront. Publishing works without it (Shopify then keeps the value
 * as an unstructured metafield); with it, the admin shows the print file on each product's page and
 * Shopify refuses a value that is not a file. `tshirt-gen shopify metafields register` makes it, and
 * running it again makes nothing new (docs/behaviour/cli.md).
 */

export const PRINT_FILE_DEFINITION = {
  namespace: PRINT_FILE_METAFIELD.namespace,
  key: PRINT_FILE_METAFIELD.key,
  type: PRINT_FILE_METAFIELD.type,
  ownerType: 'PRODUCT',
  name: 'Print file',
  description: 'The 4500×5400 PNG the generator made for printing this shirt. Shoppers never see it.',
} as const;

export interface DefinitionResult {
  /** `custom.print_file` */
  metafield: string;
  type: string;
  /** `created` now, or `existing` (the store already had it). */
  status: 'created' | 'existing';
  id: string;
  /** Whether the admin shows it on every product's page (a new one is unpinned when the store's pinned limit is reached). */
  pinned: boolean;
  /** The storefront's access to it, as the store has it: `NONE` keeps print files off the public API. */
  storefrontAccess: string | null;
  /**
   * The rules an existing definition carries (`file_type_options`, say), which Shopify applies to
   * every print file the publisher links; a new one has none.
   */
  validations: Array<{ name: string; value: string | null }>;
}

export class MetafieldDefinitionError extends Error {
  readonly kind: ErrorKind = 'upstream';
  override name = 'MetafieldDefinitionError';
}

const METAFIELD = `${PRINT_FILE_DEFINITION.namespace}.${PRINT_FILE_DEFINITION.key}`;

async function create(client: AdminClient, pin: boolean, signal: AbortSignal | undefined) {
  // Not retried on a network failure: the next run finds a definition that was made.
  const answer = await client.call({
    step: 'metafieldDefinitionCreate',
    query: METAFIELD_DEFINITION_CREATE,
    variables: { definition: { ...PRINT_FILE_DEFINITION, pin, access: { storefront: 'NONE' } } },
    idempotent: false,
    signal,
  });
  return isRecord(answer.metafieldDefinitionCreate) ? answer.metafieldDefinitionCreate : undefined;
}

/** The store's definition of custom.print_file on products, as a result; undefined when it has none. */
async function lookUp(client: AdminClient, signal: AbortSignal | undefined): Promise<DefinitionResult | undefined> {
  const data = await client.call({
    step: 'metafieldDefinitions',
    query: METAFIELD_DEFINITION_LOOKUP,
    variables: { ownerType: PRINT_FILE_DEFINITION.ownerType, namespace: PRINT_FILE_DEFINITION.namespace, key: PRINT_FILE_DEFINITION.key },
    idempotent: true,
    signal,
  });
  const connection = data.metafieldDefinitions;
  if (!isRecord(connection) || !Array.isArray(connection.nodes))
    throw new MetafieldDefinitionError('Shopify metafieldDefinitions failed: the answer had no metafieldDefinitions');
  const existing = connection.nodes.find(isRecord);
  if (!existing) return undefined;
  const type = isRecord(existing.type) ? String(existing.type.name) : 'an unknown type';
  if (type !== PRINT_FILE_DEFINITION.type)
    throw new MetafieldDefinitionError(
      `${METAFIELD} is already defined on products as ${type}, but the generator writes a ${PRINT_FILE_DEFINITION.type} there: change or delete that definition in the Shopify admin (Settings, Custom data, Products)`,
    );
  return {
    metafield: METAFIELD,
    type,
    status: 'existing',
    id: String(existing.id),
    pinned: typeof existing.pinnedPosition === 'number',
    storefrontAccess: isRecord(existing.access) && typeof existing.access.storefront === 'string' ? existing.access.storefront : null,
    validations: (Array.isArray(existing.validations) ? existing.validations.filter(isRecord) : []).map((v) => ({
      name: String(v.name),
      value: typeof v.value === 'string' ? v.value : null,
    })),
  };
}

/** Makes the print file's definition unless the store has it; refuses one of another type. */
export async function registerPrintFileDefinition(client: AdminClient, signal?: AbortSignal): Promise<DefinitionResult> {
  const existing = await lookUp(client, signal);
  if (existing) return existing;
  let pinned = true;
  let payload = await create(client, true, signal);
  // A store may pin only so many definitions: made unpinned, it is still there, a click away in the admin.
  if (userErrorsOf(payload).some((e) => e.code === 'PINNED_LIMIT_REACHED')) {
    pinned = false;
    payload = await create(client, false, signal);
  }
  const userErrors = userErrorsOf(payload);
  // Made meanwhile by another run of this command: that one is the store's now.
  if (userErrors.some((e) => e.code === 'TAKEN')) {
    const made = await lookUp(client, signal);
    if (made) return made;
  }
  if (userErrors.length > 0)
    throw new MetafieldDefinitionError(`Shopify metafieldDefinitionCreate failed for ${METAFIELD}: ${describeUserErrors(userErrors)}`);
  const created = payload && isRecord(payload.createdDefinition) ? payload.createdDefinition : undefined;
  if (!created || typeof created.id !== 'string')
    throw new MetafieldDefinitionError(`Shopify metafieldDefinitionCreate failed for ${METAFIELD}: the answer had no definition`);
  return {
    metafield: METAFIELD,
    type: PRINT_FILE_DEFINITION.type,
    status: 'created',
    id: created.id,
    pinned,
    storefrontAccess: 'NONE',
    validations: [],
  };
}
