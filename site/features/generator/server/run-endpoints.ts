import type { APIContext, APIRoute } from 'astro';
import { ApiError } from '../../../server/http/api-error.ts';
import { jsonResponse } from '../../../server/http/json-response.ts';
import type { Actor, PublishFollowUp } from '../../../../shared/generator/index.ts';
import { type Caller, generatorGet, generatorPost } from './generator-endpoint.ts';
import { EditProductSchema, EmptySchema, PublishRunSchema, StartRunSchema } from './request-schemas.ts';
import { checkMayPublish, recordPublished } from './publish-as.ts';
import type { GeneratorServices } from './services.ts';
import type { RunService } from './run-service.ts';
import { pageAnswers } from './page-live.ts';

/**
 * The runs API (docs/behaviour/generator.md, "The runs API"): start and list runs, read one (a long
 * poll: the live view), stop, publish, and the card's Edit, Regenerate Design, Discard and Retry.
 * The run service's errors are recognised by name (the services live outside this bundle).
 */

/** Longest wait of one live-view request; the page asks again at once. */
export const LIVE_WAIT_MS = 25_000;

const RUN_ID = /^[0-9a-f]{16}$/;

function runsOf(services: GeneratorServices): RunService {
  if (!services.runs) throw new ApiError('unavailable', 'The generator is not configured correctly');
  return services.runs;
}

/** Who is asking, as the run store records it: the signed-in staff member (or an API key's owner). */
function actorOf(caller: Caller): Actor {
  return { id: caller.who.id, email: caller.who.email };
}

/** Each product this caller publishes goes into the audit trail once the shop has it, as a single publish does. */
function auditedPublish(caller: Caller, runId: string): PublishFollowUp {
  return { onPublished: (product) => recordPublished(caller, product.shopId, product.name, runId) };
}

function runIdOf(context: APIContext): string {
  const id = context.params.id ?? '';
  if (!RUN_ID.test(id)) throw new ApiError('not-found', 'There is no run with that id');
  return id;
}

function indexOf(context: APIContext): number {
  const text = context.params.index ?? '';
  if (!/^\d{1,3}$/.test(text)) throw new ApiError('not-found', 'There is no product with that number');
  return Number(text);
}

/**
 * The runner's refusals as HTTP answers: no such run or product (404), not in a state for it (409), the
 * shop would not give up a partly published product that is being discarded (502).
 */
function runError(error: unknown): unknown {
  const name = error instanceof Error ? error.name : '';
  if (name === 'RunNotFound') return new ApiError('not-found', (error as Error).message);
  if (name === 'RunConflict') return new ApiError('conflict', (error as Error).message);
  if (name === 'ShopRemovalFailed') return new ApiError('upstream', (error as Error).message);
  return error;
}

function withRunErrors<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw runError(error);
  }
}

function runOrNotFound(runs: RunService, id: string) {
  const run = runs.get(id);
  if (!run) throw new ApiError('not-found', 'There is no run with that id');
  return run;
}

/** GET /api/generator-runs → {runs, latest}: every run, newest first, with its counts. */
export const listRuns: APIRoute = generatorGet('listing runs', async (services) => {
  const runs = runsOf(services);
  return jsonResponse({ runs: runs.list(), latest: runs.latestId() ?? null });
});

/** POST /api/generator-runs {count, theme?, guidelines?} → {run}: starts a run on the server. */
export const startRun: APIRoute = generatorPost('starting a run', StartRunSchema, async (services, body, _signal, caller) => {
  const runs = runsOf(services);
  const busy = runs.list().find((run) => run.state === 'running');
  if (busy) throw new ApiError('conflict', 'A run is already going: stop it or wait for it to finish');
  const run = runs.start({
    count: body.count,
    theme: body.theme,
    ...(body.guidelines ? { guidelines: body.guidelines } : {}),
    actor: actorOf(caller),
  });
  caller.staff.record({
    event: 'RUN_STARTED',
    actor: caller.who,
    subject: run.id,
    address: caller.address,
    detail: { count: body.count, via: caller.who.via },
  });
  return { run };
});

