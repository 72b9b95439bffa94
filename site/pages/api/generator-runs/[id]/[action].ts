import { onlyMethod } from '../../../../features/generator/server/generator-endpoint.ts';
import { runAction } from '../../../../features/generator/server/run-endpoints.ts';

/** POST stop | publish {indices?} → {run}: Stop, and Publish All Ready or one card's Publish. */
export const prerender = false;

export const POST = runAction;
export const ALL = onlyMethod('POST');
