import { generatorPost, onlyMethod } from '../../features/generator/server/generator-endpoint.ts';
import { publishAs } from '../../features/generator/server/publish-as.ts';
import { PublishRequestSchema } from '../../features/generator/server/request-schemas.ts';

/** POST {product: {name, description, price, category, imageUrl, keywords}} → {productId, handle}. */
export const prerender = false;

export const POST = generatorPost('publishing', PublishRequestSchema, (services, body, signal, caller) =>
  publishAs(caller, services, body.product, signal),
);

export const ALL = onlyMethod('POST');
