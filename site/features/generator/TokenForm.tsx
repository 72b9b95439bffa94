import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { LockIcon } from './icons.tsx';

/** Asks for the staff token (once per tab; again when the server refuses it). */

interface TokenFormProps {
  /** Why it is asking: no token yet (false), or the last one was refused (true). */
  refused: boolean;
  onSubmit(token: string): void;
}

const ASK = 'Enter the staff token to use the generator.';
const REFUSED = 'That token was not accepted. Check it and enter it again.';

export function TokenForm({ refused, onSubmit }: TokenFormProps) {
  const [token, setToken] = useState('');
  const input = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again each time the server refuses a token
  useEffect(() => {
    input.current?.focus();
  }, [refused]);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (token.trim()) onSubmit(token);
  }

  return (
    <form className="gen-panel gen-token" onSubmit={submit} aria-labelledby="gen-token-title">
      <div className="gen-token-icon">
        <LockIcon />
      </div>
      <h2 id="gen-token-title" className="gen-panel-title">
        Staff access
      </h2>
      <p className={refused ? 'gen-token-message gen-token-refused' : 'gen-token-message'} role={refused ? 'alert' : undefined}>
        {refused ? REFUSED : ASK}
      </p>
      <div className="gen-field">
        <label htmlFor="gen-token-input">Staff token</label>
        <input
          ref={input}
          id="gen-token-input"
          name="token"
          type="password"
          autoComplete="current-password"
          spellCheck={false}
          required
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={!token.trim()}>
        Unlock the generator
      </button>
      <p className="gen-hint">Kept in this browser tab only: closing the tab forgets it.</p>
    </form>
  );
}
