import { useCallback, useEffect, useState } from 'react';
import type { Assurance, Role } from '../../../shared/staff/browser.ts';
import { authClient } from './auth-client.ts';

/**
 * The signed-in staff member as the page knows it, from the auth client's session store: checked
 * on load, again when another tab signs out (storage event) or the tab regains focus, and whenever
 * `refresh()` is called (after a 401 from the generator API).
 */

export interface StaffUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  aal: Assurance;
  /** An authenticator app is set up. */
  twoFactor: boolean;
}

export type StaffSession = { kind: 'checking' } | { kind: 'signed-out' } | { kind: 'signed-in'; user: StaffUser };

interface SessionValue {
  data: {
    user: { id: string; email: string; name: string; role?: string | null; twoFactorEnabled?: boolean | null };
    session: { aal?: string | null };
  } | null;
  isPending: boolean;
  error: unknown;
}

function toSession(value: SessionValue, previous: StaffSession): StaffSession {
  if (value.isPending && !value.data) return previous;
  if (!value.data) return value.isPending ? previous : { kind: 'signed-out' };
  const { user, session } = value.data;
  return {
    kind: 'signed-in',
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role === 'owner' ? 'owner' : 'staff',
      aal: session.aal === 'aal2' ? 'aal2' : 'aal1',
      twoFactor: Boolean(user.twoFactorEnabled),
    },
  };
}

export function useStaffSession(): { session: StaffSession; refresh(): void; signOut(): Promise<void> } {
  const [session, setSession] = useState<StaffSession>({ kind: 'checking' });

  useEffect(() => {
    const atom = authClient().$store.atoms.session as unknown as {
      subscribe(listener: (value: SessionValue) => void): () => void;
    };
    return atom.subscribe((value) => setSession((previous) => toSession(value, previous)));
  }, []);

  const refresh = useCallback(() => authClient().$store.notify('$sessionSignal'), []);
  const signOut = useCallback(async () => {
    await authClient().signOut();
    setSession({ kind: 'signed-out' });
  }, []);
  return { session, refresh, signOut };
}
