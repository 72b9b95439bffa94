import { map, type MapStore } from 'nanostores';
import { BRAND } from '../../../shared/common/index.ts';
import {
  GENERATOR_MESSAGES,
  GenerationFailed,
  PipelineCancelled,
  errorMessage,
  generateProducts,
  publishProducts,
} from '../../../shared/generator/browser.ts';
import type { ConceptProvider, DesignProvider, GeneratedProduct, Publisher } from '../../../shared/generator/browser.ts';
import type { Toast } from '../toasts/toasts.ts';

/**
 * The /generator page's state and actions over the shared pipeline: a run (concepts, then designs
 * one at a time) and publishing, which may overlap (a ready product can be published while later
 * designs are still being made). Updates are merged product by product, so neither overwrites the other.
 */

export interface GeneratorView {
  products: readonly GeneratedProduct[];
  /** A run is going: inputs and the generate button are disabled. */
  running: boolean;
  /** The latest progress message ('' before the first run). */
  progress: string;
  /** Indices of products being published or waiting their turn in a Publish All. */
  publishing: readonly number[];
}

export interface GenerateSettings {
  count: number;
  theme: string;
  guidelines: string;
}

export interface GeneratorDeps {
  concepts: ConceptProvider;
  designs: DesignProvider;
  publisher: Publisher;
  delayMs: number;
  notify(toast: Omit<Toast, 'id'>): void;
}

export interface GeneratorController {
  $view: MapStore<GeneratorView>;
  generate(settings: GenerateSettings): Promise<void>;
  /** Publishes these products (default: every ready one). */
  publish(indices?: readonly number[]): Promise<void>;
  /** Stops the run and any publishing (what finished stays). */
  cancel(): void;
}

export function createGeneratorController(deps: GeneratorDeps): GeneratorController {
  const $view = map<GeneratorView>({ products: [], running: false, progress: '', publishing: [] });
  let runControl: AbortController | undefined;
  const publishControls = new Set<AbortController>();
  const success = (title: string) => deps.notify({ title, description: '', tone: 'success' });
  const failure = (title: string) => deps.notify({ title, description: '', tone: 'error' });

  function patch(changed: GeneratedProduct): void {
    $view.setKey(
      'products',
      $view.get().products.map((product) => (product.index === changed.index ? changed : product)),
    );
  }

  function stopPublishing(indices: readonly number[]): void {
    const done = new Set(indices);
    $view.setKey(
      'publishing',
      $view.get().publishing.filter((index) => !done.has(index)),
    );
  }

  async function generate(settings: GenerateSettings): Promise<void> {
    const view = $view.get();
    if (view.running || view.publishing.length > 0) return;
    const control = new AbortController();
    runControl = control;
    $view.set({ ...view, running: true, products: [] });
    try {
      await generateProducts(
        {
          count: settings.count,
          theme: settings.theme,
          brand: BRAND,
          ...(settings.guidelines.trim() ? { guidelines: settings.guidelines.trim() } : {}),
          delayMs: deps.delayMs,
          signal: control.signal,
          onProgress: (message) => $view.setKey('progress', message),
          onProducts: (products, changed) => {
            if (changed) return patch(changed);
            $view.setKey('products', products);
            success(GENERATOR_MESSAGES.createdIdeas(products.length));
          },
        },
        { concepts: deps.concepts, designs: deps.designs },
      );
      success(GENERATOR_MESSAGES.allDesignsCreated(deps.publisher.shopName));
    } catch (error) {
      if (error instanceof PipelineCancelled) $view.setKey('progress', '');
      else if (error instanceof GenerationFailed) failure(GENERATOR_MESSAGES.failedToGenerate(error.message));
      else failure(GENERATOR_MESSAGES.failedToGenerate(errorMessage(error)));
    } finally {
      if (runControl === control) runControl = undefined;
      $view.setKey('running', false);
    }
  }

  async function publish(indices?: readonly number[]): Promise<void> {
    const view = $view.get();
    const busy = new Set(view.publishing);
    const wanted = indices ? new Set(indices) : undefined;
    const chosen = view.products.filter((p) => (!wanted || wanted.has(p.index)) && !busy.has(p.index));
    const missingImage = chosen.filter((p) => p.status === 'ready' && !p.imageUrl);
    const targets = chosen.filter((p) => p.status === 'ready' && p.imageUrl).map((p) => p.index);
    // Publishing requires a design image (docs/behaviour/generator.md); say so rather than sending a request bound to fail.
    if (missingImage.length > 0) failure(GENERATOR_MESSAGES.noDesignImage);
    if (targets.length === 0) return;

    const control = new AbortController();
    publishControls.add(control);
    $view.setKey('publishing', [...view.publishing, ...targets]);
    try {
      await publishProducts($view.get().products, deps.publisher, {
        indices: targets,
        signal: control.signal,
        onProducts: (_products, changed) => {
          if (changed) patch(changed);
        },
        onPublished: (product) => {
          stopPublishing([product.index]);
          success(GENERATOR_MESSAGES.published(product.name, deps.publisher.shopName));
        },
        onPublishFailed: (product, message) => {
          stopPublishing([product.index]);
          failure(message === GENERATOR_MESSAGES.noDesignImage ? message : GENERATOR_MESSAGES.failedToPublish(message));
        },
      });
    } catch (error) {
      if (!(error instanceof PipelineCancelled)) failure(GENERATOR_MESSAGES.failedToPublish(errorMessage(error)));
    } finally {
      publishControls.delete(control);
      stopPublishing(targets);
    }
  }

  return {
    $view,
    generate,
    publish,
    cancel() {
      runControl?.abort();
      for (const control of publishControls) control.abort();
    },
  };
}
