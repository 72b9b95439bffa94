import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { STAFF_MESSAGES } from '../../../shared/staff/browser.ts';
import { authClient } from './auth-client.ts';
import { signInErrorText } from './sign-in-errors.ts';

/**
 * The staff sign-in form (docs/behaviour/staff-accounts.md): email and password, then a "Verification code"
 * when the account has an authenticator app (a backup code works there too); or a passkey; or
 * "Forgot password", which mails a one-time link.
 */

type Step = 'password' | 'code' | 'forgot' | 'sent';

interface SignInFormProps {
  /** Shown above the form: why it is asking (e.g. the session ended elsewhere). */
  notice?: string | undefined;
  onSignedIn(): void;
}

export function SignInForm({ notice, onSignedIn }: SignInFormProps) {
  const [step, setStep] = useState<Step>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus the first field of each step
  useEffect(() => {
    first.current?.focus();
  }, [step]);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  }

  function submitPassword(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(STAFF_MESSAGES.missingCredentials);
      return;
    }
    void run(async () => {
      const { data, error: failure } = await authClient().signIn.email({ email: email.trim(), password });
      if (failure) return setError(signInErrorText(failure));
      setPassword('');
      if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) return setStep('code');
      onSignedIn();
    });
  }

  function submitCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.replace(/\s+/g, '');
    if (!value) return setError(STAFF_MESSAGES.wrongCode);
    void run(async () => {
      const client = authClient();
      // Six digits come from the app; anything else is one of the backup codes.
      const { error: failure } = /^\d{6}$/.test(value)
        ? await client.twoFactor.verifyTotp({ code: value })
        : await client.twoFactor.verifyBackupCode({ code: value });
      setCode('');
      if (failure) return setError(signInErrorText(failure));
      onSignedIn();
    });
  }

  function signInWithPasskey() {
    void run(async () => {
      const result = await authClient().signIn.passkey();
      if (result?.error) return setError(result.error.message ? signInErrorText(result.error) : 'The passkey was not accepted.');
      onSignedIn();
    });
  }

  function submitForgot(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) return setError('Enter the email of your staff account.');
    void run(async () => {
      const { error: failure } = await authClient().requestPasswordReset({ email: email.trim(), redirectTo: '/generator/reset-password' });
      if (failure?.status === 429) return setError(STAFF_MESSAGES.tooManyAttempts);
      setStep('sent');
    });
  }

  const message = error ? (
    <p className="staff-error" role="alert">
      {error}
    </p>
  ) : null;

  return (
    <section className="gen-panel staff-panel" aria-labelledby="staff-sign-in-title">
      <h2 id="staff-sign-in-title" className="gen-panel-title">
        Staff sign-in
      </h2>
      {notice && step === 'password' && <p className="staff-notice">{notice}</p>}

      {step === 'password' && (
        <form onSubmit={submitPassword} noValidate aria-label="Sign in">
          <div className="gen-field">
            <label htmlFor="staff-email">Email</label>
            <input
              ref={first}
              id="staff-email"
              type="email"
              autoComplete="username webauthn"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="gen-field">
            <label htmlFor="staff-password">Password</label>
            <input
              id="staff-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          {message}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            Sign in
          </button>
          <div className="staff-row">
            <button type="button" className="btn btn-ghost" onClick={signInWithPasskey} disabled={busy}>
              Sign in with a passkey
            </button>
            <button
              type="button"
              className="staff-link"
              onClick={() => {
                setError(undefined);
                setStep('forgot');
              }}
            >
              Forgot password
            </button>
          </div>
        </form>
      )}

      {step === 'code' && (
        <form onSubmit={submitCode} noValidate aria-label="Second factor">
          <p>Enter the 6-digit code from your authenticator app, or one of your backup codes.</p>
          <div className="gen-field">
            <label htmlFor="staff-code">Verification code</label>
            <input
              ref={first}
              id="staff-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
          {message}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            Verify
          </button>
        </form>
      )}

      {step === 'forgot' && (
        <form onSubmit={submitForgot} noValidate aria-label="Forgot password">
          <p>We will mail a link that lets you choose a new password. It works once, within an hour.</p>
          <div className="gen-field">
            <label htmlFor="staff-forgot-email">Email</label>
            <input
              ref={first}
              id="staff-forgot-email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          {message}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            Send the link
          </button>
          <button type="button" className="staff-link" onClick={() => setStep('password')}>
            Back to sign-in
          </button>
        </form>
      )}

      {step === 'sent' && (
        <div>
          <p role="status">{STAFF_MESSAGES.resetSent}</p>
          <button type="button" className="staff-link" onClick={() => setStep('password')}>
            Back to sign-in
          </button>
        </div>
      )}
    </section>
  );
}
