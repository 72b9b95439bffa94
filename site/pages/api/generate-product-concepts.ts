import { generatorPost, onlyMethod } from '../../features/generator/server/generator-endpoint.ts';
import { ConceptsRequestSchema } from '../../features/generator/server/request-schemas.ts';

/** POST {productCount, theme, brand, guidelines?} → {products}: product concepts for a run. */
export const prerender = false;

export const POST = generatorPost('concept generation', ConceptsRequestSchema, async (services, body, signal) => ({
  products: await services.generateConcepts(
    { productCount: body.productCount, theme: body.theme, brand: body.brand, ...(body.guidelines ? { guidelines: body.guidelines } : {}) },
    signal,
  ),
}));

export const ALL = onlyMethod('POST');
