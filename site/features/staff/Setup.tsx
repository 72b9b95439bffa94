import { useEffect, useState, type SubmitEvent } from 'react';
import { staffFetch } from './staff-fetch.ts';

/**
 * The one-time setup link `npm start` prints while no account exists: the token rides in the URL's
 * fragment (never sent to a server log or a referrer), goes to the server only in POST bodies, and
 * makes the first owner.
 */
export default function Setup() {
  const [token, setToken] = useState<string>();
  const [state, setState] = useState<'checking' | 'form' | 'invalid' | 'done'>('checking');
  const [fields, setFields] = useState({ name: '', email: '', password: '' });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const value = window.location.hash.slice(1);
    setToken(value);
    void staffFetch<{ valid: boolean }>('setup/check', { token: value })
      .then(({ valid }) => setState(valid ? 'form' : 'invalid'))
      .catch(() => setState('invalid'));
  }, []);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    void staffFetch('setup', { token, ...fields })
      .then(() => {
        history.replaceState(null, '', window.location.pathname); // the used token leaves the address bar
        setState('done');
      })
      .catch((failure: Error) => setError(failure.message))
      .finally(() => setBusy(false));
  }

  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  if (state === 'checking') return <p className="gen-panel staff-panel">Checking the link...</p>;
  if (state === 'invalid')
    return (
      <div className="gen-panel staff-panel" role="alert">
        <h2 className="gen-panel-title">This setup link does not work</h2>
        <p>It is used up, expired, or an account already exists. Restart npm start for a new link, or use tshirt-gen staff add.</p>
      </div>
    );
  if (state === 'done')
    return (
      <div className="gen-panel staff-panel" role="status">
        <h2 className="gen-panel-title">The owner account is ready</h2>
        <p>
          <a href="/generator">Sign in to the generator</a>, then add an authenticator app or a passkey on your account page.
        </p>
      </div>
    );
  return (
    <section className="gen-panel staff-panel" aria-labelledby="staff-setup-title">
      <h2 id="staff-setup-title" className="gen-panel-title">
        Create the owner account
      </h2>
      <form onSubmit={submit} aria-label="Create the owner account">
        <div className="gen-field">
          <label htmlFor="setup-name">Name</label>
          <input id="setup-name" autoComplete="name" value={fields.name} onChange={set('name')} />
        </div>
        <div className="gen-field">
          <label htmlFor="setup-email">Email</label>
          <input id="setup-email" type="email" autoComplete="username" required value={fields.email} onChange={set('email')} />
        </div>
        <div className="gen-field">
          <label htmlFor="setup-password">Password</label>
          <input
            id="setup-password"
            type="password"
            autoComplete="new-password"
            minLength={10}
            required
            value={fields.password}
            onChange={set('password')}
          />
        </div>
        {error && (
          <p className="staff-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          Create the owner
        </button>
      </form>
    </section>
  );
}
