import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import type { CreatedKey, KeySummary, SessionSummary } from '../../../shared/staff/browser.ts';
import { authClient } from './auth-client.ts';
import { signInErrorText } from './sign-in-errors.ts';
import { StaffOnly } from './StaffOnly.tsx';
import { staffFetch } from './staff-fetch.ts';
import type { StaffUser } from './staff-session.ts';
import { TotpQr } from './TotpQr.tsx';

/**
 * /generator/account (docs/behaviour/staff-accounts.md): the authenticator app (QR code and text secret,
 * confirmed by a code), backup codes, passkeys, the password, this account's sessions with
 * "Sign out" for each and "Sign out everywhere", and API keys for scripts.
 */

function Message({ text, error }: { text: string | undefined; error?: boolean }) {
  if (!text) return null;
  return (
    <p className={error ? 'staff-error' : undefined} role={error ? 'alert' : 'status'}>
      {text}
    </p>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="staff-section">
      <p>Backup codes: each works once, in place of a code from the app. Keep them somewhere safe; they are shown only now.</p>
      <ul className="staff-codes" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

function Authenticator({ user, refresh }: { user: StaffUser; refresh: () => void }) {
  const [enabled, setEnabled] = useState(user.twoFactor);
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState<{ uri: string; codes: string[] }>();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[]>();
  const [message, setMessage] = useState<{ text: string; error?: boolean }>();

  async function start(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, error } = await authClient().twoFactor.enable({ password });
    setPassword('');
    if (error || !data || !('totpURI' in data)) return setMessage({ text: error?.message ?? 'The password is not right.', error: true });
    setPending({ uri: data.totpURI, codes: data.backupCodes });
    setMessage(undefined);
  }

  async function confirm(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const { error } = await authClient().twoFactor.verifyTotp({ code: code.trim() });
    setCode('');
    if (error) return setMessage({ text: signInErrorText(error), error: true });
    setCodes(pending?.codes);
    setPending(undefined);
    setEnabled(true);
    setMessage({ text: 'The authenticator app is set up. This session now counts as signed in with a second factor.' });
    refresh();
  }

  async function renewCodes(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const { data, error } = await authClient().twoFactor.generateBackupCodes({ password });
    setPassword('');
    if (error || !data) return setMessage({ text: error?.message ?? 'The password is not right.', error: true });
    setCodes(data.backupCodes);
  }

  async function remove() {
    const { error } = await authClient().twoFactor.disable({ password });
    setPassword('');
    if (error) return setMessage({ text: error.message ?? 'The password is not right.', error: true });
    setEnabled(false);
    setCodes(undefined);
    setMessage({ text: 'The authenticator app was removed.' });
    refresh();
  }

  const secret = pending ? (new URL(pending.uri).searchParams.get('secret') ?? '') : '';
  return (
    <section className="gen-panel staff-section" aria-labelledby="acc-totp">
      <h2 id="acc-totp" className="gen-panel-title">
        Authenticator app
      </h2>
      {!enabled && !pending && (
        <form onSubmit={start} aria-label="Set up authenticator app">
          <div className="gen-field">
            <label htmlFor="acc-totp-password">Your password</label>
            <input
              id="acc-totp-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={!password}>
            Set up authenticator app
          </button>
        </form>
      )}
      {pending && (
        <form onSubmit={confirm} aria-label="Confirm authenticator app">
          <p>Scan this code with your authenticator app, or type the secret below into it. Then enter the code it shows.</p>
          <TotpQr uri={pending.uri} />
          <p>
            Secret: <code className="staff-secret">{secret}</code>
          </p>
          <div className="gen-field">
            <label htmlFor="acc-totp-code">Verification code</label>
            <input
              id="acc-totp-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={!code.trim()}>
            Confirm
          </button>
        </form>
      )}
      {enabled && (
        <form onSubmit={renewCodes} aria-label="Backup codes">
          <p>Sign-in asks for a code from your app after the password.</p>
          <div className="gen-field">
            <label htmlFor="acc-codes-password">Your password</label>
            <input
              id="acc-codes-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <div className="staff-row">
            <button type="submit" className="btn btn-ghost" disabled={!password}>
              New backup codes
            </button>
            <button type="button" className="staff-link" disabled={!password} onClick={() => void remove()}>
              Remove authenticator app
            </button>
          </div>
        </form>
      )}
      {codes && <BackupCodes codes={codes} />}
      <Message text={message?.text} error={message?.error} />
    </section>
  );
}

interface PasskeyRow {
  id: string;
  name?: string | null;
  createdAt: string | Date;
}

function Passkeys() {
  const [passkeys, setPasskeys] = useState<PasskeyRow[]>([]);
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ text: string; error?: boolean }>();
  const load = useCallback(async () => {
    const { data } = await authClient().passkey.listUserPasskeys();
    setPasskeys((data ?? []) as PasskeyRow[]);
  }, []);
  useEffect(() => void load(), [load]);

  async function add(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await authClient().passkey.addPasskey({ name: name.trim() || 'Passkey' });
    if (result?.error) return setMessage({ text: result.error.message ?? 'The passkey was not added.', error: true });
    setName('');
    setMessage({ text: 'Passkey added. You can sign in with it from this device.' });
    await load();
  }

  async function remove(id: string) {
    await authClient().passkey.deletePasskey({ id });
    await load();
  }

  return (
    <section className="gen-panel staff-section" aria-labelledby="acc-passkeys">
      <h2 id="acc-passkeys" className="gen-panel-title">
        Passkeys
      </h2>
      <ul aria-label="Your passkeys">
        {passkeys.map((p) => (
          <li key={p.id} className="staff-row">
            <span>
              {p.name || 'Passkey'} (added {new Date(p.createdAt).toLocaleDateString()})
            </span>
            <button type="button" className="staff-link" onClick={() => void remove(p.id)}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={add} aria-label="Add passkey">
        <div className="gen-field">
          <label htmlFor="acc-passkey-name">Passkey name</label>
          <input id="acc-passkey-name" value={name} placeholder="Work laptop" onChange={(e) => setName(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary">
          Add passkey
        </button>
      </form>
      <Message text={message?.text} error={message?.error} />
    </section>
  );
}

function Password() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState<{ text: string; error?: boolean }>();
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const { error } = await authClient().changePassword({ currentPassword: current, newPassword: next, revokeOtherSessions: true });
    setCurrent('');
    setNext('');
    if (error)
      return setMessage({
        text: error.status === 429 ? signInErrorText(error) : (error.message ?? 'The password was not changed.'),
        error: true,
      });
    setMessage({ text: 'Password changed. Your other sessions were signed out.' });
  }
  return (
    <section className="gen-panel staff-section" aria-labelledby="acc-password">
      <h2 id="acc-password" className="gen-panel-title">
        Change password
      </h2>
      <form onSubmit={submit} aria-label="Change password">
        <div className="gen-field">
          <label htmlFor="acc-current">Current password</label>
          <input
            id="acc-current"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </div>
        <div className="gen-field">
          <label htmlFor="acc-next">New password</label>
          <input
            id="acc-next"
            type="password"
            autoComplete="new-password"
            minLength={10}
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={!current || next.length < 10}>
          Change password
        </button>
      </form>
      <Message text={message?.text} error={message?.error} />
    </section>
  );
}

function Sessions() {
  const [sessions, setSessions] = useState<SessionSummary[]>([]);
  const load = useCallback(async () => setSessions((await staffFetch<{ sessions: SessionSummary[] }>('sessions')).sessions), []);
  useEffect(() => void load().catch(() => undefined), [load]);

  async function end(which: { id: string } | { all: true }, current: boolean) {
    await staffFetch('sessions/end', which);
    if (current || 'all' in which)
      await authClient()
        .signOut()
        .catch(() => undefined);
    if (current || 'all' in which) window.location.assign('/generator');
    else await load();
  }

  return (
    <section className="gen-panel staff-section" aria-labelledby="acc-sessions">
      <h2 id="acc-sessions" className="gen-panel-title">
        Sessions
      </h2>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">Signed in</th>
              <th scope="col">From</th>
              <th scope="col">Browser</th>
              <th scope="col">Second factor</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.id}>
                <td>
                  {new Date(s.createdAt).toLocaleString()}
                  {s.current ? ' (this one)' : ''}
                </td>
                <td>{s.address ?? '-'}</td>
                <td>{(s.userAgent ?? '-').slice(0, 60)}</td>
                <td>{s.aal === 'aal2' ? 'yes' : 'no'}</td>
                <td>
                  <button type="button" className="staff-link" onClick={() => void end({ id: s.id }, s.current)}>
                    Sign out
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" className="btn btn-ghost" onClick={() => void end({ all: true }, true)}>
        Sign out everywhere
      </button>
    </section>
  );
}

function ApiKeys() {
  const [keys, setKeys] = useState<KeySummary[]>([]);
  const [name, setName] = useState('ci');
  const [days, setDays] = useState('90');
  const [created, setCreated] = useState<CreatedKey>();
  const [error, setError] = useState<string>();
  const load = useCallback(async () => setKeys((await staffFetch<{ keys: KeySummary[] }>('keys')).keys), []);
  useEffect(() => void load().catch(() => undefined), [load]);

  async function create(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    try {
      const { key } = await staffFetch<{ key: CreatedKey }>('keys', { name, ...(Number(days) > 0 ? { expiresInDays: Number(days) } : {}) });
      setCreated(key);
      await load();
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  async function revoke(id: string) {
    await staffFetch('keys/revoke', { id });
    await load();
  }

  return (
    <section className="gen-panel staff-section" aria-labelledby="acc-keys">
      <h2 id="acc-keys" className="gen-panel-title">
        API keys
      </h2>
      <p>For scripts and CI: send the key in the x-api-key header. It acts as you.</p>
      <ul aria-label="Your API keys">
        {keys.map((k) => (
          <li key={k.id} className="staff-row">
            <span>
              {k.name ?? 'key'} ({k.start}…, {k.expiresAt ? `expires ${new Date(k.expiresAt).toLocaleDateString()}` : 'never expires'})
            </span>
            <button type="button" className="staff-link" onClick={() => void revoke(k.id)}>
              Revoke
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={create} aria-label="Create API key">
        <div className="gen-field">
          <label htmlFor="acc-key-name">Key name</label>
          <input id="acc-key-name" maxLength={32} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="gen-field">
          <label htmlFor="acc-key-days">Expires after (days, 0 for never)</label>
          <input id="acc-key-days" type="number" min={0} max={3650} value={days} onChange={(e) => setDays(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={!name.trim()}>
          Create API key
        </button>
      </form>
      {created && (
        <div className="staff-section">
          <p>Copy the key now: it is shown only once.</p>
          <p>
            New API key: <code className="staff-secret">{created.key}</code>
          </p>
        </div>
      )}
      <Message text={error} error />
    </section>
  );
}

export default function Account() {
  return (
    <StaffOnly>
      {(user, refresh) => (
        <div className="staff-wide staff-section">
          <p>
            Signed in as {user.email} ({user.role}){user.aal === 'aal2' ? ', with a second factor' : ''}.
          </p>
          <Authenticator user={user} refresh={refresh} />
          <Passkeys />
          <Password />
          <Sessions />
          <ApiKeys />
        </div>
      )}
    </StaffOnly>
  );
}
