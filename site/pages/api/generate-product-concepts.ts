import { generatorPost, onlyMethod } from '../../features/generator/server/generator-endpoint.ts';
import { ConceptsRequestSchema } from '../../features/generator/server/request-schemas.ts';

/** POST {productCount, theme, brand, guidelines?} → {products}: product concepts for a run. */
export const prerender = false;

export const POST = generatorPost('concept generation', ConceptsRequestSchema, async (services, body, signal, caller) => {
  caller.staff.record({
    event: 'RUN_STARTED',
    actor: caller.who,
    address: caller.address,
    detail: { count: body.productCount, via: caller.who.via },
  });
  return {
    products: await services.generateConcepts(
      {
        productCount: body.productCount,
        theme: body.theme,
        brand: body.brand,
        ...(body.guidelines ? { guidelines: body.guidelines } : {}),
      },
      signal,
    ),
  };
});

export const ALL = onlyMethod('POST');
