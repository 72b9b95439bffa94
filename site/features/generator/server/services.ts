import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ConfigError, type Config } from '../../../../shared/config/index.ts';
import { PRINT_FILE_METAFIELD, planGenerators, planPublisher } from '../../../../shared/generator/index.ts';
import type { LocalShopStore } from '../../../../shared/local-shop/index.ts';
import type {
  Concept,
  ConceptRequest,
  DesignRequestBody,
  DesignUrls,
  GeneratorSettings,
  PublishRequestBody,
  PublishResult,
} from '../../../../shared/generator/browser.ts';
import { findDesignFile } from './design-files.ts';
import { DESIGN_FILE_NAME, designFileFromUrl, designUrl } from './design-urls.ts';
import { createGeneratorWorker } from './generator-worker.ts';
import { GeneratorServiceError, serviceErrorFrom } from './service-error.ts';
import { createRunService, type RunService } from './run-service.ts';

export type { DesignUrls, GeneratorSettings };

/**
 * What the generator API endpoints call. The store server makes one of these and hands it to every
 * on-demand route through Astro's `locals`, so the endpoints inside each build share the server's
 * single worker, design folder and publish follow-up, whichever build is current.
 */

export interface GeneratorServices {
  /** Why the generator cannot run (a configuration problem), or undefined when it can. */
  problem(): string | undefined;
  settings(): GeneratorSettings;
  generateConcepts(request: ConceptRequest, signal?: AbortSignal): Promise<Concept[]>;
  generateDesign(request: DesignRequestBody, signal?: AbortSignal): Promise<DesignUrls>;
  /** Publishes a product whose imageUrl is one of this server's designs. */
  publish(product: PublishRequestBody, signal?: AbortSignal): Promise<PublishResult>;
  /** True when publishing goes to a real Shopify store (which needs an aal2 session). */
  publishesToRealStore(): boolean;
  /** The file of a stored design, by its name in /api/designs/{name}; undefined when there is none. */
  designFile(name: string): Promise<string | undefined>;
  /**
   * The print file the embedded shop keeps for a product (its custom.print_file metafield), by the
   * product's handle; undefined when there is none, or when products go to a Shopify store (whose
   * print files are in its admin, under Content → Files).
   */
  printFile(handle: string): Promise<PrintFile | undefined>;
  /** The runs in DATA_DIR (undefined while the generator is misconfigured). */
  readonly runs: RunService | undefined;
  log(line: string): void;
  /** One line for the startup log. */
  describe(): string;
  close(): Promise<void>;
}

export interface PrintFile {
  path: string;
  /** The file's name in the shop (`{handle}-print.png`). */
  filename: string;
  size: number;
}

export interface GeneratorServicesOptions {
  config: Config;
  log?: (line: string) => void;
  /** After each successful publish: the store app rebuilds the site and calls the deploy hook. */
  onPublished?: (result: PublishResult) => void;
}

/**
 * Which providers the configuration picks, for the page and the log; a ConfigError says what is wrong.
 * Decided from the configuration alone: the providers themselves are loaded in the worker thread.
 */
function describeProviders(config: Config): { generators: string; publishTo: string; shopName: string } {
  const generators = planGenerators(config);
  const publisher = planPublisher(config);
  return {
    generators: generators.description,
    publishTo: publisher.target === 'local' ? 'the embedded shop' : publisher.description,
    shopName: publisher.shopName,
  };
}

function planPublisherTarget(config: Config): string | undefined {
  try {
    return planPublisher(config).target;
  } catch {
    return undefined;
  }
}

function publicUrlOf(fileUrl: string): string {
  const name = path.basename(fileURLToPath(fileUrl));
  if (!DESIGN_FILE_NAME.test(name)) throw new GeneratorServiceError('internal', `The design store wrote an unexpected file name: ${name}`);
  return designUrl(name);
}

