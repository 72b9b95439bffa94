import { useState, type SubmitEvent } from 'react';
import {
  DEFAULT_PRODUCT_COUNT,
  DEFAULT_THEME,
  MAX_GUIDELINES_CHARS,
  MAX_PRODUCT_COUNT,
  MAX_THEME_CHARS,
  MIN_PRODUCT_COUNT,
} from '../../../shared/limits/index.ts';
import type { GenerateSettings } from './workspace-store.ts';
import { productCountFrom } from './product-count.ts';
import { Spinner } from '../shell/spinner.tsx';
import { SparklesIcon } from './icons.tsx';

/** The settings card (docs/behaviour/generator.md): count, theme, brand guidelines, and the full-width generate button. */

interface SettingsCardProps {
  running: boolean;
  /** Something else keeps the button off (publishing in progress, access being checked). */
  blocked: boolean;
  progress: string;
  onGenerate(settings: GenerateSettings): void;
}

export function SettingsCard({ running, blocked, progress, onGenerate }: SettingsCardProps) {
  const [countText, setCountText] = useState(String(DEFAULT_PRODUCT_COUNT));
  const [theme, setTheme] = useState(DEFAULT_THEME);
  const [guidelines, setGuidelines] = useState('');
  const count = productCountFrom(countText);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (count < MIN_PRODUCT_COUNT || running || blocked) return;
    onGenerate({ count, theme: theme.trim() || DEFAULT_THEME, guidelines });
  }

  return (
    <form className="gen-panel gen-settings" onSubmit={submit} aria-labelledby="gen-settings-title">
      <h2 id="gen-settings-title" className="gen-panel-title">
        Settings
      </h2>
      <div className="gen-settings-row">
        <div className="gen-field gen-field-count">
          <label htmlFor="gen-count">Number of Products</label>
          <input
            id="gen-count"
            name="count"
            type="number"
            inputMode="numeric"
            min={MIN_PRODUCT_COUNT}
            max={MAX_PRODUCT_COUNT}
            step={1}
            value={countText}
            disabled={running}
            aria-describedby="gen-count-hint"
            onChange={(event) => setCountText(event.target.value)}
          />
          <p id="gen-count-hint" className="gen-hint">
            {MIN_PRODUCT_COUNT} to {MAX_PRODUCT_COUNT}
          </p>
        </div>
        <div className="gen-field gen-field-theme">
          <label htmlFor="gen-theme">Theme/Category</label>
          <input
            id="gen-theme"
            name="theme"
            type="text"
            maxLength={MAX_THEME_CHARS}
            value={theme}
            disabled={running}
            onChange={(event) => setTheme(event.target.value)}
          />
        </div>
      </div>
      <div className="gen-field">
        <label htmlFor="gen-guidelines">
          Brand Guidelines <span className="gen-optional">(optional)</span>
        </label>
        <textarea
          id="gen-guidelines"
          name="guidelines"
          rows={3}
          maxLength={MAX_GUIDELINES_CHARS}
          value={guidelines}
          disabled={running}
          placeholder="Tone, words to avoid, audience, keywords… e.g. “Keep it wholesome. Avoid coffee jokes. Audience: dentists.”"
          onChange={(event) => setGuidelines(event.target.value)}
        />
      </div>
      <button
        type="submit"
        className="btn btn-primary btn-large btn-block gen-generate"
        disabled={count < MIN_PRODUCT_COUNT || running || blocked}
        aria-busy={running}
      >
        {running ? <Spinner /> : <SparklesIcon />}
        <span>{running ? progress || 'Starting...' : `Generate ${count} Products`}</span>
      </button>
    </form>
  );
}
