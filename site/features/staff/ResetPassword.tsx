import { useState, type SubmitEvent } from 'react';
import { authClient } from './auth-client.ts';

/** The page behind a recovery (or welcome) link: choose a new password; every session of the account ends. */
export default function ResetPassword() {
  const [password, setPassword] = useState('');
  const [state, setState] = useState<{ kind: 'form' | 'done' } | { kind: 'error'; message: string }>({ kind: 'form' });
  const [busy, setBusy] = useState(false);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams(window.location.search);
    const token = params.get('token');
    if (params.get('error') || !token) {
      setState({ kind: 'error', message: 'This link is used up or expired. Ask for a new one with "Forgot password".' });
      return;
    }
    setBusy(true);
    void authClient()
      .resetPassword({ newPassword: password, token })
      .then(({ error }) => {
        if (error)
          setState({
            kind: 'error',
            message:
              error.status === 400 && /short|long/i.test(error.message ?? '')
                ? error.message!
                : 'This link is used up or expired. Ask for a new one with "Forgot password".',
          });
        else setState({ kind: 'done' });
      })
      .finally(() => setBusy(false));
  }

  if (state.kind === 'done')
    return (
      <div className="gen-panel staff-panel" role="status">
        <h2 className="gen-panel-title">Password changed</h2>
        <p>
          Your new password is set. <a href="/generator">Sign in</a>
        </p>
      </div>
    );
  return (
    <section className="gen-panel staff-panel" aria-labelledby="staff-reset-title">
      <h2 id="staff-reset-title" className="gen-panel-title">
        Choose a new password
      </h2>
      <form onSubmit={submit} aria-label="Reset password">
        <div className="gen-field">
          <label htmlFor="staff-new-password">New password</label>
          <input
            id="staff-new-password"
            type="password"
            autoComplete="new-password"
            minLength={10}
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {state.kind === 'error' && (
          <p className="staff-error" role="alert">
            {state.message}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || password.length < 10}>
          Set the password
        </button>
      </form>
    </section>
  );
}