/**
 * GET /api/generator-runs/{id}[?after=version] → {run}. With `after`, the answer waits until the run
 * has changed past that version (at most 25 s): the page's live view, one request at a time.
 */
export const readRun: APIRoute = generatorGet('reading a run', async (services, context) => {
  const runs = runsOf(services);
  const id = runIdOf(context);
  const after = context.url.searchParams.get('after');
  if (after !== null) {
    if (!/^\d{1,15}$/.test(after)) throw new ApiError('bad-request', 'after must be a run version (a whole number)');
    await runs.waitForChange(id, Number(after), LIVE_WAIT_MS, context.request.signal);
  }
  return jsonResponse({ run: runOrNotFound(runs, id) });
});

/** POST /api/generator-runs/{id}/{stop|publish}. */
export const runAction: APIRoute = generatorPost('changing a run', PublishRunSchema, async (services, body, _signal, caller, context) => {
  const runs = runsOf(services);
  const id = runIdOf(context);
  const actor = actorOf(caller);
  switch (context.params.action) {
    case 'stop':
      withRunErrors(() => runs.runner.stop(id, actor));
      return { run: runOrNotFound(runs, id) };
    case 'publish': {
      // A real Shopify store needs a session that passed a second factor, as POST /api/publish-to-shopify does.
      checkMayPublish(caller, services);
      const claimed = withRunErrors(() => runs.runner.publish(id, body.indices, actor, auditedPublish(caller, id)));
      return { claimed, run: runOrNotFound(runs, id) };
    }
    default:
      throw new ApiError('not-found', 'Runs know only stop and publish');
  }
});

/** POST /api/generator-runs/{id}/products/{index}/{edit|regenerate|discard|retry}. */
export const productAction: APIRoute = async (context) => {
  const action = context.params.action;
  if (action === 'edit') return editProduct(context);
  return productStep(context);
};

const editProduct: APIRoute = generatorPost('editing a product', EditProductSchema, async (services, body, _signal, caller, context) => {
  const runs = runsOf(services);
  const id = runIdOf(context);
  withRunErrors(() => runs.edit(id, indexOf(context), body, actorOf(caller)));
  return { run: runOrNotFound(runs, id) };
});

const productStep: APIRoute = generatorPost('changing a product', EmptySchema, async (services, _body, _signal, caller, context) => {
  const runs = runsOf(services);
  const id = runIdOf(context);
  const index = indexOf(context);
  const actor = actorOf(caller);
  switch (context.params.action) {
    case 'regenerate':
      withRunErrors(() => runs.runner.regenerate(id, index, actor));
      break;
    case 'retry':
      // Retrying a failed publish publishes: the same second factor as the run's publish, and the same audit entry.
      withRunErrors(() =>
        runs.runner.retry(id, index, actor, { checkMayPublish: () => checkMayPublish(caller, services), ...auditedPublish(caller, id) }),
      );
      break;
    case 'discard':
      // A partly published product leaves the shop first: a shop change, with the same second factor as publishing.
      await withRunErrors(() => runs.runner.discard(id, index, actor, { checkMayRemove: () => checkMayPublish(caller, services) })).catch(
        (error: unknown) => {
          throw runError(error);
        },
      );
      break;
    default:
      throw new ApiError('not-found', 'Products know only edit, regenerate, discard and retry');
  }
  return { run: runOrNotFound(runs, id) };
});

/**
 * GET /api/generator-runs/{id}/products/{index}/live → {live}: whether the published product's page
 * answers on the storefront yet (the card's "going live" line). Asks the server that serves the
 * build (`locals.siteUrl` under npm start, this request's origin under astro dev).
 */
export const productPageLive: APIRoute = generatorGet('checking a product page', async (services, context) => {
  const run = runOrNotFound(runsOf(services), runIdOf(context));
  const index = indexOf(context);
  const product = run.products.find((p) => p.index === index);
  if (!product) throw new ApiError('not-found', 'There is no product with that number');
  if (product.status !== 'published' || !product.handle) return jsonResponse({ live: false });
  const live = await pageAnswers(context.locals.siteUrl ?? context.url.origin, `/product/${encodeURIComponent(product.handle)}`);
  return jsonResponse({ live });
});
