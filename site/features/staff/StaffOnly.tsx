import type { ReactNode } from 'react';
import { Spinner } from '../shell/spinner.tsx';
import { SignInForm } from './SignInForm.tsx';
import { useStaffSession, type StaffUser } from './staff-session.ts';

/** A staff page's content once signed in (the sign-in form before that); owners only when `owner`. */
export function StaffOnly({ owner = false, children }: { owner?: boolean; children: (user: StaffUser, refresh: () => void) => ReactNode }) {
  const { session, refresh } = useStaffSession();
  if (session.kind === 'checking')
    return (
      <div className="gen-panel gen-loading" role="status">
        <Spinner size={24} />
        <span>Checking your session...</span>
      </div>
    );
  if (session.kind === 'signed-out') return <SignInForm onSignedIn={refresh} />;
  if (owner && session.user.role !== 'owner')
    return (
      <div className="gen-panel staff-panel" role="alert">
        <h2 className="gen-panel-title">Owners only</h2>
        <p>This page is for the shop's owners. Ask one of them to change your role.</p>
      </div>
    );
  return <>{children(session.user, refresh)}</>;
}
