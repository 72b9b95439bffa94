import type { PublishRequestBody, PublishResult } from '../../../../shared/generator/index.ts';
import { STAFF_MESSAGES, StaffError } from '../../../../shared/staff/index.ts';
import type { Caller } from './generator-endpoint.ts';
import type { GeneratorServices } from './services.ts';

/** A real Shopify store takes products only from a session that passed a second factor (aal2); the embedded shop from any member. */
export function checkMayPublish(caller: Caller, services: GeneratorServices): void {
  if (services.publishesToRealStore() && caller.who.aal !== 'aal2') throw new StaffError('forbidden', STAFF_MESSAGES.aal2Needed);
}

/**
 * Publishing on behalf of a staff member: a real Shopify store needs a session that passed a second
 * factor (aal2); the embedded shop needs only a signed-in member. Recorded in the audit trail with
 * the shop's product id (docs/behaviour/staff-accounts.md), as a run's publishes are.
 */
export async function publishAs(
  caller: Caller,
  services: GeneratorServices,
  product: PublishRequestBody,
  signal: AbortSignal,
): Promise<PublishResult> {
  checkMayPublish(caller, services);
  const result = await services.publish(product, signal);
  recordPublished(caller, result.productId, product.name);
  return result;
}

/** A product published for this caller, in the audit trail: the shop's product id, its name, and the run it came from if any. */
export function recordPublished(caller: Caller, productId: string | undefined, name: string, run?: string): void {
  caller.staff.record({
    event: 'PRODUCT_PUBLISHED',
    actor: caller.who,
    subject: productId,
    address: caller.address,
    detail: { name, via: caller.who.via, ...(run ? { run } : {}) },
  });
}
