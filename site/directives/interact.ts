import type { ClientDirective } from 'astro';

/**
 * `client:interact`: hydrate an island when the shopper reaches for it (pointer over or down, focus,
 * click), else once it comes near the viewport, when the browser is idle, one island per idle period
 * so no single task grows long. Islands far below the fold (a grid's cards) stay plain HTML until the
 * shopper scrolls towards them, so a page load runs one hydration, not one per card
 * (docs/behaviour/storefront.md). A click that lands before hydration is not lost: it is replayed on
 * the same button once React has taken over.
 */

const WAKE_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'click'];
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

const interact: ClientDirective = (load, _options, el) => {
  let hydration: Promise<void> | undefined;
  const missed: HTMLButtonElement[] = [];

  const start = () =>
    (hydration ??= (async () => {
      observer.disconnect();
      delete el.dataset.hydrateWhen;
      await (await load())();
      for (const type of WAKE_EVENTS) el.removeEventListener(type, wake, true);
      // React's root now listens on the island, so a replayed click reaches its handler.
      for (const button of missed) if (button.isConnected && !button.disabled) button.click();
    })());

  function wake(event: Event): void {
    const button = event.type === 'click' && event.target instanceof Element ? event.target.closest('button') : null;
    if (button) missed.push(button);
    void start();
  }

  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      delete el.dataset.hydrateWhen;
      queue.push(start);
      schedule();
    },
    { rootMargin: NEAR_VIEWPORT },
  );

  // Marks the island as waiting for the viewport, so tests (and anyone inspecting) can tell it from one still loading.
  el.dataset.hydrateWhen = 'near-viewport';
  for (const type of WAKE_EVENTS) el.addEventListener(type, wake, { capture: true, passive: true });
  // An island's own element has no box (display: contents): observe what it renders.
  observer.observe(el.firstElementChild ?? el);
};

export default interact;
