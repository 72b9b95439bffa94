import type { ClientDirective } from 'astro';
import { CART_STORAGE_KEY } from '../../shared/cart/index.ts';
import { STALE_EVENT } from './stale.ts';

/**
 * `client:interact`: an island's code runs only once the shopper uses the page. Until then the page
 * is the server's HTML and runs no island code at all, so a shopper who only reads and scrolls pays
 * for no React (docs/behaviour/storefront.md, "When islands hydrate").
 *
 * - An island hydrates at once when the shopper reaches for one of its enabled buttons (pointer
 *   over or down on it, focus on it, a click). Only a button counts: an island may wrap other
 *   content (the grid's Add to Cart island wraps the cards), and the pointer crossing a card or a
 *   price is not the shopper using it. A click that lands before hydration is not lost: it is
 *   replayed on the same button once React has taken over.
 * - The page wakes on the shopper's first press, key or focus anywhere, or when any island starts
 *   hydrating. From then on the islands near the viewport hydrate when the browser is idle, one per
 *   idle period so no single task grows long, and islands far below the fold wait until the shopper
 *   scrolls towards them.
 * - `client:interact="stale"`: for islands whose server HTML may be out of date (the product page's
 *   purchase island): near the viewport, they also hydrate at idle once the page says that HTML
 *   is stale (a `storefront:stale` event, sent after the first frame, when every island is waiting:
 *   a `?variant=` in the URL, or a fresher price or availability than the build's).
 * - `client:interact="cart"`: for the header's cart button, drawn by the server with an empty cart:
 *   near the viewport it hydrates after the load when the stored cart holds items (read then, not
 *   while the page is parsed), and at once when another tab changes the cart.
 */

export type InteractMode = 'stale' | 'cart';

const WAKE_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'click'];
/** What wakes the whole page: the shopper has started using it, not merely looking at it. */
const PAGE_WAKE_EVENTS = ['pointerdown', 'keydown', 'focusin'];
/** How far outside the viewport an island starts hydrating: about one screen ahead of a scroll. */
const NEAR_VIEWPORT = '100% 0px';

const queue: (() => Promise<void>)[] = [];
let draining = false;
let pageLoaded = document.readyState === 'complete';
if (!pageLoaded) {
  addEventListener(
    'load',
    () => {
      pageLoaded = true;
      schedule();
    },
    { once: true },
  );
}

let awake = false;
/** Islands that start watching the viewport once the page wakes. */
const sleepers: (() => void)[] = [];

function wakePage(): void {
  if (awake) return;
  awake = true;
  for (const type of PAGE_WAKE_EVENTS) removeEventListener(type, wakePage, true);
  for (const watch of sleepers.splice(0)) watch();
}
for (const type of PAGE_WAKE_EVENTS) addEventListener(type, wakePage, { capture: true, passive: true });

function whenIdle(callback: () => void): void {
  // At most a few seconds per island, so a busy page still hydrates; Safari has no idle callback.
  if ('requestIdleCallback' in window) requestIdleCallback(callback, { timeout: 3000 });
  else setTimeout(callback, 200);
}

function drain(): void {
  const next = queue.shift();
  if (next) void next().finally(() => whenIdle(drain));
  else draining = false;
}

function schedule(): void {
  if (draining || !pageLoaded || queue.length === 0) return;
  draining = true;
  whenIdle(drain);
}

/**
 * Whether the stored cart holds a line, read without the cart's code: a quick look at the raw value.
 * Anything unreadable (no storage, a corrupted value) counts as empty, which is also how the cart
 * island itself decodes it.
 */
function storedCartHasItems(): boolean {
  try {
    // No stored cart (null) parses as null: JSON.parse reads its argument as a string.
    const stored: unknown = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) as string);
    const items = (stored as { items?: unknown } | null)?.items;
    return Array.isArray(items) && items.length > 0;
  } catch {
    return false;
  }
}

const interact: ClientDirective = (load, options, el) => {
  const mode: unknown = options.value;
  let hydration: Promise<void> | undefined;
  const missed: HTMLButtonElement[] = [];

  const start = () =>
    (hydration ??= (async () => {
      observer.disconnect();
      delete el.dataset.hydrateWhen;
      wakePage();
      await (await load())();
      for (const type of WAKE_EVENTS) el.removeEventListener(type, wake, true);
      // React's root now listens on the island, so a replayed click reaches its handler. One per task:
      // React draws what a click changed before the next lands (an option, then Add to Cart).
      for (const button of missed) {
        if (button.isConnected && !button.disabled) button.click();
        await new Promise((next) => setTimeout(next));
      }
    })());

  function wake(event: Event): void {
    const button = (event.target as Element).closest?.<HTMLButtonElement>('button:enabled');
    if (!button) return;
    if (event.type === 'click') missed.push(button);
    void start();
  }

  const observer = new IntersectionObserver(
    (entries) => {
      if (hydration || !entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      delete el.dataset.hydrateWhen;
      queue.push(start);
      schedule();
    },
    { rootMargin: NEAR_VIEWPORT },
  );

  // The marker tells tests (and anyone inspecting) a waiting island from one still loading.
  // Called again (the page wakes, then the HTML turns stale) it changes nothing: an observer ignores a second observe.
  function watchViewport(): void {
    if (hydration) return;
    el.dataset.hydrateWhen = 'near-viewport';
    // An island's own element has no box (display: contents): observe what it renders.
    observer.observe(el.firstElementChild ?? el);
  }

  for (const type of WAKE_EVENTS) el.addEventListener(type, wake, { capture: true, passive: true });
  if (mode === 'cart') {
    addEventListener('storage', (event) => {
      if (event.key === CART_STORAGE_KEY) void start();
    });
    // The stored cart is read after the load, at idle like a hydration: a page's first read of
    // localStorage is a synchronous call to the browser process, which would stall the parse.
    queue.push(async () => {
      if (storedCartHasItems()) watchViewport();
    });
  }
  if (mode === 'stale') addEventListener(STALE_EVENT, watchViewport, { once: true });
  if (awake) {
    watchViewport();
  } else {
    el.dataset.hydrateWhen = 'interaction';
    sleepers.push(watchViewport);
  }
};

export default interact;
