import { useStaffSession } from './staff-session.ts';

/**
 * The staff pages' header menu: who is signed in, Account, Team (owners), and "Sign out", which other
 * tabs hear at once. Nothing while signed out.
 */
export default function StaffMenu() {
  const { session, signOut } = useStaffSession();
  if (session.kind !== 'signed-in') return null;
  const { user } = session;
  return (
    <nav className="staff-menu" aria-label="Staff">
      <span className="staff-menu-who">{user.name || user.email}</span>
      <a href="/generator/account">Account</a>
      {user.role === 'owner' && <a href="/generator/team">Team</a>}
      <button type="button" onClick={() => void signOut().then(() => window.location.assign('/generator'))}>
        Sign out
      </button>
    </nav>
  );
}
