import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { GENERATOR_MESSAGES } from '../../../shared/generator/browser.ts';
import { STAFF_MESSAGES } from '../../../shared/staff/browser.ts';
import { createGeneratorController, type GenerateSettings, type GeneratorController } from './generator-store.ts';
import { showToast } from '../toasts/toasts.ts';
import { useStore } from '../shell/use-store.ts';
import { createApiProviders, type ApiProviders } from './api-providers.ts';
import { createGeneratorApi, GeneratorApiError, type GeneratorSettings } from './generator-api.ts';
import { Spinner } from '../shell/icons.tsx';
import { ToastList } from '../toasts/ToastList.tsx';
import { EmptyState } from './EmptyState.tsx';
import { ProductsSection } from './ProductsSection.tsx';
import { SettingsCard } from './SettingsCard.tsx';
import { SignInForm } from '../staff/SignInForm.tsx';
import { useStaffSession } from '../staff/staff-session.ts';

/**
 * The /generator island: signed out, the staff sign-in form (docs/behaviour/staff-accounts.md); signed in,
 * the shared pipeline through the API: settings, progress, cards, publishing, toasts. A session that
 * ends meanwhile (another tab, an owner, expiry) brings the form back and keeps the run's cards.
 */

type Gate = { kind: 'checking' } | { kind: 'open' } | { kind: 'unavailable'; message: string };

interface Workbench {
  settings: GeneratorSettings;
  providers: ApiProviders;
  controller: GeneratorController;
}

function Workspace({ bench, blocked }: { bench: Workbench; blocked: boolean }) {
  const { products, running, progress, publishing } = useStore(bench.controller.$view);
  const generate = useCallback((settings: GenerateSettings) => void bench.controller.generate(settings), [bench]);
  const publish = useCallback((indices?: readonly number[]) => void bench.controller.publish(indices), [bench]);

  return (
    <>
      <SettingsCard running={running} blocked={blocked || publishing.length > 0} progress={progress} onGenerate={generate} />
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
      {products.length === 0 && !running ? (
        <EmptyState />
      ) : (
        <ProductsSection
          products={products}
          running={running}
          publishing={publishing}
          shopName={bench.settings.shopName}
          printUrlOf={bench.providers.printUrlOf}
          onPublish={publish}
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

  const api = useMemo(
    () =>
      createGeneratorApi({
        onUnauthorized: () => {
          // Whatever was running cannot go on without a session; what finished stays for after sign-in.
          benchRef.current?.controller.cancel();
          setNotice(STAFF_MESSAGES.signedOutElsewhere);
          refresh();
        },
      }),
    [refresh],
  );

  const check = useCallback(async () => {
    setGate({ kind: 'checking' });
    try {
      const settings = await api.settings();
      if (!benchRef.current) {
        const providers = createApiProviders(api, settings.shopName);
        const controller = createGeneratorController({ ...providers, delayMs: settings.delayMs, notify: showToast });
        benchRef.current = { settings, providers, controller };
        setBench(benchRef.current);
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
    else if (session.kind === 'signed-out') benchRef.current?.controller.cancel();
  }, [session, check]);

  useEffect(() => () => benchRef.current?.controller.cancel(), []);

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
