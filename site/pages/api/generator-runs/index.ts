import { onlyMethod } from '../../../features/generator/server/generator-endpoint.ts';
import { listRuns, startRun } from '../../../features/generator/server/run-endpoints.ts';

/** GET → {runs, latest}; POST {count, theme?, guidelines?} → {run}: the generator's runs. */
export const prerender = false;

export const GET = listRuns;
export const POST = startRun;
export const ALL = onlyMethod('GET');
