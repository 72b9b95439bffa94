import { useEffect, useState } from 'react';

/** How often a published product's page is asked for until it answers, and for how long at most. */
export const PAGE_LIVE_POLL_MS = 3_000;
export const PAGE_LIVE_GIVE_UP_MS = 15 * 60_000;

/**
 * Whether a page of the storefront answers yet. A product published from the workspace gets its
 * page only when the rebuild that includes it has landed (or the hosting platform has deployed);
 * until then the card says the product is going live. Asks with HEAD, so nothing is downloaded,
 * and stops once the page answers, the card goes away, or after a quarter of an hour.
 */
export function usePageLive(url: string | undefined): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!url) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const ask = async () => {
      try {
        const answer = await fetch(url, { method: 'HEAD', cache: 'no-store', credentials: 'omit' });
        if (answer.ok) {
          if (!stopped) setLive(true);
          return;
        }
      } catch {
        // Offline or the server restarting: ask again.
      }
      if (!stopped && Date.now() - started < PAGE_LIVE_GIVE_UP_MS) timer = setTimeout(ask, PAGE_LIVE_POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [url]);
  return live;
}
