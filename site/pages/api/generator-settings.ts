import { generatorGet, onlyMethod } from '../../features/generator/server/generator-endpoint.ts';
import { jsonResponse } from '../../server/http/json-response.ts';

/** GET → what the /generator page needs before a run (pause between designs, shop name, providers); also the token check. */
export const prerender = false;

export const GET = generatorGet('reading the settings', async (services) => jsonResponse(services.settings()));

export const ALL = onlyMethod('GET');
