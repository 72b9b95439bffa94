import { onlyMethod } from '../../../../../../features/generator/server/generator-endpoint.ts';
import { productPageLive } from '../../../../../../features/generator/server/run-endpoints.ts';

/** GET → {live}: whether a published product's page answers on the storefront yet. */
export const prerender = false;

export const GET = productPageLive;
export const ALL = onlyMethod('GET');
