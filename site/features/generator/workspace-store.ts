import { map, type MapStore } from 'nanostores';
import { GENERATOR_MESSAGES } from '../../../shared/generator/browser.ts';
import type { Toast } from '../toasts/toasts.ts';
import {
  GeneratorApiError,
  type GeneratorApi,
  type ProductAction,
  type ProductEditBody,
  type RunSummary,
  type RunView,
} from './generator-api.ts';

/**
 * The /generator page as a live view of a run kept on the server (docs/behaviour/generator.md, "Runs"):
 * it opens the latest run (or `?run=<id>`), then asks for the run's next change in a loop (a long
 * poll: the server answers as soon as the run changes), so a reload, a second tab or another machine
 * shows the same run still progressing. The page's toasts come from the changes it sees happen.
 */

export interface WorkspaceView {
  /** The run on screen, once loaded. */
  run: RunView | undefined;
  runs: readonly RunSummary[];
  /** The first answer has arrived (before it, nothing is shown as empty). */
  loaded: boolean;
  /** A request of this tab is on its way (start, stop): its button stays off. */
  busy: boolean;
}

export interface GenerateSettings {
  count: number;
  theme: string;
  guidelines: string;
}

export interface WorkspaceDeps {
  api: GeneratorApi;
  providerName: string;
  notify(toast: Omit<Toast, 'id'>): void;
  /** Where the page shows which run is open (the URL's ?run=). */
  showRunId?(id: string): void;
  /** Before asking again after a failed live request. */
  retryDelayMs?: number;
}

export interface WorkspaceController {
  $view: MapStore<WorkspaceView>;
  /** Opens a run by id, or the latest one. */
  open(runId?: string): Promise<void>;
  generate(settings: GenerateSettings): Promise<void>;
  stop(): Promise<void>;
  publish(indices?: readonly number[]): Promise<void>;
  edit(index: number, edit: ProductEditBody): Promise<void>;
  act(index: number, action: ProductAction): Promise<void>;
  /** Whether the open run's published product has its page on the storefront yet. */
  pageLive(index: number, signal?: AbortSignal): Promise<boolean>;
  refreshRuns(): Promise<void>;
  /** Stops watching (the page goes away); the run itself goes on on the server. */
  close(): void;
}

/** The toasts a change from `before` to `after` of the same run deserves (docs/behaviour/generator.md, "Toasts"). */
export function toastsForChange(before: RunView, after: RunView, providerName: string): Array<Omit<Toast, 'id'>> {
  const toasts: Array<Omit<Toast, 'id'>> = [];
  const success = (title: string) => toasts.push({ title, description: '', tone: 'success' });
  const failure = (title: string) => toasts.push({ title, description: '', tone: 'error' });
  if (before.products.length === 0 && after.products.length > 0) success(GENERATOR_MESSAGES.createdIdeas(after.products.length));
  if (before.state === 'running' && after.state === 'failed') failure(GENERATOR_MESSAGES.failedToGenerate(after.error ?? 'Unknown error'));
  if (before.state === 'running' && after.state === 'finished') success(GENERATOR_MESSAGES.allDesignsCreated(providerName));
  const previous = new Map(before.products.map((p) => [p.index, p]));
  for (const product of after.products) {
    const was = previous.get(product.index);
    // A quick publish may go from ready to published between two answers.
    if (!was || (was.activity !== 'publish' && was.status !== 'ready')) continue;
    if (product.status === 'published') success(GENERATOR_MESSAGES.published(product.name, providerName));
    else if (product.status === 'error' && product.failedStep === 'publish') {
      const message = product.error ?? 'Unknown error';
      failure(message === GENERATOR_MESSAGES.noDesignImage ? message : GENERATOR_MESSAGES.failedToPublish(message));
    }
  }
  return toasts;
}