export function createGeneratorServices({
  config,
  log = (line) => console.log(line),
  onPublished,
}: GeneratorServicesOptions): GeneratorServices {
  const designsDir = config.generator.designsDir;
  let providers: ReturnType<typeof describeProviders> | undefined;
  let problem: string | undefined;
  try {
    providers = describeProviders(config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problem = `The generator is not configured correctly: ${error.message}`;
  }
  const worker = createGeneratorWorker({ config, designsDir }, log);

  async function run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw serviceErrorFrom(error);
    }
  }

  /** The stored file name behind a design URL of this server (a print file's for printUrl). */
  function designName(url: string, field: 'imageUrl' | 'printUrl'): string {
    const name = designFileFromUrl(url);
    if (!name || (field === 'printUrl' && !name.endsWith('-print.png')))
      throw new GeneratorServiceError(
        'bad-request',
        `product.${field} must be a ${field === 'printUrl' ? 'print file' : 'design'} made by this server (/api/designs/…)`,
      );
    return name;
  }

  /** The file: URL of a stored design, which the publisher reads. */
  async function storedDesign(name: string): Promise<string> {
    const file = await findDesignFile(designsDir, name);
    if (!file) throw new GeneratorServiceError('bad-request', 'That design is no longer on this server; generate it again');
    return pathToFileURL(file).href;
  }

  async function publish(product: PublishRequestBody, signal?: AbortSignal): Promise<PublishResult> {
    const imageName = designName(product.imageUrl, 'imageUrl');
    const printName = product.printUrl ? designName(product.printUrl, 'printUrl') : undefined;
    // The publisher reads the files straight from disk rather than over HTTP from ourselves.
    const imageUrl = await storedDesign(imageName);
    const printUrl = printName ? await storedDesign(printName) : undefined;
    const result = await worker.run({ kind: 'publish', product: { ...product, imageUrl, ...(printUrl ? { printUrl } : {}) } }, signal);
    onPublished?.(result);
    return result;
  }

  // Runs live in DATA_DIR/generator/runs.db and go on where they stood when the process stopped.
  const runs = problem
    ? undefined
    : createRunService({
        dataDir: config.localShop.dataDir,
        designsDir,
        delayMs: config.generator.delayMs,
        concepts: { generateConcepts: (request, signal) => worker.run({ kind: 'concepts', request }, signal) },
        designs: { generateDesign: (request, signal) => worker.run({ kind: 'design', request }, signal) },
        publisher: {
          shopName: providers?.shopName ?? 'Shopify',
          publish,
          remove: async (publishKey, signal) => (await worker.run({ kind: 'remove', publishKey }, signal)) ?? undefined,
        },
        log,
      });
  const resuming = runs ? setImmediate(() => runs.runner.resumeAll()) : undefined;

  // The embedded shop's store, opened on the first print file asked for (the shop may run in another process).
  let shopStore: Promise<LocalShopStore> | undefined;
  async function printFile(handle: string): Promise<PrintFile | undefined> {
    if (!config.storefront.embedded) return undefined;
    shopStore ??= import('../../../../shared/local-shop/index.ts').then(({ LocalShopStore }) =>
      LocalShopStore.open(config.localShop.dataDir),
    );
    const found = (await shopStore).productFile(handle, PRINT_FILE_METAFIELD.namespace, PRINT_FILE_METAFIELD.key);
    if (!found) return undefined;
    try {
      const { size } = await fs.stat(found.path);
      return { path: found.path, filename: found.file.filename, size };
    } catch {
      return undefined;
    }
  }

  return {
    problem: () => problem,

    publishesToRealStore: () => planPublisherTarget(config) === 'shopify',

    settings() {
      return {
        delayMs: config.generator.delayMs,
        shopName: providers?.shopName ?? 'Shopify',
        generators: providers?.generators ?? 'not configured',
        publishTo: providers?.publishTo ?? 'not configured',
      };
    },

    generateConcepts: (request, signal) => run(() => worker.run({ kind: 'concepts', request }, signal)),

    generateDesign: (request, signal) =>
      run(async () => {
        const design = await worker.run({ kind: 'design', request }, signal);
        return {
          imageUrl: publicUrlOf(design.imageUrl),
          ...(design.files ? { printUrl: publicUrlOf(pathToFileURL(design.files.print).href) } : {}),
        };
      }),

    publish: (product, signal) => run(() => publish(product, signal)),

    runs,

    designFile: (name) => findDesignFile(designsDir, name),

    printFile,

    log,

    describe() {
      if (problem) return `OFF: ${problem}`;
      return `staff accounts required; concepts and designs ${providers?.generators}; publishing to ${providers?.publishTo}`;
    },

    async close() {
      if (resuming) clearImmediate(resuming);
      await runs?.close();
      await worker.close();
      if (shopStore) (await shopStore.catch(() => undefined))?.close();
    },
  };
}
