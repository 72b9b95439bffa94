import { onlyMethod } from '../../../../../../features/generator/server/generator-endpoint.ts';
import { productAction } from '../../../../../../features/generator/server/run-endpoints.ts';

/** POST edit {fields} | regenerate | discard | retry → {run}: a card's review actions. */
export const prerender = false;

export const POST = productAction;
export const ALL = onlyMethod('POST');
