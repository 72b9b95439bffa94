import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import type { AuditEntry, Member } from '../../../shared/staff/browser.ts';
import { StaffOnly } from './StaffOnly.tsx';
import { staffFetch } from './staff-fetch.ts';
import type { StaffUser } from './staff-session.ts';

/**
 * /generator/team, the owner page (docs/behaviour/staff-accounts.md): add and remove members, reset a
 * member's second factors, end their sessions and API keys, and read the audit trail.
 */

type Action = 'remove' | 'reset-factors' | 'revoke';

const ACTION_DONE: Record<Action, string> = {
  remove: 'removed; their sessions ended and their keys stopped working',
  'reset-factors': 'can set up an authenticator app and passkeys again',
  revoke: 'was signed out everywhere and their API keys were revoked',
};

function detailText(detail: AuditEntry['detail']): string {
  return detail
    ? Object.entries(detail)
        .map(([key, value]) => `${key}: ${value}`)
        .join(', ')
    : '';
}

function TeamPage({ user }: { user: StaffUser }) {
  const [members, setMembers] = useState<Member[]>([]);
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [form, setForm] = useState({ email: '', name: '', role: 'staff' });
  const [message, setMessage] = useState<{ text: string; error?: boolean }>();

  const load = useCallback(async () => {
    const [m, a] = await Promise.all([staffFetch<{ members: Member[] }>('members'), staffFetch<{ entries: AuditEntry[] }>('audit')]);
    setMembers(m.members);
    setEntries(a.entries);
  }, []);
  useEffect(() => void load().catch((error: Error) => setMessage({ text: error.message, error: true })), [load]);

  async function add(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const { member } = await staffFetch<{ member: Member }>('members', {
        email: form.email,
        role: form.role,
        ...(form.name.trim() ? { name: form.name } : {}),
      });
      setForm({ email: '', name: '', role: 'staff' });
      setMessage({ text: `Added ${member.email}; a link to choose a password is on its way to them.` });
      await load();
    } catch (error) {
      setMessage({ text: (error as Error).message, error: true });
    }
  }

  async function act(member: Member, action: Action) {
    if (action === 'remove' && !window.confirm(`Remove ${member.email}? Their sessions end and their API keys stop working.`)) return;
    try {
      await staffFetch('member', { email: member.email, action });
      setMessage({ text: `${member.email} ${ACTION_DONE[action]}.` });
      await load();
    } catch (error) {
      setMessage({ text: (error as Error).message, error: true });
    }
  }

  return (
    <div className="staff-wide staff-section">
      <section className="gen-panel staff-section" aria-labelledby="team-members">
        <h2 id="team-members" className="gen-panel-title">
          Members
        </h2>
        <div className="staff-table-wrap">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Second factors</th>
                <th scope="col">Sessions</th>
                <th scope="col">Keys</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.id} data-email={m.email}>
                  <td>
                    {m.email}
                    {m.name ? ` (${m.name})` : ''}
                  </td>
                  <td>{m.role}</td>
                  <td>{[m.twoFactor ? 'app' : '', m.passkeys ? `${m.passkeys} passkey(s)` : ''].filter(Boolean).join(', ') || 'none'}</td>
                  <td>{m.sessions}</td>
                  <td>{m.keys}</td>
                  <td>
                    {m.id !== user.id && (
                      <div className="staff-row">
                        <button
                          type="button"
                          className="staff-link"
                          onClick={() => void act(m, 'revoke')}
                          aria-label={`Sign out ${m.email} everywhere`}
                        >
                          Sign out everywhere
                        </button>
                        <button
                          type="button"
                          className="staff-link"
                          onClick={() => void act(m, 'reset-factors')}
                          aria-label={`Reset second factors of ${m.email}`}
                        >
                          Reset second factors
                        </button>
                        <button type="button" className="staff-link" onClick={() => void act(m, 'remove')} aria-label={`Remove ${m.email}`}>
                          Remove
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <form onSubmit={add} aria-label="Add a member">
          <div className="gen-field">
            <label htmlFor="team-email">Email</label>
            <input id="team-email" type="email" required value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
          </div>
          <div className="gen-field">
            <label htmlFor="team-name">Name</label>
            <input id="team-name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </div>
          <div className="gen-field">
            <label htmlFor="team-role">Role</label>
            <select id="team-role" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value })}>
              <option value="staff">staff</option>
              <option value="owner">owner</option>
            </select>
          </div>
          <button type="submit" className="btn btn-primary">
            Add member
          </button>
        </form>
        {message && (
          <p className={message.error ? 'staff-error' : undefined} role={message.error ? 'alert' : 'status'}>
            {message.text}
          </p>
        )}
      </section>
      <section className="gen-panel staff-section" aria-labelledby="team-audit">
        <h2 id="team-audit" className="gen-panel-title">
          Audit trail
        </h2>
        <div className="staff-table-wrap">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Event</th>
                <th scope="col">Who</th>
                <th scope="col">About</th>
                <th scope="col">From</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{new Date(e.at).toLocaleString()}</td>
                  <td>{e.event}</td>
                  <td>{e.actorEmail ?? '-'}</td>
                  <td>{e.subject ?? '-'}</td>
                  <td>{e.address ?? '-'}</td>
                  <td>{detailText(e.detail)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

export default function Team() {
  return <StaffOnly owner>{(user) => <TeamPage user={user} />}</StaffOnly>;
}
