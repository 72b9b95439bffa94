import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { GENERATOR_MESSAGES } from '../../../shared/generator/browser.ts';
import { $generatorToken, forgetGeneratorToken, loadGeneratorToken, saveGeneratorToken } from './token-store.ts';
import { showToast } from '../toasts/toasts.ts';
import { useStore } from '../shell/use-store.ts';
import { createGeneratorApi, GeneratorApiError, type GeneratorSettings } from './generator-api.ts';
import { createWorkspace, type GenerateSettings, type WorkspaceController } from './workspace-store.ts';
import { Spinner } from '../shell/icons.tsx';
import { ToastList } from '../toasts/ToastList.tsx';
import { EmptyState } from './EmptyState.tsx';
import { ProductsSection } from './ProductsSection.tsx';
import { RunsList } from './RunsList.tsx';
import { SettingsCard } from './SettingsCard.tsx';
import { TokenForm } from './TokenForm.tsx';

/**
 * The /generator island: checks access with the server (asking for the staff token when needed),
 * then shows a run kept on the server as it progresses: settings, progress, Stop, the cards with
 * their review actions, publishing, the Runs list and toasts (docs/behaviour/generator.md).
 */

type Gate =
  | { kind: 'checking' }
  | { kind: 'open' }
  /** refused: a token was sent and the server turned it down (else none was sent yet). */
  | { kind: 'locked'; refused: boolean }
  | { kind: 'unavailable'; message: string };

interface Workbench {
  settings: GeneratorSettings;
  workspace: WorkspaceController;
}

/** The run named in the address (?run=<id>), if any. */
function runIdFromUrl(): string | undefined {
  return new URLSearchParams(window.location.search).get('run') ?? undefined;
}

function showRunId(id: string): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get('run') === id) return;
  url.searchParams.set('run', id);
  window.history.replaceState(window.history.state, '', url);
}

function Workspace({ bench, blocked }: { bench: Workbench; blocked: boolean }) {
  const { run, runs, loaded, busy } = useStore(bench.workspace.$view);
  const workspace = bench.workspace;
  const running = run?.state === 'running';
  const progress = run?.progress ?? '';
  const products = run?.products ?? [];
  const publishing = products.some((p) => p.activity === 'publish');
  const generate = useCallback((settings: GenerateSettings) => void workspace.generate(settings), [workspace]);
  const publish = useCallback((indices?: readonly number[]) => void workspace.publish(indices), [workspace]);
  const act = useCallback<WorkspaceController['act']>((index, action) => workspace.act(index, action), [workspace]);
  const edit = useCallback<WorkspaceController['edit']>((index, changes) => workspace.edit(index, changes), [workspace]);
  const open = useCallback((id: string) => void workspace.open(id), [workspace]);

  return (
    <>
      <SettingsCard running={running || busy} blocked={blocked || publishing || !loaded} progress={progress} onGenerate={generate} />
      {running && (
        <div className="gen-stop">
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void workspace.stop()}>
            Stop
          </button>
        </div>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {progress}
      </p>
      {!running && progress && (
        <p className="gen-status" aria-hidden="true" data-error={progress === GENERATOR_MESSAGES.errorOccurred ? 'true' : undefined}>
          {progress}
        </p>
      )}
      <p className="gen-providers">
        Ideas and designs: {bench.settings.generators}. Publishing to {bench.settings.publishTo}.
      </p>
      <RunsList runs={runs} openId={run?.id} onOpen={open} />
      {!loaded ? null : products.length === 0 && !running ? (
        <EmptyState />
      ) : (
        <ProductsSection
          products={products}
          running={running}
          providerName={bench.settings.shopName}
          onPublish={publish}
          onAction={act}
          onEdit={edit}
        />
      )}
    </>
  );
}

export default function Generator() {
  const [gate, setGate] = useState<Gate>({ kind: 'checking' });
  const [bench, setBench] = useState<Workbench>();
  const benchRef = useRef<Workbench | undefined>(undefined);

  const api = useMemo(
    () =>
      createGeneratorApi({
        token: () => $generatorToken.get(),
        onUnauthorized: () => {
          // Whatever was running cannot go on without a token; what finished stays on the page.
          benchRef.current?.workspace.close();
          benchRef.current = undefined;
          setBench(undefined);
          const refused = $generatorToken.get() !== undefined;
          forgetGeneratorToken();
          setGate({ kind: 'locked', refused });
        },
      }),
    [],
  );

  const check = useCallback(async () => {
    setGate((current) => (current.kind === 'locked' ? current : { kind: 'checking' }));
    try {
      const settings = await api.settings();
      if (!benchRef.current) {
        const workspace = createWorkspace({ api, providerName: settings.shopName, notify: showToast, showRunId });
        benchRef.current = { settings, workspace };
        setBench(benchRef.current);
        await workspace.open(runIdFromUrl());
      }
      setGate({ kind: 'open' });
    } catch (error) {
      if (error instanceof GeneratorApiError && error.status === 401) return; // onUnauthorized has asked for the token
      const message = error instanceof Error ? error.message : String(error);
      setGate({ kind: 'unavailable', message });
    }
  }, [api]);

  useEffect(() => {
    loadGeneratorToken();
    void check();
    return () => benchRef.current?.workspace.close();
  }, [check]);

  const unlock = useCallback(
    (token: string) => {
      saveGeneratorToken(token);
      setGate({ kind: 'checking' });
      void check();
    },
    [check],
  );

  return (
    <div className="gen-app">
      {gate.kind === 'checking' && !bench && (
        <div className="gen-panel gen-loading" role="status">
          <Spinner size={24} />
          <span>Connecting to the generator...</span>
        </div>
      )}
      {gate.kind === 'locked' && <TokenForm refused={gate.refused} onSubmit={unlock} />}
      {gate.kind === 'unavailable' && (
        <div className="gen-panel gen-unavailable" role="alert">
          <h2 className="gen-panel-title">The generator is unavailable</h2>
          <p>{gate.message}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void check()}>
            Try again
          </button>
        </div>
      )}
      {bench && <Workspace bench={bench} blocked={gate.kind !== 'open'} />}
      {/* This page has no cart island to draw the toasts, so the generator draws them. */}
      <ToastList />
    </div>
  );
}
