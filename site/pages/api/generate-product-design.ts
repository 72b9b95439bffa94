import { generatorPost, onlyMethod } from '../../features/generator/server/generator-endpoint.ts';
import { DesignRequestSchema } from '../../features/generator/server/request-schemas.ts';

/** POST {productName, quote, category, colors} → {imageUrl, printUrl}: one design, stored and served by this server. */
export const prerender = false;

export const POST = generatorPost('design generation', DesignRequestSchema, (services, body, signal) =>
  services.generateDesign(body, signal),
);

export const ALL = onlyMethod('POST');
