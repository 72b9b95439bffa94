import { useEffect, useState } from 'react';

/** How often a published product's page is asked about until it answers, and for how long at most. */
export const PAGE_LIVE_POLL_MS = 3_000;
export const PAGE_LIVE_GIVE_UP_MS = 15 * 60_000;

/**
 * Whether a published product's page answers on the storefront yet. Its page exists only once the
 * rebuild that includes it has landed (or the hosting platform has deployed); until then the card
 * says the product is going live. `check` (a stable callback) asks the server, which asks the site, every few seconds,
 * until the page answers, the card goes away, or a quarter of an hour has passed.
 */
export function usePageLive(check: (signal: AbortSignal) => Promise<boolean>): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => {
    const stop = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const ask = async () => {
      try {
        if (await check(stop.signal)) {
          if (!stop.signal.aborted) setLive(true);
          return;
        }
      } catch {
        // Offline, signed out or the server restarting: ask again.
      }
      if (!stop.signal.aborted && Date.now() - started < PAGE_LIVE_GIVE_UP_MS) timer = setTimeout(ask, PAGE_LIVE_POLL_MS);
    };
    void ask();
    return () => {
      stop.abort();
      clearTimeout(timer);
    };
  }, [check]);
  return live;
}
