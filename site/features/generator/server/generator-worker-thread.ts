import { parentPort, workerData } from 'node:worker_threads';
import { warmUpDesignRenderer } from '../../../../shared/design/index.ts';
import { errorMessage, leftNothingInShop } from '../../../../shared/generator/browser.ts';
import { kindOf } from '../../../../shared/common/index.ts';
import { selectGeneratorProviders, selectPublisher } from '../../../../shared/generator/index.ts';
import { createServerDesignStore } from './design-files.ts';
import type { FromWorker, Job, JobResults, ToWorker, WorkerSetup } from './worker-protocol.ts';

/**
 * The generator's worker thread: concepts, designs and publishing run here, because rendering and
 * encoding a 4500×5400 PNG holds a thread for about half a second, and the store's pages must not wait.
 */

const port = parentPort;
if (!port) throw new Error('generator-worker-thread.ts runs as a worker thread');
const setup = workerData as WorkerSetup;

const providers = await selectGeneratorProviders({ designStore: createServerDesignStore(setup.designsDir), config: setup.config });
// `npm start` says the SHOPIFY_API_VERSION warning at start-up; the worker keeps quiet.
const { publisher } = await selectPublisher(setup.config, { warn: false });
const running = new Map<number, AbortController>();

async function run(job: Job, signal: AbortSignal): Promise<JobResults[Job['kind']]> {
  switch (job.kind) {
    case 'concepts':
      return providers.concepts.generateConcepts(job.request, signal);
    case 'design':
      return providers.designs.generateDesign(job.request, signal);
    case 'publish':
      return publisher.publish(job.product, signal);
    case 'remove':
      return (await publisher.remove(job.publishKey, signal)) ?? null;
  }
}

const send = (message: FromWorker) => port.postMessage(message);

port.on('message', (message: ToWorker) => {
  if (message.type === 'abort') {
    running.get(message.id)?.abort();
    return;
  }
  if (message.type === 'close') {
    for (const controller of running.values()) controller.abort();
    // Closing the port lets the thread end on its own once the shop's database is closed.
    void publisher.close().finally(() => port.close());
    return;
  }
  const controller = new AbortController();
  running.set(message.id, controller);
  run(message.job, controller.signal)
    .then(
      (result) => send({ type: 'done', id: message.id, result }),
      (error: unknown) =>
        send({
          type: 'failed',
          id: message.id,
          error: { kind: kindOf(error), message: errorMessage(error), ...(leftNothingInShop(error) ? { nothingInShop: true } : {}) },
        }),
    )
    .finally(() => running.delete(message.id));
});

// Font parsing happens now, while the staff member reads the page, not during the first design.
setImmediate(warmUpDesignRenderer);
