import { onlyMethod } from '../../../features/generator/server/generator-endpoint.ts';
import { readRun } from '../../../features/generator/server/run-endpoints.ts';

/** GET [?after=version] → {run}: one run; with `after`, waits for its next change (the live view). */
export const prerender = false;

export const GET = readRun;
export const ALL = onlyMethod('GET');
