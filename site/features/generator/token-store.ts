import { atom } from 'nanostores';

/**
 * The staff token for the generator API, kept for this tab only (sessionStorage): asked once,
 * gone when the tab closes, never in localStorage where other tabs and later visits would find it.
 */

const KEY = 'neural-threads-generator-token';

export const $generatorToken = atom<string | undefined>(undefined);

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage disabled by the browser's privacy settings
  }
}

export function loadGeneratorToken(): string | undefined {
  const token = storage()?.getItem(KEY) ?? undefined;
  $generatorToken.set(token || undefined);
  return token || undefined;
}

export function saveGeneratorToken(token: string): void {
  const trimmed = token.trim();
  $generatorToken.set(trimmed || undefined);
  try {
    if (trimmed) storage()?.setItem(KEY, trimmed);
    else storage()?.removeItem(KEY);
  } catch {
    // A full or blocked storage only means the token is asked for again on reload.
  }
}

export function forgetGeneratorToken(): void {
  saveGeneratorToken('');
}
