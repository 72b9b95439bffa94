import { generatorPost, onlyMethod } from '../../features/generator/server/generator-endpoint.ts';
import { PublishRequestSchema } from '../../features/generator/server/request-schemas.ts';

/** POST {product: {name, description, price, category, imageUrl, keywords}} → {productId, handle}. */
export const prerender = false;

export const POST = generatorPost('publishing', PublishRequestSchema, (services, body, signal) => services.publish(body.product, signal));

export const ALL = onlyMethod('POST');
