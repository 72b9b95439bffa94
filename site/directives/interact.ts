import type { ClientDirective } from 'astro';

/**
 * `client:interact`: hydrate an island when the shopper reaches for it (pointer over or down, focus,
 * click), else when the browser is idle after load, one island per idle period so no single task
 * grows long. A click that lands before hydration is not lost: it is replayed on the same button
 * once React has taken over.
 */

const WAKE_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'click'];

const queue: (() => Promise<void>)[] = [];
let draining = false;

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

const interact: ClientDirective = (load, _options, el) => {
  let hydration: Promise<void> | undefined;
  const missed: HTMLButtonElement[] = [];

  const start = () =>
    (hydration ??= (async () => {
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

  for (const type of WAKE_EVENTS) el.addEventListener(type, wake, { capture: true, passive: true });
  queue.push(start);
  if (draining) return;
  draining = true;
  if (document.readyState === 'complete') whenIdle(drain);
  else addEventListener('load', () => whenIdle(drain), { once: true });
};

export default interact;
