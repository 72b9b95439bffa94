import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { GENERATOR_MESSAGES } from '../../../shared/generator/browser.ts';
import { STAFF_MESSAGES } from '../../../shared/staff/browser.ts';
import { showToast } from '../toasts/toasts.ts';
import { useStore } from '../shell/use-store.ts';
import { createGeneratorApi, GeneratorApiError, type GeneratorSettings } from './generator-api.ts';
import { createWorkspace, type GenerateSettings, type WorkspaceController } from './workspace-store.ts';
import { Spinner } from '../shell/spinner.tsx';
import { ToastList } from '../toasts/ToastList.tsx';
import { EmptyState } from './EmptyState.tsx';
import { ProductsSection } from './ProductsSection.tsx';
import { RunsList } from './RunsList.tsx';
import { SettingsCard } from './SettingsCard.tsx';
import { SignInForm } from '../staff/SignInForm.tsx';
import { useStaffSession } from '../staff/staff-session.ts';

/**
 * The /generator island: signed out, the staff sign-in form (docs/behaviour/staff-accounts.md); signed in,
 * a run kept on the server as it progresses: settings, progress, Stop, the cards with their review
 * actions, publishing, the Runs list and toasts (docs/behaviour/generator.md). A session that ends
 * meanwhile (another tab, an owner, expiry) brings the form back; the run stays on the server and
 * opens again after sign-in.
 */

type Gate = { kind: 'checking' } | { kind: 'open' } | { kind: 'unavailable'; message: string };

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
  const pageLive = useCallback<WorkspaceController['pageLive']>((index, signal) => workspace.pageLive(index, signal), [workspace]);

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
          pageLive={pageLive}
        />
      )}
    </>
  );
}

export default function Generator() {
  const { session, refresh } = useStaffSession();
  const [gate, setGate] = useState<Gate>({ kind: 'checking' });
  const [notice, setNotice] = useState<string>();
  const [bench, setBench] = useState<Workbench>();
  const benchRef = useRef<Workbench | undefined>(undefined);

  const closeBench = useCallback(() => {
    benchRef.current?.workspace.close();
    benchRef.current = undefined;
    setBench(undefined);
  }, []);

  const api = useMemo(
    () =>
      createGeneratorApi({
        onUnauthorized: () => {
          // The live view cannot go on without a session; the run goes on on the server and opens again after sign-in.
          closeBench();
          setNotice(STAFF_MESSAGES.signedOutElsewhere);
          refresh();
        },
      }),
    [refresh, closeBench],
  );

  const check = useCallback(async () => {
    setGate({ kind: 'checking' });
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
      if (error instanceof GeneratorApiError && error.status === 401) return; // onUnauthorized brings the sign-in form
      const message = error instanceof Error ? error.message : String(error);
      setGate({ kind: 'unavailable', message });
    }
  }, [api]);

  useEffect(() => {
    if (session.kind === 'signed-in') void check();
    else if (session.kind === 'signed-out') closeBench();
  }, [session, check, closeBench]);

  useEffect(() => () => benchRef.current?.workspace.close(), []);

  const signedIn = session.kind === 'signed-in';
  return (
    <div className="gen-app">
      {(session.kind === 'checking' || (signedIn && gate.kind === 'checking' && !bench)) && (
        <div className="gen-panel gen-loading" role="status">
          <Spinner size={24} />
          <span>Connecting to the generator...</span>
        </div>
      )}
      {session.kind === 'signed-out' && <SignInForm notice={notice} onSignedIn={refresh} />}
      {signedIn && gate.kind === 'unavailable' && (
        <div className="gen-panel gen-unavailable" role="alert">
          <h2 className="gen-panel-title">The generator is unavailable</h2>
          <p>{gate.message}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void check()}>
            Try again
          </button>
        </div>
      )}
      {signedIn && bench && <Workspace bench={bench} blocked={gate.kind !== 'open'} />}
      {/* This page has no cart island to draw the toasts, so the generator draws them. */}
      <ToastList />
    </div>
  );
}