export function createWorkspace(deps: WorkspaceDeps): WorkspaceController {
  const $view = map<WorkspaceView>({ run: undefined, runs: [], loaded: false, busy: false });
  let watch: AbortController | undefined;
  let closed = false;
  const failure = (title: string) => deps.notify({ title, description: '', tone: 'error' });

  /** A newer answer about the open run replaces the view (and says what happened); an older one is dropped. */
  function apply(next: RunView): void {
    const current = $view.get().run;
    if (current && current.id === next.id) {
      if (next.version <= current.version) return;
      for (const toast of toastsForChange(current, next, deps.providerName)) deps.notify(toast);
    }
    $view.setKey('run', next);
  }

  async function follow(id: string, control: AbortController): Promise<void> {
    while (!control.signal.aborted && !closed) {
      const current = $view.get().run;
      try {
        const next = await deps.api.readRun(id, { ...(current?.id === id ? { after: current.version } : {}), signal: control.signal });
        if (control.signal.aborted) return;
        const before = $view.get().run;
        apply(next);
        // The counts in the Runs list follow the open run's big steps.
        if (before?.state !== next.state || before?.products.length !== next.products.length) void refreshRuns();
      } catch (error) {
        if (control.signal.aborted) return;
        if (error instanceof GeneratorApiError && (error.status === 401 || error.status === 404)) return;
        await new Promise((resolve) => setTimeout(resolve, deps.retryDelayMs ?? 2000));
      }
    }
  }

  function watchRun(id: string): void {
    watch?.abort();
    const control = new AbortController();
    watch = control;
    deps.showRunId?.(id);
    void follow(id, control);
  }

  async function refreshRuns(): Promise<void> {
    try {
      const { runs } = await deps.api.listRuns();
      $view.setKey('runs', runs);
    } catch {
      // The list is a convenience; the open run goes on without it.
    }
  }

  async function perform(work: () => Promise<RunView>, { busy = false } = {}): Promise<void> {
    if (busy) $view.setKey('busy', true);
    try {
      apply(await work());
    } catch (error) {
      if (!(error instanceof GeneratorApiError && error.status === 401)) failure(error instanceof Error ? error.message : String(error));
      throw error;
    } finally {
      if (busy) $view.setKey('busy', false);
    }
  }

  const currentId = () => $view.get().run?.id;

  return {
    $view,

    async open(runId) {
      try {
        const { runs, latest } = await deps.api.listRuns();
        $view.setKey('runs', runs);
        const id = runId ?? latest ?? undefined;
        if (id) {
          const run = await deps.api.readRun(id);
          $view.setKey('run', run);
          watchRun(id);
        } else {
          watch?.abort();
          $view.setKey('run', undefined);
        }
      } catch (error) {
        if (error instanceof GeneratorApiError && error.status === 404) failure(error.message);
        else throw error;
      } finally {
        $view.setKey('loaded', true);
      }
    },

    async generate(settings) {
      $view.setKey('busy', true);
      try {
        const run = await deps.api.startRun({
          count: settings.count,
          theme: settings.theme,
          ...(settings.guidelines.trim() ? { guidelines: settings.guidelines.trim() } : {}),
        });
        $view.setKey('run', run);
        watchRun(run.id);
        void refreshRuns();
      } catch (error) {
        if (!(error instanceof GeneratorApiError && error.status === 401))
          failure(GENERATOR_MESSAGES.failedToGenerate(error instanceof Error ? error.message : String(error)));
      } finally {
        $view.setKey('busy', false);
      }
    },

    async stop() {
      const id = currentId();
      if (id) await perform(() => deps.api.stopRun(id), { busy: true }).catch(() => undefined);
    },

    async publish(indices) {
      const run = $view.get().run;
      if (!run) return;
      const wanted = indices ? new Set(indices) : undefined;
      const chosen = run.products.filter((p) => p.status === 'ready' && (!wanted || wanted.has(p.index)));
      // Publishing requires a design image (docs/behaviour/generator.md); say so rather than sending a request bound to fail.
      if (chosen.some((p) => !p.imageUrl)) failure(GENERATOR_MESSAGES.noDesignImage);
      if (!chosen.some((p) => p.imageUrl)) return;
      await perform(() => deps.api.publishRun(run.id, indices)).catch(() => undefined);
    },

    async edit(index, edit) {
      const id = currentId();
      if (!id) return;
      // The card shows a 400's field messages itself, so it gets the error back.
      const run = await deps.api.editProduct(id, index, edit);
      apply(run);
    },

    async act(index, action) {
      const id = currentId();
      if (id) await perform(() => deps.api.productAction(id, index, action)).catch(() => undefined);
    },

    async pageLive(index, signal) {
      const id = currentId();
      return id ? deps.api.pageLive(id, index, signal) : false;
    },

    refreshRuns,

    close() {
      closed = true;
      watch?.abort();
    },
  };
}
