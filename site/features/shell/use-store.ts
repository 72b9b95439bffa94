import { useCallback, useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

/**
 * A store's current value in an island, re-rendering on change. React's useSyncExternalStore is all
 * our islands need; @nanostores/react adds key-path listening we never use (0.4 KB gzip on every page).
 * `ssr` is the value the server rendered with, so hydration matches before the real value shows.
 */
export function useStore<T>(store: ReadableAtom<T>, { ssr }: { ssr?: () => T } = {}): T {
  const subscribe = useCallback((onChange: () => void) => store.listen(onChange), [store]);
  const current = () => store.get();
  return useSyncExternalStore(subscribe, current, ssr ?? current);
}
